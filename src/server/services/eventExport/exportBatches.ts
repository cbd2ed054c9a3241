import { type Kysely, sql } from "kysely";
import type { EventSelection } from "../../../contract/eventSearch.ts";
import type { Database } from "../../db/schema.ts";
import { selectionEvents } from "../eventSearch/matchingEvents.ts";
import { loadExportRows } from "./eventExportBatch.ts";

/** Batches being read while the oldest one is written. */
export const EXPORT_READ_AHEAD = 2;

export interface ExportBatchSource {
  db: Kysely<Database>;
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
 * text of its ExportRow with its parts (loadExportRows). The IDs of the next batches are read as soon
 * as one is taken and their rows load in the background, up to EXPORT_READ_AHEAD batches: the
 * database works while the caller writes. At most that many batches are held, whatever the
 * selection's size (three went over bench (f)'s 150 MB RSS budget while batches were written as one
 * text each, and measured no faster than two since).
 */
export async function* exportBatches(source: ExportBatchSource): AsyncGenerator<string[]> {
  const { db, companyId, selection, asOf, groupSql, batchSize, signal } = source;
  const inFlight: Promise<string[]>[] = [];
  // The cursor's time as PostgreSQL's text, microseconds kept (a JS Date would cut them).
  let cursor: { at: string; id: string } | undefined;
  let more = true;
  try {
    while (more || inFlight.length > 0) {
      while (more && inFlight.length < EXPORT_READ_AHEAD) {
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
          db,
          companyId,
          keys.map((key) => key.event_id),
          groupSql,
        );
        // Marked handled now; a failure still surfaces when the batch is taken.
        loading.catch(() => undefined);
        inFlight.push(loading);
      }
      const next = inFlight.shift();
      if (!next) break;
      yield await next;
    }
  } finally {
    // Abandoned (an error, an abort): let the loads still running settle unobserved.
    for (const loading of inFlight) loading.catch(() => undefined);
  }
}
