import { z } from "zod";
import { NEGATIVE_OTHER_CATEGORIES, NEGATIVE_SETTLE_CATEGORIES } from "./eventActions.ts";
import { MANUAL_RESULTS } from "./screening.ts";
import { SETTLE_STATUSES } from "./screeningApi.ts";
import type { UploadFileType } from "./uploads.ts";

/**
 * The options an upload screen sends with its file (spec section 9, issue 39): the upload telegram's
 * `options`, checked by the multipart route against its file type's schema and kept in the job's
 * payload, where the file type's row handler reads them (RowBatchContext.options).
 */

/** CSV screening priority (spec section 9): 10 speed, 20 accuracy. */
export const CSV_AUTHORI_PRIORITY = { speed: "10", accuracy: "20" } as const;
export const CSV_AUTHORI_PRIORITIES = [CSV_AUTHORI_PRIORITY.speed, CSV_AUTHORI_PRIORITY.accuracy] as const;

/** CSV update upload types (spec section 9): 00 merchant management ID, 10 event ID, 30 CSV. */
export const CSV_UPDATE_UPLOAD_TYPES = ["00", "10", "30"] as const;
/** CSV negative upload types (spec section 9): 00 shop event ID, 10 event ID, 20 member ID, 30 CSV. */
export const CSV_NEGATIVE_UPLOAD_TYPES = ["00", "10", "20", "30"] as const;
/** Customer type of CSV negative requests (spec section 9): 10 purchaser, 20 shipping, 30 both. */
export const CSV_NEGATIVE_CUSTOMER_TYPES = ["10", "20", "30"] as const;
/** Delete and unregister flags, register or cancel (spec section 9): 1 or 0. */
export const FLAGS = ["0", "1"] as const;

export const csvAuthoriOptionsSchema = z.object({ priority: z.enum(CSV_AUTHORI_PRIORITIES) }).strict();

export const csvUpdateOptionsSchema = z
  .object({
    uploadType: z.enum(CSV_UPDATE_UPLOAD_TYPES),
    /** Logical delete: 1 do, 0 do not. */
    logicalDelete: z.enum(FLAGS),
    /** "" leaves the settle status as it is. */
    settleStatus: z.enum(["", ...SETTLE_STATUSES]),
    /** "" gives no manual result. */
    manualResult: z.enum(["", ...MANUAL_RESULTS]),
    reason: z.string().trim().max(200),
    /** The labels to register (labelUnregister 0) or to take off (1); none leaves the labels. */
    labelIds: z.array(z.string().trim().min(1).max(50)).max(100),
    labelUnregister: z.enum(FLAGS),
  })
  .strict();

export const csvNegativeOptionsSchema = z
  .object({
    uploadType: z.enum(CSV_NEGATIVE_UPLOAD_TYPES),
    customerType: z.enum(CSV_NEGATIVE_CUSTOMER_TYPES),
    settleCategory: z.enum(["", ...NEGATIVE_SETTLE_CATEGORIES]),
    otherCategory: z.enum(["", ...NEGATIVE_OTHER_CATEGORIES]),
    /** 1: the rows' purchaser and shipping registrations are removed instead. */
    unregister: z.enum(FLAGS),
  })
  .strict();

export type CsvAuthoriOptions = z.infer<typeof csvAuthoriOptionsSchema>;
export type CsvUpdateOptions = z.infer<typeof csvUpdateOptionsSchema>;
export type CsvNegativeOptions = z.infer<typeof csvNegativeOptionsSchema>;
export type UploadOptions = CsvAuthoriOptions | CsvUpdateOptions | CsvNegativeOptions | Record<string, never>;

/** Each file type's options; the keyword upload takes none. */
export const UPLOAD_OPTIONS_SCHEMAS: Readonly<Record<UploadFileType, z.ZodType>> = {
  CsvKeyword: z.object({}).strict(),
  CsvAuthori: csvAuthoriOptionsSchema,
  CsvUpdate: csvUpdateOptionsSchema,
  CsvNegativeEvent: csvNegativeOptionsSchema,
  CsvNegativeItem: csvNegativeOptionsSchema,
};

/**
 * A CSV update by event ID or merchant management ID must change something (902): a logical delete,
 * a settle status, a manual result or labels. With upload type 30 the file's rows say what changes.
 */
export const csvUpdateChoosesNothing = (options: CsvUpdateOptions): boolean =>
  options.uploadType !== "30" &&
  options.logicalDelete === "0" &&
  options.settleStatus === "" &&
  options.manualResult === "" &&
  options.labelIds.length === 0;

/** The CSV negative screen's file type: a CSV of items (30), or a file of event or member IDs. */
export const csvNegativeFileType = (uploadType: CsvNegativeOptions["uploadType"]): UploadFileType =>
  uploadType === "30" ? "CsvNegativeItem" : "CsvNegativeEvent";
