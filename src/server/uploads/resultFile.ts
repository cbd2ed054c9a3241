import type { Kysely } from "kysely";
import type { Lang } from "../../contract/envelope.ts";
import type { UploadEncoding } from "../../contract/uploads.ts";
import type { Database } from "../db/schema.ts";
import { CRLF, csvCell } from "../services/csvSafe.ts";
import { csvRecords } from "./csvRecords.ts";
import { deleteFile, type FileRef, storeFile } from "./fileChunks.ts";
import { encodeText, filePreamble } from "./textEncoding.ts";
import { uploadDb } from "./uploadTables.ts";

const RESULT_COLUMNS: Readonly<Record<Lang, readonly [string, string]>> = {
  ja: ["処理結果", "メッセージ"],
  en: ["result", "message"],
};
const OUTCOME: Readonly<Record<Lang, { applied: string; refused: string }>> = {
  ja: { applied: "登録", refused: "エラー" },
  en: { applied: "applied", refused: "refused" },
};
const RESULTS_PAGE = 5_000;
/** Lines encoded together into one piece of the result file. */
const LINES_PER_PIECE = 2_000;

export interface ResultFileJob {
  companyId: string;
  jobId: string;
  fileId: string;
  encoding: UploadEncoding;
  lang: Lang;
}

/** The job's row results in row order, read a page at a time. */
async function* rowResults(db: Kysely<Database>, job: ResultFileJob) {
  let after = 0;
  for (;;) {
    const page = await uploadDb(db)
      .selectFrom("upload_row_results")
      .select(["row_no", "applied", "message"])
      .where("company_id", "=", job.companyId)
      .where("job_id", "=", job.jobId)
      .where("row_no", ">", after)
      .orderBy("row_no")
      .limit(RESULTS_PAGE)
      .execute();
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < RESULTS_PAGE) return;
    after = last.row_no;
  }
}

/**
 * Writes a finished job's result file: the upload's columns and rows as they were, plus a result and
 * a message column, in the upload's encoding (with a BOM when it had one), Excel-safe cells, CRLF.
 * Streamed from the stored file and results, never held whole; a previous partial file is replaced.
 */
export async function writeResultFile(db: Kysely<Database>, job: ResultFileJob, now: Date): Promise<void> {
  const upload: FileRef = { companyId: job.companyId, fileId: job.fileId, part: "upload" };
  const result: FileRef = { ...upload, part: "result" };
  await deleteFile(db, result);
  const line = (cells: readonly string[]) => cells.map((cell) => csvCell(cell)).join(",") + CRLF;
  async function* pieces(): AsyncGenerator<Uint8Array> {
    const preamble = filePreamble(job.encoding);
    if (preamble.length > 0) yield preamble;
    const results = rowResults(db, job);
    let lines: string[] = [];
    let header = true;
    for await (const record of csvRecords(db, upload, job.encoding)) {
      if (header) {
        lines.push(line([...record, ...RESULT_COLUMNS[job.lang]]));
        header = false;
      } else {
        const { value } = await results.next();
        const outcome = value ? OUTCOME[job.lang][value.applied ? "applied" : "refused"] : "";
        lines.push(line([...record, outcome, value?.message ?? ""]));
      }
      if (lines.length >= LINES_PER_PIECE) {
        yield encodeText(lines.join(""), job.encoding);
        lines = [];
      }
    }
    if (lines.length > 0) yield encodeText(lines.join(""), job.encoding);
  }
  await storeFile(db, result, pieces(), now);
}
