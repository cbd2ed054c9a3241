import type { Lang } from "../../../contract/envelope.ts";
import { ERROR } from "../../../contract/errors.ts";
import { inJapan, JAPAN_OFFSET_MS } from "../../../contract/japanTime.ts";
import { messageText } from "../../../contract/messages.ts";
import {
  periodCount,
  REPORT_DEFAULT_PERIODS,
  REPORT_MAX_PERIODS,
  type ReportUnit,
} from "../../../contract/report.ts";
import { ApiError } from "../../apiError.ts";

/**
 * A report's period resolved: its Japan-time months or days in order, and the instants the query
 * reads, which start one unit earlier so the first row has its previous period too.
 */
export interface ReportPeriod {
  unit: ReportUnit;
  from: string;
  to: string;
  /** Every period key from `from` to `to` (yyyy-MM or yyyy-MM-dd). */
  keys: string[];
  /** The key of the period before `from`. */
  previousKey: string;
  /** Start (inclusive) of the period before `from`, and end (exclusive) of `to`, as instants. */
  readFrom: Date;
  readTo: Date;
  /** Start (inclusive) of `from` itself, where the rule hit statistics begin. */
  fromStart: Date;
}

/** The Japan-time calendar value of a key as a UTC date at midnight, to step by months or days. */
const keyDate = (unit: ReportUnit, key: string): Date =>
  new Date(`${unit === "month" ? `${key}-01` : key}T00:00:00Z`);

const dateKey = (unit: ReportUnit, date: Date): string =>
  date.toISOString().slice(0, unit === "month" ? 7 : 10);

export function stepKey(unit: ReportUnit, key: string, by: number): string {
  const date = keyDate(unit, key);
  if (unit === "month") date.setUTCMonth(date.getUTCMonth() + by);
  else date.setUTCDate(date.getUTCDate() + by);
  return dateKey(unit, date);
}

/** The instant a Japan-time month or day begins. */
const japanStart = (unit: ReportUnit, key: string): Date =>
  new Date(keyDate(unit, key).getTime() - JAPAN_OFFSET_MS);

/**
 * Fills in the defaults (the last 31 days or 12 months up to today in Japan) and checks the length
 * once both ends are known: a `from` alone may reach further back than REPORT_MAX_PERIODS.
 */
export function resolveReportPeriod(
  unit: ReportUnit,
  request: { from?: string | undefined; to?: string | undefined },
  now: Date,
  lang: Lang,
): ReportPeriod {
  const today = dateKey(unit, inJapan(now));
  const to = request.to || (request.from && request.from > today ? request.from : today);
  const from = request.from || stepKey(unit, to, 1 - REPORT_DEFAULT_PERIODS[unit]);
  const count = periodCount(unit, from, to);
  if (count < 1) {
    throw new ApiError(ERROR.validation, [
      { field: "telegram.to", message: messageText(lang, "validation.dateTimeEnd") },
    ]);
  }
  if (count > REPORT_MAX_PERIODS[unit]) {
    const key = unit === "day" ? "validation.reportDays" : "validation.reportMonths";
    throw new ApiError(ERROR.validation, [
      { field: "telegram.to", message: messageText(lang, key, { max: REPORT_MAX_PERIODS[unit] }) },
    ]);
  }
  const keys = Array.from({ length: count }, (_, index) => stepKey(unit, from, index));
  const previousKey = stepKey(unit, from, -1);
  return {
    unit,
    from,
    to,
    keys,
    previousKey,
    readFrom: japanStart(unit, previousKey),
    readTo: japanStart(unit, stepKey(unit, to, 1)),
    fromStart: japanStart(unit, from),
  };
}
