import { z } from "zod";
import { NEGATIVE_OTHER_CATEGORIES, NEGATIVE_SETTLE_CATEGORIES } from "./eventActions.ts";
import { MANUAL_RESULTS } from "./screening.ts";
import { SETTLE_STATUSES } from "./screeningApi.ts";
import type { UploadFileType } from "./uploads.ts";
import { optionalText } from "./validation.ts";

/**
 * What an upload screen sends beside its file (spec sections 2 and 9, docs/uploads.md): the telegram's
 * `options`, checked by the server against the file type's schema below before a byte of the file is
 * stored. The options decide the file's columns (uploadColumns) for the types whose events can be
 * named in several ways: the screen sends the values an operator typed (event IDs, merchant management
 * IDs, member IDs) as a one-column CSV file of its own, so every upload is one file and one job.
 */

/** CSV screening priority (spec 9): 10 speed, 20 accuracy (docs/uploads.md says what each does). */
export const CSV_SCREENING_PRIORITY = { speed: "10", accuracy: "20" } as const;
export const CSV_SCREENING_PRIORITIES = [
  CSV_SCREENING_PRIORITY.speed,
  CSV_SCREENING_PRIORITY.accuracy,
] as const;

export const csvAuthoriOptionsSchema = z.object({ priority: z.enum(CSV_SCREENING_PRIORITIES) }).strict();
export type CsvAuthoriOptions = z.infer<typeof csvAuthoriOptionsSchema>;

/** How the events of a CSV update or a CSV negative upload are named (spec 9's upload types). */
export const UPLOAD_TYPE = { shopEventId: "00", eventId: "10", memberId: "20", csv: "30" } as const;
export const CSV_UPDATE_UPLOAD_TYPES = [
  UPLOAD_TYPE.shopEventId,
  UPLOAD_TYPE.eventId,
  UPLOAD_TYPE.csv,
] as const;
export const CSV_NEGATIVE_UPLOAD_TYPES = [
  UPLOAD_TYPE.shopEventId,
  UPLOAD_TYPE.eventId,
  UPLOAD_TYPE.memberId,
  UPLOAD_TYPE.csv,
] as const;

/** Flags of spec 9 (delete, unregister, register/cancel): "1" yes, "0" no. */
const flag = z.enum(["0", "1"]);

export const csvUpdateOptionsSchema = z
  .object({
    uploadType: z.enum(CSV_UPDATE_UPLOAD_TYPES),
    /** "1": the events are logically deleted (kept for reference, read-only from then on). */
    logicalDelete: flag.default("0"),
    settleStatus: z.enum(SETTLE_STATUSES).nullable().default(null),
    manualResult: z.enum(MANUAL_RESULTS).nullable().default(null),
    /** The manual result's reason (manual screening history). */
    reason: optionalText(500).default(""),
    /** Labels to register on (labelUnregister "0") or take off (labelUnregister "1") every event. */
    labelIds: z.array(z.string().trim().min(1).max(64)).max(100).default([]),
    labelUnregister: flag.default("0"),
  })
  .strict();
export type CsvUpdateOptions = z.infer<typeof csvUpdateOptionsSchema>;

/** Whether a CSV update asks for anything at all (else 902, as the event detail's actions answer). */
export const csvUpdateChoosesSomething = (options: CsvUpdateOptions): boolean =>
  options.logicalDelete === "1" ||
  options.settleStatus !== null ||
  options.manualResult !== null ||
  options.labelIds.length > 0;

/** Customer type of a CSV negative request (spec 9): 10 purchaser, 20 shipping, 30 both. */
export const CSV_CUSTOMER_TYPE = { purchaser: "10", shipping: "20", both: "30" } as const;
export const CSV_CUSTOMER_TYPES = [
  CSV_CUSTOMER_TYPE.purchaser,
  CSV_CUSTOMER_TYPE.shipping,
  CSV_CUSTOMER_TYPE.both,
] as const;

export const csvNegativeEventOptionsSchema = z
  .object({
    uploadType: z.enum(CSV_NEGATIVE_UPLOAD_TYPES),
    customerType: z.enum(CSV_CUSTOMER_TYPES).default(CSV_CUSTOMER_TYPE.both),
    /** "1" registers; "0" (the unregister checkbox) removes both purchaser and shipping registration. */
    register: flag.default("1"),
    /** The event detail's negative categories (empty: none). */
    settleCategory: z.enum(["", ...NEGATIVE_SETTLE_CATEGORIES]).default(""),
    otherCategory: z.enum(["", ...NEGATIVE_OTHER_CATEGORIES]).default(""),
  })
  .strict();
export type CsvNegativeEventOptions = z.infer<typeof csvNegativeEventOptionsSchema>;

/** Each file type's options (null: it takes none). */
export const UPLOAD_OPTIONS_SCHEMAS: Readonly<Record<UploadFileType, z.ZodType | null>> = {
  CsvKeyword: null,
  CsvNegativeEvent: csvNegativeEventOptionsSchema,
  CsvNegativeItem: null,
  CsvAuthori: csvAuthoriOptionsSchema,
  CsvUpdate: csvUpdateOptionsSchema,
};

/** The one column of a file of typed values, by upload type (00, 10, 20). */
export const TYPED_VALUE_COLUMN = {
  [UPLOAD_TYPE.shopEventId]: "shopEventId",
  [UPLOAD_TYPE.eventId]: "eventId",
  [UPLOAD_TYPE.memberId]: "shopMemberId",
} as const;

/** The columns of a CSV (30) file of events: each row names its event by event ID or shop event ID (or both). */
export const EVENT_FILE_COLUMNS = ["eventId", "shopEventId"] as const;

/**
 * GET UPLOAD_SAMPLE_PATH_PREFIX + fileType + ".csv": a sample file of the type (UTF-8 with a BOM, its
 * header row and example rows), public: it holds no tenant's data. For the types with options it is
 * the CSV (30) shape.
 */
export const UPLOAD_SAMPLE_PATH_PREFIX = "/api/v3/upload/sample/";
export const uploadSamplePath = (fileType: UploadFileType): string =>
  `${UPLOAD_SAMPLE_PATH_PREFIX}${fileType}.csv`;
