import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { runAsSystem } from "../db/tenantContext.ts";

/** How often a process writes the calls it counted (and always when it closes). */
export const API_CALL_FLUSH_MS = 5_000;

/** A UTC calendar day as the table keys it. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Counts the screening API's authenticated calls per company, UTC day and source address in memory
 * and adds them to api_call_sources in one statement per flush: the call itself waits for nothing
 * (shops call at high rates), and any number of processes add to the same rows. What the allowed IP
 * preview reads of the API list (allowedIpAdminService.preview).
 */
export function createApiCallCounter(
  db: Kysely<Database>,
  now: () => Date,
  options: { flushMs?: number; onError?: (error: unknown) => void } = {},
) {
  let pending = new Map<string, { companyId: string; day: string; sourceIp: string; calls: number }>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: typeof pending) {
    if (batch.size === 0) return;
    const rows = [...batch.values()].map((entry) => ({
      company_id: entry.companyId,
      day: entry.day,
      source_ip: entry.sourceIp,
      calls: entry.calls,
    }));
    await db
      .insertInto("api_call_sources")
      .values(rows)
      .onConflict((conflict) =>
        conflict
          .columns(["company_id", "day", "source_ip"])
          .doUpdateSet({ calls: sql<number>`api_call_sources.calls + excluded.calls` }),
      )
      .execute();
  }

  /**
   * Writes what was counted so far; flushes run one after another. Always as the system: the rows
   * are every tenant's, even when a tenant's call (the preview) asks for the flush.
   */
  function flush(): Promise<void> {
    const batch = pending;
    pending = new Map();
    flushing = flushing.then(() =>
      runAsSystem(() => write(batch)).catch((error: unknown) => {
        // Kept for the next flush: a count is late rather than lost.
        for (const [key, entry] of batch) {
          const current = pending.get(key);
          pending.set(key, current ? { ...current, calls: current.calls + entry.calls } : entry);
        }
        options.onError?.(error);
      }),
    );
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushMs ?? API_CALL_FLUSH_MS);
  timer.unref();

  return {
    record(companyId: string, sourceIp: string) {
      const day = dayOf(now());
      const key = `${companyId}\u0000${day}\u0000${sourceIp}`;
      const current = pending.get(key);
      if (current) current.calls += 1;
      else pending.set(key, { companyId, day, sourceIp, calls: 1 });
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type ApiCallCounter = ReturnType<typeof createApiCallCounter>;

/** The company's API calls since `since` (UTC days) by source address. */
export async function apiCallsBySource(
  db: Kysely<Database>,
  companyId: string,
  since: Date,
): Promise<{ sourceIp: string; calls: number }[]> {
  const rows = await db
    .selectFrom("api_call_sources")
    .select(["source_ip", (eb) => eb.fn.sum<string>("calls").as("calls")])
    .where("company_id", "=", companyId)
    .where("day", ">=", dayOf(since))
    .groupBy("source_ip")
    .orderBy("source_ip")
    .execute();
  return rows.map((row) => ({ sourceIp: row.source_ip, calls: Number(row.calls) }));
}
