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
  en: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }),
};

/**
 * Currency by language (spec section 9): JPY in Japanese, USD in English. One formatter per language,
 * made once: building an Intl.NumberFormat costs far more than formatting with it (every amount cell).
 */
export function formatCurrency(amount: number, lang: Lang): string {
  return currencyFormats[lang].format(amount);
}
