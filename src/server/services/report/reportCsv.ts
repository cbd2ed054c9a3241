import type { Lang } from "../../../contract/envelope.ts";
import { detectionModelLabel } from "../../../contract/releasedRules.ts";
import {
  type ModelReport,
  REPORT_CSV_COLUMNS,
  REPORT_CSV_HEADERS,
  REPORT_TOTAL_LABEL,
  type ReportCsvColumn,
  type ReportFigures,
  type ReportResult,
  RULE_HIT_CSV_COLUMNS,
  RULE_HIT_CSV_HEADERS,
  RULE_HIT_RELEASE_LABEL,
  type RuleHitResult,
} from "../../../contract/report.ts";
import { type CsvCell, toCsv } from "../csvSafe.ts";

/** Capture rate as the screen shows it: a percentage to one decimal, empty where there is none. */
const percent = (rate: number | null): CsvCell => (rate === null ? "" : Math.round(rate * 1000) / 10);

function figureCells(figures: ReportFigures): Record<Exclude<ReportCsvColumn, "model" | "period">, CsvCell> {
  const { screened, auto, manual, negative } = figures;
  return {
    screened: screened.count,
    screenedAmount: screened.amount,
    autoOk: auto.ok.count,
    autoOkAmount: auto.ok.amount,
    autoNg: auto.ng.count,
    autoNgAmount: auto.ng.amount,
    autoHold: auto.hold.count,
    autoHoldAmount: auto.hold.amount,
    autoReview: auto.review.count,
    autoReviewAmount: auto.review.amount,
    manualOk: manual.ok.count,
    manualOkAmount: manual.ok.amount,
    manualNg: manual.ng.count,
    manualNgAmount: manual.ng.amount,
    manualHold: manual.hold.count,
    manualHoldAmount: manual.hold.amount,
    manualNone: manual.none.count,
    manualNoneAmount: manual.none.amount,
    negativeOk: negative.ok.count,
    negativeOkAmount: negative.ok.amount,
    negativeReview: negative.review.count,
    negativeReviewAmount: negative.review.amount,
    negativeNg: negative.ng.count,
    negativeNgAmount: negative.ng.amount,
    captureRate: percent(figures.captureRate),
  };
}

/** The report as the table shows it: per model its period rows, then its totals row. */
export function reportCsv(report: ReportResult, lang: Lang): string {
  const headers = REPORT_CSV_HEADERS[lang];
  const modelRows = (model: ModelReport) => {
    const label = detectionModelLabel(model);
    const line = (period: string, figures: ReportFigures) => {
      const cells: Record<ReportCsvColumn, CsvCell> = { model: label, period, ...figureCells(figures) };
      return REPORT_CSV_COLUMNS.map((column) => cells[column]);
    };
    return [
      ...model.rows.map((row) => line(row.period, row.figures)),
      line(REPORT_TOTAL_LABEL[lang], model.totals),
    ];
  };
  return toCsv([REPORT_CSV_COLUMNS.map((column) => headers[column]), ...report.models.flatMap(modelRows)]);
}

/** The rule hits: the deciding release's rows, then the Simulation release's. */
export function ruleHitCsv(result: RuleHitResult, lang: Lang): string {
  const headers = RULE_HIT_CSV_HEADERS[lang];
  const kinds = [
    [RULE_HIT_RELEASE_LABEL[lang].normal, result.normal],
    [RULE_HIT_RELEASE_LABEL[lang].simulation, result.simulation],
  ] as const;
  return toCsv([
    RULE_HIT_CSV_COLUMNS.map((column) => headers[column]),
    ...kinds.flatMap(([release, rows]) =>
      rows.map((row) => {
        const cells = { release, ...row, inRelease: row.inRelease ? 1 : 0 };
        return RULE_HIT_CSV_COLUMNS.map((column) => cells[column]);
      }),
    ),
  ]);
}

/** yyyyMMdd or yyyyMM of a period end, for file names. */
export const fileStamp = (key: string): string => key.replaceAll("-", "");
