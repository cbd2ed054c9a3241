import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { UploadFileType } from "../../contract/uploads.ts";
import type { Database } from "../db/schema.ts";
import { storeFile } from "../uploads/fileChunks.ts";
import { writeResultFile } from "../uploads/resultFile.ts";
import { sampleFile } from "../uploads/sampleFiles.ts";
import { uploadJobKind } from "../uploads/uploadFileTypes.ts";
import { uploadDb } from "../uploads/uploadTables.ts";

const HOUR_MS = 3_600_000;

async function* oneChunk(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

interface DemoUpload {
  fileType: UploadFileType;
  fileName: string;
  options?: Record<string, unknown>;
  hoursAgo: number;
  /** Data rows refused (by number in the file, the header is row 1), with their reason. */
  refused?: Record<number, string>;
  /** A job that failed before any row (its reason). */
  failed?: string;
}

/** Finished upload jobs of each type in the tenant, so the history screens have rows to show. */
const DEMO_UPLOADS: readonly DemoUpload[] = [
  { fileType: "CsvAuthori", fileName: "電話注文_0401.csv", options: { priority: "20" }, hoursAgo: 200 },
  {
    fileType: "CsvAuthori",
    fileName: "backlog_march.csv",
    options: { priority: "10" },
    hoursAgo: 50,
    refused: { 3: "3行目 amount列: 必須項目です" },
  },
  {
    fileType: "CsvUpdate",
    fileName: "chargebacks.csv",
    options: { uploadType: "30", manualResult: "20", reason: "チャージバック" },
    hoursAgo: 30,
  },
  {
    fileType: "CsvUpdate",
    fileName: "削除対象.csv",
    options: { uploadType: "30", logicalDelete: "1" },
    hoursAgo: 5,
    failed: "ヘッダー行に列 eventId がありません。",
  },
  {
    fileType: "CsvNegativeEvent",
    fileName: "negative_events.csv",
    options: { uploadType: "30", customerType: "30", register: "1" },
    hoursAgo: 72,
  },
  { fileType: "CsvNegativeItem", fileName: "ネガティブ電話番号.csv", hoursAgo: 20 },
];

/** Stores the demo uploads of one tenant: each a done (or failed) job with its file and result file. */
export async function seedDemoUploads(db: Kysely<Database>, companyId: string, now: Date): Promise<void> {
  const operator = await db
    .selectFrom("operators")
    .select("id")
    .where("company_id", "=", companyId)
    .orderBy("id")
    .executeTakeFirst();
  if (!operator) return;
  const udb = uploadDb(db);
  for (const demo of DEMO_UPLOADS) {
    const bytes = sampleFile(demo.fileType);
    if (!bytes) continue;
    const at = new Date(now.getTime() - demo.hoursAgo * HOUR_MS);
    const finished = new Date(at.getTime() + 90_000);
    const jobId = randomUUID();
    const fileId = randomUUID();
    const rows = bytes.toString("utf8").split("\r\n").filter(Boolean).length - 1;
    const refused = demo.failed ? 0 : Object.keys(demo.refused ?? {}).length;
    await db
      .insertInto("jobs")
      .values({
        company_id: companyId,
        job_id: jobId,
        kind: uploadJobKind(demo.fileType),
        state: demo.failed ? "failed" : "done",
        payload: JSON.stringify({
          fileType: demo.fileType,
          ...(demo.options ? { options: demo.options } : {}),
        }),
        operator_id: operator.id,
        created_at: at,
        started_at: at,
        finished_at: finished,
        heartbeat_at: finished,
        attempts: 1,
        error: demo.failed ?? null,
        result: null,
      })
      .execute();
    await storeFile(db, { companyId, fileId, part: "upload" }, oneChunk(bytes), at);
    await udb
      .insertInto("upload_jobs")
      .values({
        company_id: companyId,
        job_id: jobId,
        file_type: demo.fileType,
        operator_id: operator.id,
        file_id: fileId,
        file_name: demo.fileName,
        byte_size: bytes.length,
        encoding: "utf8bom",
        lang: "ja",
        total_rows: rows,
        checkpoint_row: demo.failed ? 0 : rows,
        applied_rows: demo.failed ? 0 : rows - refused,
        refused_rows: refused,
        result_ready: !demo.failed,
        created_at: at,
        completed_at: demo.failed ? null : finished,
      })
      .execute();
    if (demo.failed) continue;
    await udb
      .insertInto("upload_row_results")
      .values(
        Array.from({ length: rows }, (_, i) => {
          const message = demo.refused?.[i + 2];
          return {
            company_id: companyId,
            job_id: jobId,
            row_no: i + 2,
            applied: !message,
            message: message ?? "",
          };
        }),
      )
      .execute();
    await writeResultFile(db, { companyId, jobId, fileId, encoding: "utf8bom", lang: "ja" }, finished);
  }
}
