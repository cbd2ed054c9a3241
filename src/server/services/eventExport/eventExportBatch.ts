import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * One batch of events with every part the chosen groups show, in one statement: each event comes back
 * as the JSON text of its ExportRow (eventCsvColumns.ts; parts aggregated by PostgreSQL, json_agg per
 * event), newest first. One value per row costs the client a single JSON parse instead of a row object
 * per part; the texts are packed off the JS heap while the batch waits its turn (packedRows.ts) and
 * parsed only when it is written.
 */
export async function loadExportRows(
  db: Kysely<Database>,
  companyId: string,
  eventIds: readonly string[],
  groupSql: readonly string[],
): Promise<string[]> {
  if (eventIds.length === 0) return [];
  // The related-event probes (one per link key of the batch) are estimated far above jit_above_cost;
  // compiling the plan cost more than running it (~40 ms a batch), so JIT is off for this statement.
  const { rows } = await db.transaction().execute(async (trx) => {
    await sql`select set_config('jit', 'off', true)`.execute(trx);
    return sql<{ r: string }>`
      select json_build_array(${sql.raw(groupSql.join(", "))})::text as r
      from events e
      where e.company_id = ${companyId} and e.event_id in (${sql.join(eventIds)})
      order by e.created_at desc, e.event_id desc`.execute(trx);
  });
  return rows.map((row) => row.r);
}
