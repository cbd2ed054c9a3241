import { describe, expect, it } from "vitest";
import { eventResourcesEn } from "../../../src/app/i18n/eventResourcesEn.ts";
import { eventResourcesJa } from "../../../src/app/i18n/eventResourcesJa.ts";
import { detectLang } from "../../../src/app/i18n/i18n.ts";
import {
  loadCoreResources,
  loadEventResources,
  loadResources,
  type Namespace,
} from "../../../src/app/i18n/resources.ts";
import { resourcesEn } from "../../../src/app/i18n/resourcesEn.ts";
import { resourcesJa } from "../../../src/app/i18n/resourcesJa.ts";
import { MENU, type MenuItem } from "../../../src/contract/menu.ts";

// The core namespaces and the event screens' ones, each language's two chunks together.
const resources = {
  ja: { ...resourcesJa, ...eventResourcesJa },
  en: { ...resourcesEn, ...eventResourcesEn },
};
const NAMESPACES = Object.keys(resources.en) as Namespace[];

/** Every leaf key of a nested JSON object, dotted. */
const keysOf = (value: unknown, prefix = ""): string[] =>
  value !== null && typeof value === "object"
    ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key))
    : [prefix];

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("i18n resources", () => {
  it.each(NAMESPACES)("namespace %s has exactly the same keys in Japanese and English", (ns) => {
    expect(keysOf(resources.ja[ns]).sort()).toEqual(keysOf(resources.en[ns]).sort());
  });

  it.each(NAMESPACES)("namespace %s uses the same single-brace placeholders in both languages", (ns) => {
    for (const key of keysOf(resources.en[ns])) {
      const read = (lang: "ja" | "en") =>
        key
          .split(".")
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resources[lang][ns]);
      expect(placeholders(String(read("ja"))), `${ns}:${key}`).toEqual(placeholders(String(read("en"))));
      expect(String(read("en")), `${ns}:${key}`).not.toMatch(/\{\{/);
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
  it("loads each language's namespaces on their own: the core for every page, the event screens' apart", async () => {
    expect(await loadCoreResources("en")).toBe(resourcesEn);
    expect(await loadCoreResources("ja")).toBe(resourcesJa);
    expect(await loadEventResources("en")).toBe(eventResourcesEn);
    expect(await loadEventResources("ja")).toBe(eventResourcesJa);
    expect(Object.keys(resourcesEn).some((ns) => ns.startsWith("event"))).toBe(false);
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
