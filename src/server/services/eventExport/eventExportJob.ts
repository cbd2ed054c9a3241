import path from "node:path";
import { sql } from "kysely";
import { CSV_DELIMITER, DOWNLOAD_LINK_MINUTES } from "../../../contract/eventExport.ts";
import { createDownloadLink, downloadPath } from "../../jobs/downloadLinks.ts";
import type { JobHandler } from "../../jobs/jobTypes.ts";
import { csvExportReadyMail } from "../../mail/templates.ts";
import type { ServiceDeps } from "../deps.ts";
import { selectionEvents } from "../eventSearch/matchingEvents.ts";
import { csvContentType, openCsvFile } from "./csvFileWriter.ts";
import { eventCsvColumns } from "./eventCsvColumns.ts";
import { loadExportRecords } from "./eventExportBatch.ts";
import { type EventExportResult, eventExportPayloadSchema } from "./eventExportPayload.ts";
import { EVENT_BASE_COLUMNS, type ExportEventRow } from "./eventExportRecord.ts";

/**
 * Events read and written per round trip: the memory held is two batches (one being written, the next
 * being read), whatever the file's size.
 */
export const EXPORT_BATCH_SIZE = 1_000;

/** Where a job's file lives, relative to DATA_DIR. */
export const exportFilePath = (companyId: string, jobId: string): string =>
  path.join(
    "exports",
    companyId.replace(/[^A-Za-z0-9_-]/g, "_"),
    `${jobId.replace(/[^A-Za-z0-9_-]/g, "_")}.csv`,
  );

/**
 * The event CSV output job: streams the selected events from the database newest first in keyset
 * batches (created_at, event_id), writes each batch to the file as it comes, then stores a download
 * link valid DOWNLOAD_LINK_MINUTES and mails it to the operator.
 */
export function eventExportJob(
  deps: Pick<ServiceDeps, "db" | "config" | "mailer" | "now">,
  batchSize = EXPORT_BATCH_SIZE,
): JobHandler {
  const { db, config, mailer, now } = deps;
  return async (job, { signal, log }) => {
    const payload = eventExportPayloadSchema.parse(job.payload);
    const { selection, options, lang } = payload;
    const groups = new Set(options.groups);
    const columns = eventCsvColumns(lang, options.groups);
    const filePath = exportFilePath(job.companyId, job.jobId);
    const file = await openCsvFile(path.join(config.dataDir, filePath), {
      delimiter: options.delimiter === CSV_DELIMITER.tab ? "\t" : ",",
      encoding: options.encoding,
    });
    let rowCount = 0;
    /** One batch after the cursor: its events and their parts (null past the last one). */
    const readBatch = async (cursor: ExportEventRow | undefined) => {
      signal.throwIfAborted();
      let query = selectionEvents(db, job.companyId, selection)
        .select(EVENT_BASE_COLUMNS)
        .where("e.created_at", "<=", new Date(payload.asOf));
      if (cursor)
        query = query.where(
          sql<boolean>`(e.created_at, e.event_id) < (${new Date(cursor.created_at)}, ${cursor.event_id})`,
        );
      const events = (await query
        .orderBy("e.created_at", "desc")
        .orderBy("e.event_id", "desc")
        .limit(batchSize)
        .execute()) as ExportEventRow[];
      if (events.length === 0) return null;
      return { events, records: await loadExportRecords(db, job.companyId, events, groups) };
    };
    try {
      await file.writeRows([columns.map((column) => column.header)]);
      let pending: ReturnType<typeof readBatch> | null = readBatch(undefined);
      while (pending) {
        const batch: Awaited<ReturnType<typeof readBatch>> = await pending;
        if (!batch) break;
        // The database reads the next batch while this one is formatted and written: one batch ahead.
        pending = batch.events.length < batchSize ? null : readBatch(batch.events.at(-1));
        // Marked handled now; a failure still surfaces when it is awaited next.
        pending?.catch(() => undefined);
        await file.writeRows(batch.records.map((record) => columns.map((column) => column.value(record))));
        rowCount += batch.events.length;
      }
      await file.finish();
    } catch (error) {
      await file.discard();
      throw error;
    }

    const at = now();
    const expiresAt = new Date(at.getTime() + DOWNLOAD_LINK_MINUTES * 60_000);
    const token = await createDownloadLink(db, {
      companyId: job.companyId,
      operatorId: job.operatorId,
      jobId: job.jobId,
      filePath,
      fileName: payload.fileName,
      contentType: csvContentType(options.encoding),
      now: at,
      expiresAt,
    });
    const operator = await db
      .selectFrom("operators")
      .select(["email", "name"])
      .where("company_id", "=", job.companyId)
      .where("id", "=", job.operatorId)
      .executeTakeFirst();
    if (operator) {
      try {
        await mailer.send(
          csvExportReadyMail({
            to: operator.email,
            operatorName: operator.name,
            url: `${config.publicUrl}${downloadPath(token)}`,
            expiresAt,
            rowCount,
          }),
        );
      } catch (error) {
        // The file is still offered in the console (status call); the failure is the operator's to learn there.
        log.error({ err: error }, "CSV output mail not sent");
      }
    }
    const result: EventExportResult = {
      rowCount,
      fileName: payload.fileName,
      filePath,
      expiresAt: expiresAt.toISOString(),
    };
    return result;
  };
}
