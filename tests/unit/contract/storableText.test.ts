import { describe, expect, it } from "vitest";
import { isStorableText, unstorableTextPath } from "../../../src/contract/storableText.ts";
import { DATE_RANGE, dateText } from "../../../src/contract/validation.ts";

describe("isStorableText", () => {
  it.each<[string, string, boolean]>([
    ["plain text", "東京都渋谷区 1-2-3", true],
    ["an emoji (a surrogate pair)", "🍣 sushi", true],
    ["tab, new line and other control characters PostgreSQL stores", "a\tb\nc\u0001", true],
    ["U+0000", "a\u0000b", false],
    ["a high surrogate alone", "a\ud83cb", false],
    ["a high surrogate at the end", "a\ud83c", false],
    ["a low surrogate alone", "\udf63a", false],
    ["a pair in the wrong order", "\udf63\ud83c", false],
  ])("%s: %s", (_name, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });
});

describe("unstorableTextPath", () => {
  it("names the first unstorable string as zod names fields", () => {
    const value = { search: { q: "ok", items: ["fine", { name: "x\u0000" }] }, other: "\ud800" };
    expect(unstorableTextPath(value)).toBe("search.items.1.name");
  });

  it("checks object keys too", () => {
    expect(unstorableTextPath({ format: { "col\u0000": 1 } })).toBe("format.col\u0000");
  });

  it('answers null for storable values of every JSON type, and "" for the value itself', () => {
    expect(unstorableTextPath({ a: [1, true, null, "🍣"], b: { c: "x" } })).toBeNull();
    expect(unstorableTextPath("\u0000")).toBe("");
  });
});

describe("dateText", () => {
  it("takes the dates of DATE_RANGE, its ends included, and refuses the days beyond", () => {
    const date = dateText(false);
    expect(date.safeParse(DATE_RANGE.min).success).toBe(true);
    expect(date.safeParse(DATE_RANGE.max).success).toBe(true);
    expect(date.safeParse("1899-12-31").success).toBe(false);
    expect(date.safeParse("0000-01-01").success).toBe(false);
    expect(date.safeParse("").success).toBe(false);
    expect(dateText(true).safeParse("").success).toBe(true);
  });

  it("reports a malformed date once, by its format", () => {
    const issues = dateText(true).safeParse("0000-13-01").error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(["validation.dateFormat"]);
  });
});
