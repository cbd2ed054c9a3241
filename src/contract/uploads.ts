import { z } from "zod";
import { defineCall } from "./call.ts";
import type { ScreenId } from "./screens.ts";

/**
 * CSV uploads (spec sections 5 and 7, issue 39): one pipeline for every file type. The file goes up as
 * multipart (UPLOAD_PATH, not a JSON call: see UPLOAD_ENVELOPE_FIELD), becomes one background job, and
 * every row gets a result. The JSON calls below list the jobs, follow one, and ask for a link to the
 * uploaded file (processing type "upload") or to its result file ("download").
 */

/** The upload file types of spec section 7. */
export const UPLOAD_FILE_TYPES = [
  "CsvKeyword",
  "CsvNegativeEvent",
  "CsvNegativeItem",
  "CsvAuthori",
  "CsvUpdate",
] as const;
export type UploadFileType = (typeof UPLOAD_FILE_TYPES)[number];

/**
 * The screen whose write permission an upload of a type needs, and the screen (read) that lists its
 * jobs, offers its files and is linked from the result mail.
 */
export const UPLOAD_SCREENS: Readonly<Record<UploadFileType, { upload: ScreenId; history: ScreenId }>> = {
  CsvKeyword: { upload: "KeywordAdd", history: "KeywordCategoryList" },
  CsvNegativeEvent: { upload: "CsvNegative", history: "NegativeHistory" },
  CsvNegativeItem: { upload: "CsvNegative", history: "NegativeHistory" },
  CsvAuthori: { upload: "CsvAuthori", history: "CsvAuthoriHistory" },
  CsvUpdate: { upload: "CsvUpdate", history: "CsvAuthoriHistory" },
};

/** The encoding a job read its file in: UTF-8 with a BOM, UTF-8 without, or CP932 (Shift_JIS). */
export const UPLOAD_ENCODINGS = ["utf8bom", "utf8", "cp932"] as const;
export type UploadEncoding = (typeof UPLOAD_ENCODINGS)[number];

/** A job's state; doneWithErrors: every row has its result and some were refused. */
export const UPLOAD_STATES = ["queued", "running", "done", "doneWithErrors", "failed"] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** Processing type of a link request (spec section 7): the uploaded file, or its result file. */
export const UPLOAD_PROCESSING_TYPES = ["upload", "download"] as const;

/**
 * POST multipart/form-data. The first part is the field UPLOAD_ENVELOPE_FIELD: the usual request
 * envelope as JSON text (header, info.token and info.shopId, telegram: uploadTelegramSchema); then the
 * file part UPLOAD_FILE_FIELD. The server checks the envelope as it checks a JSON call's before it
 * reads a byte of the file. The answer is the usual JSON envelope with uploadJobSchema.
 */
export const UPLOAD_PATH = "/api/v3/screen/upload";
export const UPLOAD_ENVELOPE_FIELD = "envelope";
export const UPLOAD_FILE_FIELD = "file";

export const uploadTelegramSchema = z
  .object({
    fileType: z.enum(UPLOAD_FILE_TYPES),
    /** The upload screen's choices, checked against the type's schema (src/contract/uploadOptions.ts). */
    options: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const uploadJobSchema = z.object({
  jobId: z.string(),
  fileType: z.enum(UPLOAD_FILE_TYPES),
  fileName: z.string(),
  operatorName: z.string(),
  state: z.enum(UPLOAD_STATES),
  encoding: z.enum(UPLOAD_ENCODINGS),
  /** Data rows in the file (the header not counted); null until the job has read it through. */
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  appliedRows: z.number().int(),
  refusedRows: z.number().int(),
  uploadedAt: z.string(),
  completedAt: z.string().nullable(),
  /** Why a failed job failed (e.g. the header's missing column), in the upload's language. */
  error: z.string().nullable(),
  /** Whether the result file can be asked for (the job is done). */
  hasResult: z.boolean(),
});
export type UploadJob = z.infer<typeof uploadJobSchema>;

export const UPLOAD_HISTORY_PAGE_SIZE = 200;

/** The jobs of the asked file types, newest first, uploaded within [from, to] when given. */
export const uploadHistory = defineCall({
  name: "uploadHistory",
  method: "POST",
  path: "/api/v3/screen/upload/history",
  // Per file type: read on each asked type's history screen (checked by the server, 962 otherwise).
  access: { kind: "session" },
  request: z
    .object({
      fileTypes: z.array(z.enum(UPLOAD_FILE_TYPES)).min(1).max(UPLOAD_FILE_TYPES.length),
      from: z.iso.datetime({ offset: true }).nullable(),
      to: z.iso.datetime({ offset: true }).nullable(),
      page: z.number().int().min(1).max(100_000),
    })
    .strict(),
  response: z.object({ jobs: z.array(uploadJobSchema), total: z.number().int(), pageSize: z.number().int() }),
});

/** One job, for polling; another tenant's job, or one of a type the role may not read, answers 963 / 962. */
export const uploadJobStatus = defineCall({
  name: "uploadJobStatus",
  method: "POST",
  path: "/api/v3/screen/upload/status",
  access: { kind: "session" },
  request: z.object({ jobId: z.string().max(64) }).strict(),
  response: uploadJobSchema,
});

/** A short-lived download link of a job's uploaded file ("upload") or result file ("download"). */
export const uploadFileLink = defineCall({
  name: "uploadFileLink",
  method: "POST",
  path: "/api/v3/screen/upload/link",
  access: { kind: "session" },
  request: z
    .object({
      jobId: z.string().max(64),
      processingType: z.enum(UPLOAD_PROCESSING_TYPES),
      fileType: z.enum(UPLOAD_FILE_TYPES),
    })
    .strict(),
  response: z.object({ downloadUrl: z.string(), expiresAt: z.string() }),
});
