import { z } from "zod";
import { CSV_ENCODINGS } from "../../../contract/eventExport.ts";
import { negativeSearchSchema } from "../../../contract/negativeList.ts";

/** The job kind of the negative list's CSV output (src/server/jobs). */
export const NEGATIVE_CSV_JOB = "negativeCsvExport";

/** What a negative list CSV output job is given when it is queued (stored as the job's payload). */
export const negativeExportPayloadSchema = z.object({
  /** The search as the request's contract parsed it (its output parses again to itself). */
  search: negativeSearchSchema,
  encoding: z.enum(CSV_ENCODINGS),
  /** The request time: "expiring within 7 days" and the expiry of entries are judged as of then. */
  asOf: z.iso.datetime(),
  fileName: z.string(),
});
export type NegativeExportPayload = z.infer<typeof negativeExportPayloadSchema>;

/** What a finished job stores as its result. */
export const negativeExportResultSchema = z.object({
  rowCount: z.number().int(),
  fileName: z.string(),
  /** Relative to DATA_DIR (the event CSV output's export files, eventExportJob.ts exportFilePath). */
  filePath: z.string(),
  expiresAt: z.iso.datetime(),
});
export type NegativeExportResult = z.infer<typeof negativeExportResultSchema>;
