import { describe, expect, it } from "vitest";
import { KeywordMatcher } from "../../../src/server/lists/keywordMatcher.ts";
import { normalizeKeywordText } from "../../../src/server/screening/normalize.ts";

const fold = (text: string) => normalizeKeywordText(text) ?? "";
const rows = (categoryId: string, keywords: string[]) =>
  keywords.map((keyword) => ({ category_id: categoryId, keyword }));

describe("KeywordMatcher (the engine's in-memory keyword matching)", () => {
  const matcher = new KeywordMatcher([
    ...rows("ITEM", ["ギフトカード", "Gift Card", "券", "100%_off", "   "]),
    ...rows("ADDR", ["私書箱"]),
  ]);

  it("finds a keyword anywhere in the text, folded as the texts are, and tells a prefix", () => {
    expect(matcher.match("ITEM", fold("Amazon ギフトカード 5000円"))).toEqual({
      contains: true,
      prefix: false,
    });
    expect(matcher.match("ITEM", fold("ｷﾞﾌﾄｶｰﾄﾞ"))).toEqual({ contains: true, prefix: true });
    expect(matcher.match("ITEM", fold("GIFT   card set"))).toEqual({ contains: true, prefix: true });
    // A one-character keyword.
    expect(matcher.match("ITEM", fold("商品券"))).toEqual({ contains: true, prefix: false });
    expect(matcher.match("ITEM", fold("ボールペン"))).toEqual({ contains: false, prefix: false });
  });

  it("takes % and _ literally, ignores a keyword of spaces, and keeps categories apart", () => {
    expect(matcher.match("ITEM", fold("sale 100%_off now"))).toEqual({ contains: true, prefix: false });
    expect(matcher.match("ITEM", fold("sale 100x off now"))).toEqual({ contains: false, prefix: false });
    expect(matcher.match("ADDR", fold("ギフトカード"))).toEqual({ contains: false, prefix: false });
    expect(matcher.match("ADDR", fold("東京都 私書箱 12"))).toEqual({ contains: true, prefix: false });
    expect(matcher.match("NONE", fold("私書箱"))).toEqual({ contains: false, prefix: false });
  });

  it("a rebuild with the earlier folds matches the added keyword and no longer the removed one", () => {
    const rebuilt = new KeywordMatcher(
      [...rows("ITEM", ["Gift Card", "電子マネー"]), ...rows("ADDR", ["私書箱"])],
      matcher.folds,
    );
    expect(rebuilt.match("ITEM", fold("電子マネー 1万円分")).contains).toBe(true);
    expect(rebuilt.match("ITEM", fold("ギフトカード")).contains).toBe(false);
    expect(rebuilt.match("ITEM", fold("gift card")).prefix).toBe(true);
  });

  it("agrees with a plain scan over many keywords", () => {
    const keywords = Array.from({ length: 2_000 }, (_, i) => `kw${(i * 7919) % 10_007}x`);
    const many = new KeywordMatcher(rows("C", keywords));
    for (let i = 0; i < 300; i++) {
      const text = fold(`注文 kw${i * 37}x と kw${i}y`);
      const expected = keywords.some((keyword) => text.includes(fold(keyword)));
      expect(many.match("C", text).contains).toBe(expected);
    }
  });
});
