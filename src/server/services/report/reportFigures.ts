import { type Kysely, type RawBuilder, sql } from "kysely";
import { JAPAN_OFFSET_MS } from "../../../contract/japanTime.ts";
import type { ReportFigures, ReportUnit, Tally } from "../../../contract/report.ts";
import { MANUAL_RESULT } from "../../../contract/screening.ts";
import type { Database } from "../../db/schema.ts";

/** Which events each tally counts: a filter over one event row. */
const TALLIES = {
  screened: sql`true`,
  autoOk: sql`aaresult = 'OK'`,
  autoNg: sql`aaresult = 'NG'`,
  autoHold: sql`aaresult = 'HOLD'`,
  autoReview: sql`aaresult = 'REVIEW'`,
  manualOk: sql`maresult = ${MANUAL_RESULT.ok}`,
  manualNg: sql`maresult = ${MANUAL_RESULT.ng}`,
  manualHold: sql`maresult = ${MANUAL_RESULT.hold}`,
  manualNone: sql`maresult is null`,
  negativeOk: sql`negatived and aaresult = 'OK'`,
  negativeReview: sql`negatived and aaresult = 'REVIEW'`,
  negativeNg: sql`negatived and aaresult = 'NG'`,
} satisfies Record<string, RawBuilder<unknown>>;
type TallyName = keyof typeof TALLIES;
const TALLY_NAMES = Object.keys(TALLIES) as TallyName[];

export type Tallies = Record<TallyName, Tally>;

/** Figures by model ID, then by period key. */
export type FiguresByModel = Map<string, Map<string, Tallies>>;

/** The Japan-time day of an instant as yyyy-MM-dd (UTC+9, no daylight saving). */
export const japanDayKey = (at: Date): string =>
  new Date(at.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Counts and amount sums of every tally per model and Japan-time period of the tenant's events of
 * the models in [readFrom, readTo) (Japan-time day boundaries), summed from report_day_tallies
 * (migration 028: kept exact by triggers on events; logically deleted events count nothing). The
 * table holds signed delta rows, so each tally sums `events` and `amount` over the rows it keeps.
 * Periods without events are absent.
 */
export async function readReportTallies(
  db: Kysely<Database>,
  companyId: string,
  modelIds: readonly string[],
  unit: ReportUnit,
  readFrom: Date,
  readTo: Date,
): Promise<FiguresByModel> {
  const byModel: FiguresByModel = new Map(modelIds.map((modelId) => [modelId, new Map()]));
  if (modelIds.length === 0) return byModel;
  const columns = TALLY_NAMES.flatMap((name) => [
    sql`coalesce(sum(events) filter (where ${TALLIES[name]}), 0)::integer as ${sql.id(`${name}_count`)}`,
    sql`coalesce(sum(amount) filter (where ${TALLIES[name]}), 0)::bigint as ${sql.id(`${name}_amount`)}`,
  ]);
  const format = unit === "month" ? "YYYY-MM" : "YYYY-MM-DD";
  const { rows } = await sql<Record<string, string | number>>`select model_id,
      to_char(day, ${format}) as period, ${sql.join(columns)}
    from report_day_tallies
    where company_id = ${companyId} and model_id in (${sql.join(modelIds)})
      and day >= ${japanDayKey(readFrom)}::date and day < ${japanDayKey(readTo)}::date
    group by model_id, 2`.execute(db);
  for (const row of rows) {
    const tallies = Object.fromEntries(
      TALLY_NAMES.map((name) => [
        name,
        { count: Number(row[`${name}_count`]), amount: Number(row[`${name}_amount`]) },
      ]),
    ) as Tallies;
    if (tallies.screened.count === 0 && tallies.screened.amount === 0) continue;
    byModel.get(String(row.model_id))?.set(String(row.period), tallies);
  }
  return byModel;
}

const ZERO: Tally = { count: 0, amount: 0 };
export const EMPTY_TALLIES = Object.fromEntries(TALLY_NAMES.map((name) => [name, ZERO])) as Tallies;

/** The sum of several periods' tallies (the totals row). */
export const sumTallies = (list: readonly Tallies[]): Tallies =>
  Object.fromEntries(
    TALLY_NAMES.map((name) => [
      name,
      list.reduce(
        (sum, tallies) => ({
          count: sum.count + tallies[name].count,
          amount: sum.amount + tallies[name].amount,
        }),
        ZERO,
      ),
    ]),
  ) as Tallies;

/** Capture rate (spec section 9) by count: (NG + REVIEW-negative) / (OK-negative + NG + REVIEW-negative). */
export function captureRate(tallies: Tallies): number | null {
  const caught = tallies.autoNg.count + tallies.negativeReview.count;
  const denominator = tallies.negativeOk.count + caught;
  return denominator === 0 ? null : caught / denominator;
}

export const toFigures = (t: Tallies): ReportFigures => ({
  screened: t.screened,
  auto: { ok: t.autoOk, ng: t.autoNg, hold: t.autoHold, review: t.autoReview },
  manual: { ok: t.manualOk, ng: t.manualNg, hold: t.manualHold, none: t.manualNone },
  negative: { ok: t.negativeOk, review: t.negativeReview, ng: t.negativeNg },
  captureRate: captureRate(t),
});
