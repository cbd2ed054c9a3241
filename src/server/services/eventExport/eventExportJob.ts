import path from "node:path";
import { CSV_DELIMITER, DOWNLOAD_LINK_MINUTES } from "../../../contract/eventExport.ts";
import { createDownloadLink, downloadPath } from "../../jobs/downloadLinks.ts";
import type { JobHandler } from "../../jobs/jobTypes.ts";
import { csvExportReadyMail } from "../../mail/templates.ts";
import { CRLF } from "../csvSafe.ts";
import type { ServiceDeps } from "../deps.ts";
import { csvContentType, openCsvFile } from "./csvFileWriter.ts";
import { eventCsvPlan } from "./eventCsvColumns.ts";
import { type EventExportResult, eventExportPayloadSchema } from "./eventExportPayload.ts";
import { exportBatches } from "./exportBatches.ts";

/**
 * Events read and written per round trip: the memory held is a few batches (exportBatches.ts),
 * whatever the file's size.
 */
export const EXPORT_BATCH_SIZE = 1_000;

/** Characters of formatted lines handed to the file at once. */
const WRITE_PIECE = 64 * 1024;

/** Where a job's file lives, relative to DATA_DIR. */
export const exportFilePath = (companyId: string, jobId: string): string =>
  path.join(
    "exports",
    companyId.replace(/[^A-Za-z0-9_-]/g, "_"),
    `${jobId.replace(/[^A-Za-z0-9_-]/g, "_")}.csv`,
  );

/**
 * The event CSV output job: streams the selected events from the database newest first in keyset
 * batches (exportBatches), writes each batch to the file as it comes, then stores a download
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
    const delimiter = options.delimiter === CSV_DELIMITER.tab ? "\t" : ",";
    const plan = eventCsvPlan(lang, options.groups, delimiter);
    const filePath = exportFilePath(job.companyId, job.jobId);
    const file = await openCsvFile(path.join(config.dataDir, filePath), {
      delimiter,
      encoding: options.encoding,
    });
    let rowCount = 0;
    try {
      await file.writeRows([plan.headers]);
      for await (const rows of exportBatches({
        db,
        companyId: job.companyId,
        selection,
        asOf: new Date(payload.asOf),
        groupSql: plan.groupSql,
        batchSize,
        signal,
      })) {
        // Written in pieces of about WRITE_PIECE characters: a batch-sized text would live through
        // several young-generation collections and be copied by each (its rows' JSON dies young).
        let text = "";
        for (const row of rows) {
          text += plan.formatRow(JSON.parse(row)) + CRLF;
          if (text.length >= WRITE_PIECE) {
            await file.writeText(text);
            text = "";
          }
        }
        if (text !== "") await file.writeText(text);
        rowCount += rows.length;
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
