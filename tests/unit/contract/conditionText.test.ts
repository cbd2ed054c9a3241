import { describe, expect, it } from "vitest";
import { conditionText } from "../../../src/contract/conditionText.ts";
import { EVENT_FIELD_LABELS } from "../../../src/contract/eventFields.ts";
import type { Condition, ConditionKind } from "../../../src/contract/rules.ts";

/** One condition of every kind with its text in English and Japanese. */
const CASES: { condition: Condition; en: string; ja: string }[] = [
  {
    condition: { kind: "amount", field: "amount", op: "gt", value: 100_000 },
    en: "amount > 100,000",
    ja: "金額 > 100,000",
  },
  {
    condition: { kind: "amount", field: "totalAmount", op: "gte", value: 300_000 },
    en: "total amount >= 300,000",
    ja: "合計金額 >= 300,000",
  },
  {
    condition: { kind: "itemPrice", op: "lte", value: 50 },
    en: "order item price <= 50",
    ja: "商品単価 <= 50",
  },
  {
    condition: { kind: "itemQuantity", op: "ne", value: 1 },
    en: "order item quantity ≠ 1",
    ja: "商品数量 ≠ 1",
  },
  {
    condition: { kind: "itemCategory", values: ["game", "gift card"] },
    en: "order item category is one of: game, gift card",
    ja: "商品カテゴリーが次のいずれか: game, gift card",
  },
  {
    condition: { kind: "itemName", match: "prefix", value: "iPhone" },
    en: 'order item name starts with "iPhone"',
    ja: "商品名が「iPhone」で始まる",
  },
  {
    condition: { kind: "itemName", match: "contains", value: "ギフト券" },
    en: 'order item name contains "ギフト券"',
    ja: "商品名に「ギフト券」を含む",
  },
  {
    condition: { kind: "negativeHit", party: "purchaser", item: "tel" },
    en: "negative hit: purchaser tel",
    ja: "ネガティブ該当: 購入者 電話番号",
  },
  {
    condition: { kind: "negativeHit", party: "shipping", item: "cchash" },
    en: "negative hit: shipping card hash",
    ja: "ネガティブ該当: 配送先 カードハッシュ",
  },
  {
    condition: { kind: "keywordHit", categoryId: "KW1", target: "itemName", match: "prefix" },
    en: 'keyword hit: item name starts with a keyword of "換金性商品"',
    ja: "キーワード該当: 商品名が「換金性商品」のキーワードで始まる",
  },
  {
    condition: {
      kind: "velocity",
      key: "cchash",
      measure: "count",
      window: { value: 24, unit: "hours" },
      op: "gte",
      value: 3,
    },
    en: "velocity: count of events sharing card hash within 24 hours >= 3",
    ja: "ベロシティ: カードハッシュが同じイベントの件数（24時間以内） >= 3",
  },
  {
    condition: {
      kind: "velocity",
      key: "mail",
      measure: "amount",
      window: { value: 1, unit: "days" },
      op: "gt",
      value: 1_000_000,
    },
    en: "velocity: sum of amounts of events sharing e-mail within 1 day > 1,000,000",
    ja: "ベロシティ: メールアドレスが同じイベントの金額の合計（1日以内） > 1,000,000",
  },
  {
    condition: { kind: "addressMismatch" },
    en: "purchaser and shipping addresses differ",
    ja: "購入者と配送先の住所が異なる",
  },
  {
    condition: { kind: "foreignIp" },
    en: "IP address country outside Japan",
    ja: "IPアドレスの国が日本以外",
  },
  {
    condition: { kind: "hourOfDay", from: 22, to: 5 },
    en: "hour of day (JST) from 22:00 to 5:59",
    ja: "時間帯（日本時間） 22:00〜5:59",
  },
  { condition: { kind: "firstTimeCustomer" }, en: "first-time customer", ja: "初回購入の顧客" },
];

const ALL_KINDS: Record<ConditionKind, true> = {
  amount: true,
  itemPrice: true,
  itemQuantity: true,
  itemCategory: true,
  itemName: true,
  negativeHit: true,
  keywordHit: true,
  velocity: true,
  addressMismatch: true,
  foreignIp: true,
  hourOfDay: true,
  firstTimeCustomer: true,
};

const names = { keywordCategoryName: (id: string) => (id === "KW1" ? "換金性商品" : undefined) };

describe("conditionText", () => {
  it.each(CASES)("reads $en", ({ condition, en, ja }) => {
    expect(conditionText(condition, "en", names)).toBe(en);
    expect(conditionText(condition, "ja", names)).toBe(ja);
  });

  it("covers every condition kind", () => {
    expect(new Set(CASES.map((c) => c.condition.kind))).toEqual(new Set(Object.keys(ALL_KINDS)));
  });

  it("names an unknown keyword category by its ID, and shows the party when one is given", () => {
    const condition: Condition = {
      kind: "keywordHit",
      categoryId: "KW_GONE",
      target: "address",
      party: "shipping",
      match: "contains",
    };
    expect(conditionText(condition, "en")).toBe(
      'keyword hit: shipping address contains a keyword of "KW_GONE"',
    );
    expect(conditionText(condition, "ja")).toBe("キーワード該当: 配送先 住所が「KW_GONE」のキーワードを含む");
  });

  it("names the velocity sum apart from the event's Total amount field, which it does not add up", () => {
    // The engine sums the events' amount (velocityLookup.ts); "total amount" is the totalAmount field.
    const velocity: Condition = {
      kind: "velocity",
      key: "tel",
      measure: "amount",
      window: { value: 1, unit: "days" },
      op: "gte",
      value: 1,
    };
    const totalAmount: Condition = { kind: "amount", field: "totalAmount", op: "gte", value: 1 };
    for (const lang of ["en", "ja"] as const) {
      const label = EVENT_FIELD_LABELS[lang].totalAmount.toLowerCase();
      expect(conditionText(totalAmount, lang).toLowerCase()).toContain(label);
      expect(conditionText(velocity, lang).toLowerCase()).not.toContain(label);
    }
  });

  it("names no party for a keyword in item names, which the engine reads from every order item", () => {
    const condition: Condition = {
      kind: "keywordHit",
      categoryId: "KW1",
      target: "itemName",
      party: "shipping",
      match: "contains",
    };
    expect(conditionText(condition, "en", names)).toBe(
      'keyword hit: item name contains a keyword of "換金性商品"',
    );
    expect(conditionText(condition, "ja", names)).toBe(
      "キーワード該当: 商品名が「換金性商品」のキーワードを含む",
    );
  });
});
