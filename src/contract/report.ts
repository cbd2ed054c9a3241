import { z } from "zod";
import { defineCall } from "./call.ts";
import type { Lang } from "./envelope.ts";
import { issue } from "./validation.ts";

/**
 * Screening result report (spec section 2, /EventReportNegative; issue 42): per detection model and
 * Japan-time month or day, what the engine decided, what the operators decided, what was later
 * registered negative and the capture rate (spec section 9); and the rule hit statistics of the
 * same period. Every call needs read permission on EventReportNegative; the tenant is the session's.
 * Logically deleted events count nowhere.
 */

export const REPORT_UNITS = ["month", "day"] as const;
export type ReportUnit = (typeof REPORT_UNITS)[number];

/** Longest periods: about three months of days, three years of months. */
export const REPORT_MAX_PERIODS: Record<ReportUnit, number> = { day: 93, month: 36 };
/** Defaults when the request names no period: the last 31 days, the last 12 months (to today). */
export const REPORT_DEFAULT_PERIODS: Record<ReportUnit, number> = { day: 31, month: 12 };

const PERIOD_FORMAT: Record<ReportUnit, RegExp> = {
  month: /^\d{4}-(0[1-9]|1[0-2])$/,
  day: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
};

/** Number of months or days from `from` to `to`, both included (Japan-time calendar values). */
export function periodCount(unit: ReportUnit, from: string, to: string): number {
  if (unit === "month") {
    const months = (text: string) => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7));
    return months(to) - months(from) + 1;
  }
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const isCalendarValue = (unit: ReportUnit, text: string): boolean => {
  if (!PERIOD_FORMAT[unit].test(text)) return false;
  if (unit === "month") return true;
  // 2026-02-30 has the format but is no day.
  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
};

/** "" (or absent) for one end takes the default period ending today (Japan time). */
const periodEnd = z.string().trim().max(10).optional();

/** Each end in its unit's format, the end not before the start, at most REPORT_MAX_PERIODS long. */
function checkPeriod(
  value: { unit: ReportUnit; from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const format = value.unit === "month" ? "YYYY-MM" : "YYYY-MM-DD";
  for (const end of ["from", "to"] as const) {
    const text = value[end];
    if (text && !isCalendarValue(value.unit, text)) {
      ctx.addIssue({ code: "custom", path: [end], ...issue("dateFormat", { format }) });
    }
  }
  const { from, to } = value;
  if (!from || !to || !isCalendarValue(value.unit, from) || !isCalendarValue(value.unit, to)) return;
  if (to < from) ctx.addIssue({ code: "custom", path: ["to"], ...issue("dateTimeEnd") });
  else if (periodCount(value.unit, from, to) > REPORT_MAX_PERIODS[value.unit]) {
    const key = value.unit === "day" ? "reportDays" : "reportMonths";
    ctx.addIssue({ code: "custom", path: ["to"], ...issue(key, { max: REPORT_MAX_PERIODS[value.unit] }) });
  }
}

/**
 * unit; modelId "" for each of the tenant's models, or one model ID; from / to as yyyy-MM (month) or
 * yyyy-MM-dd (day), both included. Both absent: the default period; only `to`: the default length
 * ending there; only `from`: to today.
 */
export const reportRequestSchema = z
  .object({
    unit: z.enum(REPORT_UNITS),
    modelId: z.string().trim().max(50).default(""),
    from: periodEnd,
    to: periodEnd,
  })
  .strict()
  .superRefine(checkPeriod);
export type ReportRequest = z.output<typeof reportRequestSchema>;

/** A number of events and the sum of their amounts (yen). */
export const tallySchema = z.object({ count: z.number().int(), amount: z.number().int() });
export type Tally = z.infer<typeof tallySchema>;

/**
 * One period's figures. manual.none: no manual result yet (of any automatic result), so manual
 * ok + ng + hold + none = screened. negative: events registered negative (events.negatived) by their
 * automatic result. captureRate: (NG + REVIEW-negative) / (OK-negative + NG + REVIEW-negative) by
 * count, null when the denominator is 0.
 */
export const reportFiguresSchema = z.object({
  screened: tallySchema,
  auto: z.object({ ok: tallySchema, ng: tallySchema, hold: tallySchema, review: tallySchema }),
  manual: z.object({ ok: tallySchema, ng: tallySchema, hold: tallySchema, none: tallySchema }),
  negative: z.object({ ok: tallySchema, review: tallySchema, ng: tallySchema }),
  captureRate: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

/** A period row with the figures of the period just before it (the first row's too), to compare. */
export const reportRowSchema = z.object({
  period: z.string(),
  figures: reportFiguresSchema,
  previous: reportFiguresSchema,
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const modelReportSchema = z.object({
  modelId: z.string(),
  modelName: z.string(),
  /** Every period from `from` to `to` in order, a period without events as zeros. */
  rows: z.array(reportRowSchema),
  totals: reportFiguresSchema,
});
export type ModelReport = z.infer<typeof modelReportSchema>;

/** The period as resolved (defaults filled in), and one report per model (by model ID). */
export const reportResultSchema = z.object({
  unit: z.enum(REPORT_UNITS),
  from: z.string(),
  to: z.string(),
  models: z.array(modelReportSchema),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

const ACCESS = { kind: "read", screenId: "EventReportNegative" } as const;

/** A model ID not of the tenant: validation error at telegram.modelId (unknownModel). */
export const eventReport = defineCall({
  name: "eventReport",
  method: "POST",
  path: "/api/v3/screen/eventReportNegative",
  access: ACCESS,
  request: reportRequestSchema,
  response: reportResultSchema,
});

/** Rule hit statistics name one model (a rule code belongs to one model's releases). */
export const ruleHitRequestSchema = z
  .object({
    unit: z.enum(REPORT_UNITS),
    modelId: z.string().trim().min(1).max(50),
    from: periodEnd,
    to: periodEnd,
  })
  .strict()
  .superRefine(checkPeriod);
export type RuleHitRequest = z.output<typeof ruleHitRequestSchema>;

/**
 * One rule code over the period's events of the model: hits = events it fired on; reasonHits = of
 * those, where it was a reason rule; manualNg / manualOk = of those, the current manual result;
 * negatived = of those, registered negative. inRelease: the code is one of the release in force's
 * (a rule of it that fired on nothing is listed with zeros).
 */
export const ruleHitRowSchema = z.object({
  ruleCode: z.string(),
  ruleDescription: z.string(),
  inRelease: z.boolean(),
  hits: z.number().int(),
  reasonHits: z.number().int(),
  manualNg: z.number().int(),
  manualOk: z.number().int(),
  negatived: z.number().int(),
});
export type RuleHitRow = z.infer<typeof ruleHitRowSchema>;

/**
 * normal: the deciding releases' fired rules (event_fired_rules); simulation: the Simulation
 * releases' (events.simulation_result); each sorted by hits, then rule code. The release IDs are the
 * ones in force now (null without one).
 */
export const ruleHitResultSchema = z.object({
  unit: z.enum(REPORT_UNITS),
  from: z.string(),
  to: z.string(),
  modelId: z.string(),
  releaseId: z.string().nullable(),
  simulationReleaseId: z.string().nullable(),
  normal: z.array(ruleHitRowSchema),
  simulation: z.array(ruleHitRowSchema),
});
export type RuleHitResult = z.infer<typeof ruleHitResultSchema>;

export const ruleHitStats = defineCall({
  name: "ruleHitStats",
  method: "POST",
  path: "/api/v3/screen/eventReportNegative/ruleHits",
  access: ACCESS,
  request: ruleHitRequestSchema,
  response: ruleHitResultSchema,
});

/**
 * The report and the rule hits as CSV files, answered as text through the envelope like the
 * released rule list's (UTF-8 with a BOM, CRLF, Excel-safe cells; the SPA saves it as a file).
 */
const csvFileSchema = z.object({ fileName: z.string(), content: z.string() });
export type ReportCsvFile = z.infer<typeof csvFileSchema>;

export const eventReportCsv = defineCall({
  name: "eventReportCsv",
  method: "POST",
  path: "/api/v3/screen/eventReportNegative/csv",
  access: ACCESS,
  request: reportRequestSchema,
  response: csvFileSchema,
});

export const ruleHitCsv = defineCall({
  name: "ruleHitCsv",
  method: "POST",
  path: "/api/v3/screen/eventReportNegative/ruleHits/csv",
  access: ACCESS,
  request: ruleHitRequestSchema,
  response: csvFileSchema,
});

/** Column order of the report CSV: model and period, then each figure (count, amount beside it). */
export const REPORT_CSV_COLUMNS = [
  "model",
  "period",
  "screened",
  "screenedAmount",
  "autoOk",
  "autoOkAmount",
  "autoNg",
  "autoNgAmount",
  "autoHold",
  "autoHoldAmount",
  "autoReview",
  "autoReviewAmount",
  "manualOk",
  "manualOkAmount",
  "manualNg",
  "manualNgAmount",
  "manualHold",
  "manualHoldAmount",
  "manualNone",
  "manualNoneAmount",
  "negativeOk",
  "negativeOkAmount",
  "negativeReview",
  "negativeReviewAmount",
  "negativeNg",
  "negativeNgAmount",
  "captureRate",
] as const;
export type ReportCsvColumn = (typeof REPORT_CSV_COLUMNS)[number];

export const REPORT_CSV_HEADERS: Record<Lang, Record<ReportCsvColumn, string>> = {
  en: {
    model: "Detection model",
    period: "Period",
    screened: "Screened",
    screenedAmount: "Screened amount",
    autoOk: "Automatic OK",
    autoOkAmount: "Automatic OK amount",
    autoNg: "Automatic NG",
    autoNgAmount: "Automatic NG amount",
    autoHold: "Automatic HOLD",
    autoHoldAmount: "Automatic HOLD amount",
    autoReview: "Automatic REVIEW",
    autoReviewAmount: "Automatic REVIEW amount",
    manualOk: "Manual OK",
    manualOkAmount: "Manual OK amount",
    manualNg: "Manual NG",
    manualNgAmount: "Manual NG amount",
    manualHold: "Manual HOLD",
    manualHoldAmount: "Manual HOLD amount",
    manualNone: "Not yet screened",
    manualNoneAmount: "Not yet screened amount",
    negativeOk: "OK-negative",
    negativeOkAmount: "OK-negative amount",
    negativeReview: "REVIEW-negative",
    negativeReviewAmount: "REVIEW-negative amount",
    negativeNg: "NG-negative",
    negativeNgAmount: "NG-negative amount",
    captureRate: "Capture rate (%)",
  },
  ja: {
    model: "検知モデル",
    period: "期間",
    screened: "審査件数",
    screenedAmount: "審査金額",
    autoOk: "自動審査OK",
    autoOkAmount: "自動審査OK金額",
    autoNg: "自動審査NG",
    autoNgAmount: "自動審査NG金額",
    autoHold: "自動審査HOLD",
    autoHoldAmount: "自動審査HOLD金額",
    autoReview: "自動審査REVIEW",
    autoReviewAmount: "自動審査REVIEW金額",
    manualOk: "目視審査OK",
    manualOkAmount: "目視審査OK金額",
    manualNg: "目視審査NG",
    manualNgAmount: "目視審査NG金額",
    manualHold: "目視審査保留",
    manualHoldAmount: "目視審査保留金額",
    manualNone: "目視審査未実施",
    manualNoneAmount: "目視審査未実施金額",
    negativeOk: "OKネガ",
    negativeOkAmount: "OKネガ金額",
    negativeReview: "REVIEWネガ",
    negativeReviewAmount: "REVIEWネガ金額",
    negativeNg: "NGネガ",
    negativeNgAmount: "NGネガ金額",
    captureRate: "捕捉率(%)",
  },
};

/** The totals row's period cell. */
export const REPORT_TOTAL_LABEL: Record<Lang, string> = { en: "Total", ja: "合計" };

export const RULE_HIT_CSV_COLUMNS = [
  "release",
  "ruleCode",
  "ruleDescription",
  "inRelease",
  "hits",
  "reasonHits",
  "manualNg",
  "manualOk",
  "negatived",
] as const;
export type RuleHitCsvColumn = (typeof RULE_HIT_CSV_COLUMNS)[number];

export const RULE_HIT_CSV_HEADERS: Record<Lang, Record<RuleHitCsvColumn, string>> = {
  en: {
    release: "Release",
    ruleCode: "Rule code",
    ruleDescription: "Rule description",
    inRelease: "In the release in force",
    hits: "Hits",
    reasonHits: "As reason rule",
    manualNg: "Manual NG",
    manualOk: "Manual OK",
    negatived: "Registered negative",
  },
  ja: {
    release: "リリース",
    ruleCode: "ルールコード",
    ruleDescription: "ルール説明",
    inRelease: "適用中リリースのルール",
    hits: "ヒット件数",
    reasonHits: "理由ルール件数",
    manualNg: "目視審査NG",
    manualOk: "目視審査OK",
    negatived: "ネガ登録",
  },
};

export const RULE_HIT_RELEASE_LABEL: Record<Lang, Record<"normal" | "simulation", string>> = {
  en: { normal: "Normal", simulation: "Simulation" },
  ja: { normal: "通常", simulation: "シミュレーション" },
};
