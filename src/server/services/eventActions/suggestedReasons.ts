import { type Kysely, sql } from "kysely";
import { SUGGESTED_REASONS, SUGGESTED_REASONS_FROM } from "../../../contract/eventActions.ts";
import type { ManualResult } from "../../../contract/screening.ts";
import type { Database } from "../../db/schema.ts";

/**
 * The reasons the tenant's operators gave most often among its latest SUGGESTED_REASONS_FROM manual
 * results of `result` (event_manual_history_recent, migration 017), most frequent first, then the
 * most recently given (then by code point, so the order is stable); reasons that differ only in
 * surrounding blanks are one.
 */
export async function suggestedReasons(
  db: Kysely<Database>,
  companyId: string,
  result: ManualResult,
): Promise<string[]> {
  const latest = db
    .selectFrom("event_manual_history")
    .select([sql<string>`btrim(reason)`.as("reason"), "updated_at"])
    .where("company_id", "=", companyId)
    .where("result", "=", result)
    .orderBy("updated_at", "desc")
    .limit(SUGGESTED_REASONS_FROM);
  const rows = await db
    .selectFrom(latest.as("h"))
    .select("h.reason")
    .where("h.reason", "<>", "")
    .groupBy("h.reason")
    .orderBy(sql`count(*)`, "desc")
    .orderBy(sql`max(h.updated_at)`, "desc")
    .orderBy(sql`h.reason collate "C"`)
    .limit(SUGGESTED_REASONS)
    .execute();
  return rows.map((row) => row.reason);
}
