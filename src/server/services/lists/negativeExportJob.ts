import path from "node:path";
import type { Selectable } from "kysely";
import { DOWNLOAD_LINK_MINUTES } from "../../../contract/eventExport.ts";
import { JAPAN_OFFSET_MS } from "../../../contract/japanTime.ts";
import { NEGATIVE_FIELDS } from "../../../contract/negativeList.ts";
import type { NegativesTable } from "../../db/schema.ts";
import type { JobHandler } from "../../jobs/jobTypes.ts";
import { negativeBatches } from "../../lists/negativeSearch.ts";
import type { CsvCell } from "../csvSafe.ts";
import type { ServiceDeps } from "../deps.ts";
import { openCsvFile } from "../eventExport/csvFileWriter.ts";
import { exportFilePath } from "../eventExport/eventExportJob.ts";
import { type NegativeExportResult, negativeExportPayloadSchema } from "./negativeExportPayload.ts";
import { columnOf } from "./negativeListService.ts";

/** Entries read per round trip (keyset batches): the memory held is one batch, whatever the count. */
export const NEGATIVE_EXPORT_BATCH = 1_000;

/** The file's header: the entry's keys, then every item of section 3, then its expiry and note. */
export const NEGATIVE_CSV_HEADER = [
  "negativeId",
  "createdAt",
  "updatedAt",
  "addType",
  "eventId",
  "shopEventId",
  ...NEGATIVE_FIELDS,
  "validUntil",
  "note",
] as const;

/**
 * The items of `source`, the next one asked for before the current one is handed over: the database
 * reads the next batch while this one is formatted and written (two batches held at most).
 */
async function* readAhead<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = source.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = source.next();
      // Marked handled now; a failure still surfaces when the batch is taken.
      next.catch(() => undefined);
      yield current.value;
    }
  } finally {
    await source.return(undefined);
  }
}

/** YYYY/MM/DD HH:mm:ss in Japan time (spec 9's long date format). */
const japanText = (at: Date): string =>
  new Date(new Date(at).getTime() + JAPAN_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace("T", " ")
    .replaceAll("-", "/");

/** The stored column of each item field, worked out once (not per row and field). */
const FIELD_COLUMNS = NEGATIVE_FIELDS.map(columnOf);

/** One entry as the file's cells (hashes as stored, dates in Japan time). */
function rowCells(row: Selectable<NegativesTable>): CsvCell[] {
  const record = row as unknown as Record<string, unknown>;
  return [
    String(row.negative_id),
    japanText(row.created_at),
    japanText(row.updated_at),
    row.add_type,
    row.event_id,
    row.shop_event_id,
    ...FIELD_COLUMNS.map((column) => record[column] as string | null),
    row.valid_until === null ? "" : japanText(row.valid_until),
    row.note,
  ];
}

/**
 * The negative list's CSV output job: streams every entry of the search (as of the request) in
 * keyset batches through the event CSV output's file writer (Excel-safe cells, UTF-8 with a BOM or
 * CP932, written to "<file>.part" and renamed when complete) into the event export's files under
 * DATA_DIR, then answers the file as its result; the status call (negativeExportService) offers it
 * until DOWNLOAD_LINK_MINUTES after the job ended, and the expired-downloads sweep deletes it.
 */
export function negativeExportJob(
  deps: Pick<ServiceDeps, "db" | "config" | "now">,
  batchSize = NEGATIVE_EXPORT_BATCH,
): JobHandler {
  const { db, config, now } = deps;
  return async (job, { signal }) => {
    const payload = negativeExportPayloadSchema.parse(job.payload);
    const filePath = exportFilePath(job.companyId, job.jobId);
    const file = await openCsvFile(path.join(config.dataDir, filePath), {
      delimiter: ",",
      encoding: payload.encoding,
    });
    let rowCount = 0;
    try {
      await file.writeRows([NEGATIVE_CSV_HEADER]);
      const asOf = new Date(payload.asOf);
      for await (const rows of readAhead(
        negativeBatches(db, job.companyId, payload.search, batchSize, asOf),
      )) {
        signal.throwIfAborted();
        await file.writeRows(rows.map(rowCells));
        rowCount += rows.length;
      }
      await file.finish();
    } catch (error) {
      await file.discard();
      throw error;
    }
    const expiresAt = new Date(now().getTime() + DOWNLOAD_LINK_MINUTES * 60_000);
    const result: NegativeExportResult = {
      rowCount,
      fileName: payload.fileName,
      filePath,
      expiresAt: expiresAt.toISOString(),
    };
    return result;
  };
}
