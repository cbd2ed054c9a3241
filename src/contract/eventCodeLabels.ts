import type { Lang } from "./envelope.ts";

/**
 * Display names of the event's code-master values (spec section 7: auto_authori_result,
 * manual_authori_result, auth_status, settle_status, settle_method, sex, existing_customer_flg,
 * device_type, item_stock, negative_settle_category, negative_other_category) and of the negative
 * list's item types (what a negative registration adds), shared by the list, the detail and the CSV
 * output so a code reads the same everywhere. An unknown value shows as itself.
 */
export const EVENT_CODE_LABELS = {
  en: {
    aaresult: { OK: "OK", NG: "NG", HOLD: "HOLD", REVIEW: "REVIEW" },
    maresult: { "10": "OK", "20": "NG", "30": "Hold", none: "Not screened" },
    // 00 is "authori" in the spec's code list, the loanword オーソリ (screening), 審査済 in Japanese:
    // "Screened" in English, where "Authori" read as a word cut short.
    authStatus: { "00": "Screened", "10": "Escalation", "30": "Unfixed" },
    authKind: { api: "Real time (API)", csv: "CSV screening" },
    settleStatus: {
      "10": "Authorised",
      "20": "Captured",
      "30": "Cancelled",
      "40": "Chargeback",
      none: "Not reported",
    },
    method: {
      card: "Credit card",
      cod: "Cash on delivery",
      bank: "Bank transfer",
      conveni: "Convenience store",
    },
    sex: { "0": "Unknown", "1": "Male", "2": "Female", "9": "Not applicable" },
    existingCustomerFlg: { "0": "New", "1": "Existing" },
    deviceType: { pc: "PC", smartphone: "Smartphone", tablet: "Tablet", other: "Other" },
    stock: { "0": "Out of stock", "1": "In stock" },
    negatived: { true: "Registered", false: "Not registered" },
    sharedKey: {
      cchash: "Card",
      deviceId: "Device ID",
      ipaddress: "IP address",
      mail: "E-mail",
      tel: "Phone number",
      address: "Address",
    },
    negativeItem: {
      tel: "Phone number",
      mobileTel: "Mobile phone number",
      address: "Address",
      zipcode: "Zipcode",
      mailAccount: "E-mail account (hash)",
      mailDomain: "E-mail domain",
      name: "Name (hash)",
      shopMemberId: "Shop member ID",
      ipaddress: "IP address",
      cookie: "Cookie",
      deviceId: "Device ID",
      cchash: "Card number (hash)",
    },
    negativeSettleCategory: { "01": "Unpaid", "02": "Chargeback", "03": "Card fraud", "99": "Other" },
    negativeOtherCategory: { "01": "Resale", "02": "Impersonation", "03": "Abusive claims", "99": "Other" },
  },
  ja: {
    aaresult: { OK: "OK", NG: "NG", HOLD: "HOLD", REVIEW: "REVIEW" },
    maresult: { "10": "OK", "20": "NG", "30": "保留", none: "未審査" },
    authStatus: { "00": "審査済", "10": "エスカレーション", "30": "未確定" },
    authKind: { api: "リアルタイム（API）", csv: "CSV審査" },
    settleStatus: { "10": "与信済", "20": "売上確定", "30": "取消", "40": "チャージバック", none: "未連携" },
    method: { card: "クレジットカード", cod: "代金引換", bank: "銀行振込", conveni: "コンビニ払い" },
    sex: { "0": "不明", "1": "男性", "2": "女性", "9": "適用不能" },
    existingCustomerFlg: { "0": "新規", "1": "既存" },
    deviceType: { pc: "PC", smartphone: "スマートフォン", tablet: "タブレット", other: "その他" },
    stock: { "0": "在庫なし", "1": "在庫あり" },
    negatived: { true: "登録済", false: "未登録" },
    sharedKey: {
      cchash: "カード",
      deviceId: "デバイスID",
      ipaddress: "IPアドレス",
      mail: "メールアドレス",
      tel: "電話番号",
      address: "住所",
    },
    negativeItem: {
      tel: "電話番号",
      mobileTel: "携帯電話番号",
      address: "住所",
      zipcode: "郵便番号",
      mailAccount: "メールアカウント（ハッシュ）",
      mailDomain: "メールドメイン",
      name: "氏名（ハッシュ）",
      shopMemberId: "会員ID",
      ipaddress: "IPアドレス",
      cookie: "Cookie",
      deviceId: "デバイスID",
      cchash: "カード番号（ハッシュ）",
    },
    negativeSettleCategory: {
      "01": "未払い",
      "02": "チャージバック",
      "03": "カード不正利用",
      "99": "その他",
    },
    negativeOtherCategory: { "01": "転売", "02": "なりすまし", "03": "悪質クレーム", "99": "その他" },
  },
} as const satisfies Record<Lang, Record<string, Record<string, string>>>;

export type EventCodeKind = keyof (typeof EVENT_CODE_LABELS)["en"];

/** The event fields shown through the code master rather than as stored codes (detail and CSV alike). */
export const EVENT_CODE_FIELDS: Readonly<Partial<Record<string, EventCodeKind>>> = {
  aaresult: "aaresult",
  maresult: "maresult",
  authStatus: "authStatus",
  authKind: "authKind",
  settleStatus: "settleStatus",
  method: "method",
  sex: "sex",
  existingCustomerFlg: "existingCustomerFlg",
  deviceType: "deviceType",
  stock: "stock",
  negatived: "negatived",
};

/**
 * The display name of a code value in a language; an unknown value shows as itself. A missing value
 * reads as the kind's "none" name where it has one (manual result: not screened; settlement status:
 * not reported), empty otherwise.
 */
export function codeLabel(
  lang: Lang,
  kind: EventCodeKind,
  value: string | boolean | null | undefined,
): string {
  const names: Record<string, string> = EVENT_CODE_LABELS[lang][kind];
  if (value === null || value === undefined) return names.none ?? "";
  return names[String(value)] ?? String(value);
}
