import { describe, expect, it } from "vitest";
import { eventResourcesEn } from "../../../src/app/i18n/eventResourcesEn.ts";
import { eventResourcesJa } from "../../../src/app/i18n/eventResourcesJa.ts";
import { detectLang } from "../../../src/app/i18n/i18n.ts";
import {
  FEATURE_GROUPS,
  loadCoreResources,
  loadFeatureResources,
  loadResources,
  type Namespace,
} from "../../../src/app/i18n/resources.ts";
import { resourcesEn } from "../../../src/app/i18n/resourcesEn.ts";
import { resourcesJa } from "../../../src/app/i18n/resourcesJa.ts";
import { MENU, type MenuItem } from "../../../src/contract/menu.ts";

// The core namespaces and every feature group's, each language's chunks together.
const resources = {
  ja: (await loadResources("ja")) as Record<Namespace, unknown> & typeof resourcesJa,
  en: (await loadResources("en")) as Record<Namespace, unknown> & typeof resourcesEn,
};
const NAMESPACES = Object.keys(resources.en) as Namespace[];

/** Every leaf key of a nested JSON object, dotted. */
const keysOf = (value: unknown, prefix = ""): string[] =>
  value !== null && typeof value === "object"
    ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key))
    : [prefix];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)(?:, \w+)?\}/g)].map((m) => m[1]).sort();

/** i18next's plural suffixes: English writes a count's text as key_one and key_other. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The key a Japanese text has for an English key: a plural form's bare key (Japanese has one form). */
const japaneseKey = (englishKey: string) => englishKey.replace(PLURAL, "");

const textAt = (lang: "ja" | "en", ns: Namespace, key: string): string =>
  String(
    key
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources[lang][ns]),
  );

describe("i18n resources", () => {
  it.each(NAMESPACES)("namespace %s has exactly the same keys in Japanese and English", (ns) => {
    const english = keysOf(resources.en[ns]);
    expect(keysOf(resources.ja[ns]).sort()).toEqual([...new Set(english.map(japaneseKey))].sort());
    // An English count has both forms, and only these two (its texts are for people, not code).
    for (const key of english.filter((key) => PLURAL.test(key))) {
      expect(key, `${ns}:${key}`).toMatch(/_(one|other)$/);
      expect(english, `${ns}:${key}`).toContain(`${japaneseKey(key)}_one`);
      expect(english, `${ns}:${key}`).toContain(`${japaneseKey(key)}_other`);
    }
    expect(keysOf(resources.ja[ns]).filter((key) => PLURAL.test(key))).toEqual([]);
  });

  it.each(NAMESPACES)("namespace %s uses the same single-brace placeholders in both languages", (ns) => {
    for (const key of keysOf(resources.en[ns])) {
      const english = textAt("en", ns, key);
      expect(placeholders(textAt("ja", ns, japaneseKey(key))), `${ns}:${key}`).toEqual(placeholders(english));
      expect(english, `${ns}:${key}`).not.toMatch(/\{\{/);
      // A plural form counts with {count}, as i18next chooses the form by it.
      if (PLURAL.test(key)) expect(placeholders(english), `${ns}:${key}`).toContain("count");
    }
  });

  it("labels every menu entry in both languages", () => {
    const ids = (items: readonly MenuItem[]): string[] =>
      items.flatMap((item) => [item.menuId, ...ids(item.children ?? [])]);
    for (const id of ids(MENU)) {
      expect(resources.en.menu).toHaveProperty(id);
      expect(resources.ja.menu).toHaveProperty(id);
    }
  });
});

describe("loading the namespaces", () => {
  it("loads each language's namespaces on their own: the core for every page, each feature group's apart", async () => {
    expect(await loadCoreResources("en")).toBe(resourcesEn);
    expect(await loadCoreResources("ja")).toBe(resourcesJa);
    expect(await loadFeatureResources("event", "en")).toBe(eventResourcesEn);
    expect(await loadFeatureResources("event", "ja")).toBe(eventResourcesJa);
    expect(Object.keys(resourcesEn).some((ns) => ns.startsWith("event"))).toBe(false);
    // No namespace belongs to two groups, nor to a group and the core.
    const groupNamespaces = await Promise.all(
      FEATURE_GROUPS.map(async (group) => Object.keys(await loadFeatureResources(group, "en"))),
    );
    const all = [...Object.keys(resourcesEn), ...groupNamespaces.flat()];
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(await loadResources("ja")).sort()).toEqual([...NAMESPACES].sort());
  });
});

describe("detectLang (spec section 1)", () => {
  it("is Japanese for ja browsers and English otherwise", () => {
    expect(detectLang("ja")).toBe("ja");
    expect(detectLang("ja-JP")).toBe("ja");
    expect(detectLang("en-US")).toBe("en");
    expect(detectLang("fr")).toBe("en");
  });
});
