import type { Lang } from "./envelope.ts";
import type { Comparator, Condition, KeywordTarget, LinkKey, NegativeItem, PartyKind } from "./rules.ts";

/**
 * A rule's condition as operators read it ("amount > 100,000", "negative hit: purchaser tel"), in
 * either language. Shared by the released rule list (and its CSV) and, later, the event detail's fired
 * rules, so a condition reads the same everywhere.
 */

export interface ConditionTextOptions {
  /** A keyword category's name by ID; the ID itself is shown when unknown. */
  keywordCategoryName?: (categoryId: string) => string | undefined;
}

const COMPARATOR_SIGN: Record<Comparator, string> = {
  gt: ">",
  gte: ">=",
  lt: "<",
  lte: "<=",
  eq: "=",
  ne: "≠",
};

interface Words {
  amount: string;
  totalAmount: string;
  itemPrice: string;
  itemQuantity: string;
  itemCategoryIn: (values: string) => string;
  itemNamePrefix: (value: string) => string;
  itemNameContains: (value: string) => string;
  party: Record<PartyKind, string>;
  negativeItem: Record<NegativeItem, string>;
  negativeHit: (party: string, item: string) => string;
  keywordTarget: Record<KeywordTarget, string>;
  keywordHit: (category: string, where: string, match: "prefix" | "contains") => string;
  linkKey: Record<LinkKey, string>;
  window: Record<"minutes" | "hours" | "days", (n: string) => string>;
  velocity: (measure: "count" | "amount", key: string, window: string, comparison: string) => string;
  addressMismatch: string;
  foreignIp: string;
  hourOfDay: (from: number, to: number) => string;
  firstTimeCustomer: string;
}

const quoteEn = (value: string) => `"${value}"`;
const quoteJa = (value: string) => `「${value}」`;

const WORDS: Record<Lang, Words> = {
  en: {
    amount: "amount",
    totalAmount: "total amount",
    itemPrice: "order item price",
    itemQuantity: "order item quantity",
    itemCategoryIn: (values) => `order item category is one of: ${values}`,
    itemNamePrefix: (value) => `order item name starts with ${quoteEn(value)}`,
    itemNameContains: (value) => `order item name contains ${quoteEn(value)}`,
    party: { purchaser: "purchaser", shipping: "shipping" },
    negativeItem: {
      tel: "tel",
      mobileTel: "mobile tel",
      address: "address",
      zipcode: "zipcode",
      mailAccount: "e-mail account",
      mailDomain: "e-mail domain",
      name: "name",
      shopMemberId: "shop member ID",
      ipaddress: "IP address",
      cookie: "cookie",
      deviceId: "device ID",
      cchash: "card hash",
    },
    negativeHit: (party, item) => `negative hit: ${party} ${item}`,
    keywordTarget: {
      address: "address",
      itemName: "item name",
      mailDomain: "e-mail domain",
      company: "company",
      deliveryCompany: "delivery company",
    },
    keywordHit: (category, where, match) =>
      `keyword hit: ${where} ${match === "prefix" ? "starts with" : "contains"} a keyword of ${quoteEn(category)}`,
    linkKey: {
      cchash: "card hash",
      deviceId: "device ID",
      ipaddress: "IP address",
      mail: "e-mail",
      tel: "tel",
      address: "address",
    },
    window: {
      minutes: (n) => `${n} ${n === "1" ? "minute" : "minutes"}`,
      hours: (n) => `${n} ${n === "1" ? "hour" : "hours"}`,
      days: (n) => `${n} ${n === "1" ? "day" : "days"}`,
    },
    // "sum of amounts", not "total amount": that is the event's Total amount field, and velocity adds
    // up the events' Amount.
    velocity: (measure, key, window, comparison) =>
      `velocity: ${measure === "count" ? "count" : "sum of amounts"} of events sharing ${key} within ${window} ${comparison}`,
    addressMismatch: "purchaser and shipping addresses differ",
    foreignIp: "IP address country outside Japan",
    hourOfDay: (from, to) => `hour of day (JST) from ${from}:00 to ${to}:59`,
    firstTimeCustomer: "first-time customer",
  },
  ja: {
    amount: "金額",
    totalAmount: "合計金額",
    itemPrice: "商品単価",
    itemQuantity: "商品数量",
    itemCategoryIn: (values) => `商品カテゴリーが次のいずれか: ${values}`,
    itemNamePrefix: (value) => `商品名が${quoteJa(value)}で始まる`,
    itemNameContains: (value) => `商品名に${quoteJa(value)}を含む`,
    party: { purchaser: "購入者", shipping: "配送先" },
    negativeItem: {
      tel: "電話番号",
      mobileTel: "携帯電話番号",
      address: "住所",
      zipcode: "郵便番号",
      mailAccount: "メールアカウント",
      mailDomain: "メールドメイン",
      name: "氏名",
      shopMemberId: "加盟店会員ID",
      ipaddress: "IPアドレス",
      cookie: "Cookie",
      deviceId: "端末ID",
      cchash: "カードハッシュ",
    },
    negativeHit: (party, item) => `ネガティブ該当: ${party} ${item}`,
    keywordTarget: {
      address: "住所",
      itemName: "商品名",
      mailDomain: "メールドメイン",
      company: "会社名",
      deliveryCompany: "配送業者",
    },
    keywordHit: (category, where, match) =>
      `キーワード該当: ${where}が${quoteJa(category)}のキーワード${match === "prefix" ? "で始まる" : "を含む"}`,
    linkKey: {
      cchash: "カードハッシュ",
      deviceId: "端末ID",
      ipaddress: "IPアドレス",
      mail: "メールアドレス",
      tel: "電話番号",
      address: "住所",
    },
    window: {
      minutes: (n) => `${n}分`,
      hours: (n) => `${n}時間`,
      days: (n) => `${n}日`,
    },
    velocity: (measure, key, window, comparison) =>
      `ベロシティ: ${key}が同じイベントの${measure === "count" ? "件数" : "金額の合計"}（${window}以内） ${comparison}`,
    addressMismatch: "購入者と配送先の住所が異なる",
    foreignIp: "IPアドレスの国が日本以外",
    hourOfDay: (from, to) => `時間帯（日本時間） ${from}:00〜${to}:59`,
    firstTimeCustomer: "初回購入の顧客",
  },
};

/** Numbers with thousands separators; the same in both languages ("100,000"). */
export const formatNumber = (value: number): string => value.toLocaleString("en-US");

const comparison = (op: Comparator, value: number) => `${COMPARATOR_SIGN[op]} ${formatNumber(value)}`;

export function conditionText(condition: Condition, lang: Lang, options: ConditionTextOptions = {}): string {
  const w = WORDS[lang];
  switch (condition.kind) {
    case "amount":
      return `${condition.field === "amount" ? w.amount : w.totalAmount} ${comparison(condition.op, condition.value)}`;
    case "itemPrice":
      return `${w.itemPrice} ${comparison(condition.op, condition.value)}`;
    case "itemQuantity":
      return `${w.itemQuantity} ${comparison(condition.op, condition.value)}`;
    case "itemCategory":
      return w.itemCategoryIn(condition.values.join(", "));
    case "itemName":
      return condition.match === "prefix"
        ? w.itemNamePrefix(condition.value)
        : w.itemNameContains(condition.value);
    case "negativeHit":
      return w.negativeHit(w.party[condition.party], w.negativeItem[condition.item]);
    case "keywordHit": {
      const category = options.keywordCategoryName?.(condition.categoryId) ?? condition.categoryId;
      const target = w.keywordTarget[condition.target];
      // Item names belong to the order, not to a party: the engine reads every item whatever party
      // the condition names, so the text names none.
      const party = condition.target === "itemName" ? undefined : condition.party;
      const where = party ? `${w.party[party]} ${target}` : target;
      return w.keywordHit(category, where, condition.match);
    }
    case "velocity": {
      const window = w.window[condition.window.unit](formatNumber(condition.window.value));
      return w.velocity(
        condition.measure,
        w.linkKey[condition.key],
        window,
        comparison(condition.op, condition.value),
      );
    }
    case "addressMismatch":
      return w.addressMismatch;
    case "foreignIp":
      return w.foreignIp;
    case "hourOfDay":
      return w.hourOfDay(condition.from, condition.to);
    case "firstTimeCustomer":
      return w.firstTimeCustomer;
  }
}
