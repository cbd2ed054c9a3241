import { z } from "zod";
import { defineCall } from "./call.ts";
import { EXPORT_GROUPS } from "./eventFields.ts";
import { eventSelectionSchema } from "./eventSearch.ts";

/**
 * Event CSV output (spec sections 2 and 9, issue 4). The request runs as a background job: the answer
 * only says it was accepted (message 008); the job streams the events from the database in batches,
 * writes the file and mails the operator a short-lived download link bound to the tenant. The client
 * polls the job's state and offers the same link when it is ready.
 */

/** Event CSV delimiter (spec section 9): 0 comma, 1 tab. */
export const CSV_DELIMITER = { comma: "0", tab: "1" } as const;
export const CSV_ENCODINGS = ["utf8", "cp932"] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];
/** Minutes a download link stays valid. */
export const DOWNLOAD_LINK_MINUTES = 60;

export const csvExportOptionsSchema = z
  .object({
    delimiter: z.enum([CSV_DELIMITER.comma, CSV_DELIMITER.tab]),
    /**
     * At least one group: none answers 902 (no item selected, ERROR.noItemSelected), which the server
     * checks after parsing, so the array itself may be empty here.
     */
    groups: z.array(z.enum(EXPORT_GROUPS)).max(EXPORT_GROUPS.length),
    /** UTF-8 with BOM by default; Shift_JIS (CP932) on request. */
    encoding: z.enum(CSV_ENCODINGS),
  })
  .strict();
export type CsvExportOptions = z.infer<typeof csvExportOptionsSchema>;

export const eventCsvExport = defineCall({
  name: "eventCsvExport",
  method: "POST",
  path: "/api/v3/screen/event/csv",
  access: { kind: "read", screenId: "EventDialogCsvDownload" },
  request: z.object({ selection: eventSelectionSchema, options: csvExportOptionsSchema }).strict(),
  response: z.object({ jobId: z.string() }),
});

export const CSV_JOB_STATES = ["queued", "running", "done", "failed"] as const;
export type CsvJobState = (typeof CSV_JOB_STATES)[number];

export const csvJobStatusSchema = z.object({
  jobId: z.string(),
  state: z.enum(CSV_JOB_STATES),
  rowCount: z.number().int(),
  fileName: z.string(),
  /** Relative URL under /api/v3/download/, set when done and not yet expired. */
  downloadUrl: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type CsvJobStatus = z.infer<typeof csvJobStatusSchema>;

/** The operator's own export job (another operator's or tenant's job answers 963). */
export const eventCsvExportStatus = defineCall({
  name: "eventCsvExportStatus",
  method: "POST",
  path: "/api/v3/screen/event/csv/status",
  access: { kind: "read", screenId: "EventDialogCsvDownload" },
  request: z.object({ jobId: z.string().trim().min(1).max(64) }).strict(),
  response: csvJobStatusSchema,
});

/** Download links: GET DOWNLOAD_PATH_PREFIX + token, with the session of the same tenant. */
export const DOWNLOAD_PATH_PREFIX = "/api/v3/download/";
