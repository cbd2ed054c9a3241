import { sql } from "kysely";
import type { EventSelection } from "../../../contract/eventSearch.ts";
import { selectionEvents } from "../eventSearch/matchingEvents.ts";
import { type ExportRowSource, loadExportRows } from "./eventExportBatch.ts";
import { type PackedRows, PackedRowsPool, type PooledRows } from "./packedRows.ts";

/** Batches loading in the database while the caller writes the one it was handed. */
export const EXPORT_READ_AHEAD = 2;

export interface ExportBatchSource extends ExportRowSource {
  companyId: string;
  selection: EventSelection;
  /** Only events screened until then (the request time). */
  asOf: Date;
  /** SQL of each chosen group's value (eventCsvPlan). */
  groupSql: readonly string[];
  batchSize: number;
  signal: AbortSignal;
}

/**
 * The selected events newest first, in keyset batches (created_at, event_id), each event as the JSON
 * text of its ExportRow with its parts (loadExportRows), packed as soon as loaded (packedRows.ts). Before a batch is handed over, the loads of
 * the next EXPORT_READ_AHEAD batches are running (their IDs read first, cheaply): the database works
 * on both cores while the caller writes. Held at once: the batch being written and those loading,
 * whatever the selection's size.
 */
export async function* exportBatches(source: ExportBatchSource): AsyncGenerator<PackedRows> {
  const { db, companyId, selection, asOf, groupSql, batchSize, signal } = source;
  const inFlight: Promise<PooledRows>[] = [];
  const pool = new PackedRowsPool();
  // The cursor's time as PostgreSQL's text, microseconds kept (a JS Date would cut them).
  let cursor: { at: string; id: string } | undefined;
  let more = true;
  try {
    while (more || inFlight.length > 0) {
      while (more && inFlight.length <= EXPORT_READ_AHEAD) {
        signal.throwIfAborted();
        let query = selectionEvents(db, companyId, selection)
          .select(["e.event_id", sql<string>`e.created_at::text`.as("at")])
          .where("e.created_at", "<=", asOf);
        if (cursor)
          query = query.where(
            sql<boolean>`(e.created_at, e.event_id) < (${cursor.at}::timestamptz, ${cursor.id})`,
          );
        const keys = await query
          .orderBy("e.created_at", "desc")
          .orderBy("e.event_id", "desc")
          .limit(batchSize)
          .execute();
        more = keys.length === batchSize;
        const last = keys.at(-1);
        if (!last) break;
        cursor = { at: last.at, id: last.event_id };
        const loading = loadExportRows(
          source,
          companyId,
          keys.map((key) => key.event_id),
          groupSql,
          pool,
        );
        // Marked handled now; a failure still surfaces when the batch is taken.
        loading.catch(() => undefined);
        inFlight.push(loading);
      }
      const next = inFlight.shift();
      if (!next) break;
      const batch = await next;
      yield batch;
      // Asked for the next one: this batch is written.
      pool.release(batch);
    }
  } finally {
    // Abandoned (an error, an abort): let the loads still running settle unobserved.
    for (const loading of inFlight) loading.catch(() => undefined);
  }
}
