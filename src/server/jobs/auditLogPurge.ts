import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import type { Database } from "../db/schema.ts";

/** Rows one delete removes at most, so a purge after a long pause holds no lock for long. */
const PURGE_BATCH = 10_000;

/**
 * Deletes the audit rows older than the retention (AUDIT_RETENTION_MONTHS, default 18), in batches,
 * as the tables' owner (the console's tenant role may not delete from audit_log). Answers how many went.
 */
export async function purgeExpiredAuditLog(
  db: Kysely<Database>,
  config: Pick<Config, "auditRetentionMonths">,
  now: Date,
): Promise<number> {
  const keptSince = new Date(now);
  keptSince.setUTCMonth(keptSince.getUTCMonth() - config.auditRetentionMonths);
  let total = 0;
  for (;;) {
    const result = await db
      .deleteFrom("audit_log")
      // id is one identity over every tenant's rows, so it names a row alone.
      .where("id", "in", (eb) =>
        eb.selectFrom("audit_log").select("id").where("at", "<", keptSince).limit(PURGE_BATCH),
      )
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (deleted < PURGE_BATCH) return total;
  }
}
