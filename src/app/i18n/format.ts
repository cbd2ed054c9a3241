import { format } from "date-fns";
import type { Lang } from "../../contract/envelope.ts";
import { inJapan } from "../../contract/japanTime.ts";

/** Display formats of spec section 9: YYYY/MM/DD, and the long form with 24-hour time; always Japan time. */
export const DATE_FORMAT = "yyyy/MM/dd";
export const DATE_TIME_FORMAT = "yyyy/MM/dd HH:mm:ss";

export const formatDate = (value: Date | string | number): string => format(inJapan(value), DATE_FORMAT);

export const formatDateTime = (value: Date | string | number): string =>
  format(inJapan(value), DATE_TIME_FORMAT);

const currencyFormats: Record<Lang, Intl.NumberFormat> = {
  ja: new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" }),
  en: new Intl.NumberFormat("en-US", { style: "currency", currency: "JPY", currencyDisplay: "code" }),
};

/**
 * Amounts are yen in both languages: ￥10,000 in Japanese, JPY 10,000 in English (the code, as "¥"
 * alone is also the yuan's sign). Spec section 9 says USD in English, but the amounts are stored and
 * screened in yen: "$10,000.00" showed an English-speaking analyst a price about 150 times too high
 * (docs/architecture.md, "Decisions where the spec says otherwise"). One formatter per language, made
 * once: building an Intl.NumberFormat costs far more than formatting with it (every amount cell).
 */
export function formatCurrency(amount: number, lang: Lang): string {
  return currencyFormats[lang].format(amount);
}
