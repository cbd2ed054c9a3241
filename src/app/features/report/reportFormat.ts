import type { Lang } from "../../../contract/envelope.ts";
import type { ReportFigures, ReportUnit, Tally } from "../../../contract/report.ts";

/** The figures the table and the chart show, in the table's column order, each a tally. */
export const TALLY_COLUMNS = [
  "screened",
  "autoOk",
  "autoNg",
  "autoHold",
  "autoReview",
  "manualOk",
  "manualNg",
  "manualHold",
  "manualNone",
  "negativeOk",
  "negativeReview",
  "negativeNg",
] as const;
export type TallyColumn = (typeof TALLY_COLUMNS)[number];

export function tallyOf(figures: ReportFigures, column: TallyColumn): Tally {
  switch (column) {
    case "screened":
      return figures.screened;
    case "autoOk":
      return figures.auto.ok;
    case "autoNg":
      return figures.auto.ng;
    case "autoHold":
      return figures.auto.hold;
    case "autoReview":
      return figures.auto.review;
    case "manualOk":
      return figures.manual.ok;
    case "manualNg":
      return figures.manual.ng;
    case "manualHold":
      return figures.manual.hold;
    case "manualNone":
      return figures.manual.none;
    case "negativeOk":
      return figures.negative.ok;
    case "negativeReview":
      return figures.negative.review;
    case "negativeNg":
      return figures.negative.ng;
  }
}

const counts: Record<Lang, Intl.NumberFormat> = {
  ja: new Intl.NumberFormat("ja-JP"),
  en: new Intl.NumberFormat("en-US"),
};

export const formatCount = (value: number, lang: Lang): string => counts[lang].format(value);

/** A period key as shown: 2026/11 for a month, 2026/11/30 for a day (spec section 9, YYYY/MM/DD). */
export const periodLabel = (key: string): string => key.replaceAll("-", "/");

/** The capture rate as a percentage to one decimal, a dash where there is none (denominator 0). */
export const formatRate = (rate: number | null): string =>
  rate === null ? "-" : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;

/** A change against the previous period: +3, −2 (a true minus sign), ±0. */
export function formatChange(delta: number, lang: Lang): string {
  if (delta === 0) return "±0";
  return `${delta > 0 ? "+" : "−"}${formatCount(Math.abs(delta), lang)}`;
}

/** The capture rate's change in percentage points, or null where either period has none. */
export function formatRateChange(now: number | null, before: number | null): string | null {
  if (now === null || before === null) return null;
  const points = Math.round((now - before) * 1000) / 10;
  if (points === 0) return "±0.0pt";
  return `${points > 0 ? "+" : "−"}${Math.abs(points).toFixed(1)}pt`;
}

export const unitOf = (unit: string): ReportUnit => (unit === "day" ? "day" : "month");
