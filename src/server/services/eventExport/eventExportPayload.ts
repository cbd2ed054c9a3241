import { z } from "zod";
import { LANGS } from "../../../contract/envelope.ts";
import { csvExportOptionsSchema } from "../../../contract/eventExport.ts";
import { eventSelectionSchema } from "../../../contract/eventSearch.ts";

/** The job kind of the event CSV output (src/server/jobs). */
export const EVENT_CSV_JOB = "eventCsvExport";

/** What an event CSV output job is given when it is queued (stored as the job's payload). */
export const eventExportPayloadSchema = z.object({
  selection: eventSelectionSchema,
  options: csvExportOptionsSchema,
  /** The operator's language: headers and code names. */
  lang: z.enum(LANGS),
  /** The request time: a search selection covers the events screened until then, not later ones. */
  asOf: z.iso.datetime(),
  /** Events matched when the request was accepted. */
  rowCount: z.number().int(),
  fileName: z.string(),
});
export type EventExportPayload = z.infer<typeof eventExportPayloadSchema>;

/** What a finished job stores as its result. */
export const eventExportResultSchema = z.object({
  rowCount: z.number().int(),
  fileName: z.string(),
  /** Relative to DATA_DIR. */
  filePath: z.string(),
  expiresAt: z.iso.datetime(),
});
export type EventExportResult = z.infer<typeof eventExportResultSchema>;
