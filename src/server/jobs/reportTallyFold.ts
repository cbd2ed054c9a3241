import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Folds the report's day tallies (migration 028): the triggers on the events only ever add signed
 * delta rows (one per key and statement, so concurrent screenings never wait on a shared row); this
 * sums each key's rows into one for every tenant that has tallies, so a report sums a few rows per
 * model and day however many screenings wrote them. Exact at every moment either way (the figures are
 * sums). Answers how many rows went.
 */
export async function foldReportTallies(db: Kysely<Database>): Promise<number> {
  const { rows: companies } = await sql<{ company_id: string }>`select distinct company_id
    from (select company_id from report_day_tallies union select company_id from rule_hit_day_tallies) t`.execute(
    db,
  );
  let total = 0;
  for (const { company_id } of companies) {
    const { rows } = await sql<{ gone: number }>`select fold_report_tallies(${company_id}) as gone`.execute(
      db,
    );
    total += Number(rows[0]?.gone ?? 0);
  }
  return total;
}
