import { type Kysely, sql } from "kysely";
import type { ExportGroup } from "../../../contract/eventFields.ts";
import type { EventSelection } from "../../../contract/eventSearch.ts";
import type { Database } from "../../db/schema.ts";
import { selectionEvents } from "../eventSearch/matchingEvents.ts";
import { loadExportRecords } from "./eventExportBatch.ts";
import { EVENT_BASE_COLUMNS, type EventExportRecord, type ExportEventRow } from "./eventExportRecord.ts";

/** Batches whose parts are being read while the oldest one is written. */
export const EXPORT_READ_AHEAD = 3;

export interface ExportBatchSource {
  db: Kysely<Database>;
  companyId: string;
  selection: EventSelection;
  /** Only events screened until then (the request time). */
  asOf: Date;
  groups: ReadonlySet<ExportGroup>;
  batchSize: number;
  signal: AbortSignal;
}

/**
 * The selected events newest first, in keyset batches (created_at, event_id) with their parts, in
 * order. The events of the next batches are read as soon as one is taken and their parts load in the
 * background, up to EXPORT_READ_AHEAD batches: the database works while the caller writes. At most
 * that many batches are held, whatever the selection's size.
 */
export async function* exportBatches(source: ExportBatchSource): AsyncGenerator<EventExportRecord[]> {
  const { db, companyId, selection, asOf, groups, batchSize, signal } = source;
  const inFlight: Promise<EventExportRecord[]>[] = [];
  let cursor: ExportEventRow | undefined;
  let more = true;
  try {
    while (more || inFlight.length > 0) {
      while (more && inFlight.length < EXPORT_READ_AHEAD) {
        signal.throwIfAborted();
        let query = selectionEvents(db, companyId, selection)
          .select(EVENT_BASE_COLUMNS)
          .where("e.created_at", "<=", asOf);
        if (cursor)
          query = query.where(
            sql<boolean>`(e.created_at, e.event_id) < (${new Date(cursor.created_at)}, ${cursor.event_id})`,
          );
        const events = (await query
          .orderBy("e.created_at", "desc")
          .orderBy("e.event_id", "desc")
          .limit(batchSize)
          .execute()) as ExportEventRow[];
        more = events.length === batchSize;
        cursor = events.at(-1);
        if (events.length === 0) break;
        const loading = loadExportRecords(db, companyId, events, groups);
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
