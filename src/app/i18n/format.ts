import { format } from "date-fns";
import { ja } from "date-fns/locale";
import type { Lang } from "../../contract/envelope.ts";

/** Display formats of spec section 9: YYYY/MM/DD, and the long form with 24-hour time. */
export const DATE_FORMAT = "yyyy/MM/dd";
export const DATE_TIME_FORMAT = "yyyy/MM/dd HH:mm:ss";

const toDate = (value: Date | string | number): Date => (value instanceof Date ? value : new Date(value));

export const formatDate = (value: Date | string | number): string =>
  format(toDate(value), DATE_FORMAT, { locale: ja });

export const formatDateTime = (value: Date | string | number): string =>
  format(toDate(value), DATE_TIME_FORMAT, { locale: ja });

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
