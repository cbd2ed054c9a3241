import { type Kysely, sql } from "kysely";
import type { Lang } from "../../contract/envelope.ts";
import { messageText } from "../../contract/messages.ts";
import { SCREENS } from "../../contract/screens.ts";
import { UPLOAD_OPTIONS_SCHEMAS } from "../../contract/uploadOptions.ts";
import { UPLOAD_SCREENS } from "../../contract/uploads.ts";
import type { Database } from "../db/schema.ts";
import { type ClaimedJob, JobFailure, type JobHandler } from "../jobs/jobTypes.ts";
import { uploadResultMail } from "../mail/templates.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { csvRecords } from "./csvRecords.ts";
import type { FileRef } from "./fileChunks.ts";
import { headerProblem } from "./headerCheck.ts";
import { writeResultFile } from "./resultFile.ts";
import type { RowBatchContext, RowOutcome, UploadRow, UploadRowHandler } from "./rowHandler.ts";
import { rowText } from "./rowTexts.ts";
import { FILE_TYPE_NAMES } from "./uploadFileTypes.ts";
import { uploadDb } from "./uploadTables.ts";

/** Rows applied (and checkpointed) per transaction. */
export const UPLOAD_BATCH_ROWS = 500;

/** A run that another worker took over (its heartbeat went stale): it stops without writing. */
class SupersededRun extends Error {
  override name = "SupersededRun";
}

type UploadJobRow = NonNullable<Awaited<ReturnType<typeof loadUpload>>>;

const loadUpload = (db: Kysely<Database>, job: ClaimedJob) =>
  uploadDb(db)
    .selectFrom("upload_jobs")
    .selectAll()
    .where("company_id", "=", job.companyId)
    .where("job_id", "=", job.jobId)
    .executeTakeFirst();

/** The options the upload screen sent (checked when the file was received), with their defaults. */
function jobOptions(upload: UploadJobRow, payload: unknown): unknown {
  const schema = UPLOAD_OPTIONS_SCHEMAS[upload.file_type];
  if (!schema) return undefined;
  const options = (payload as { options?: unknown } | null)?.options ?? {};
  return schema.parse(options);
}

/** The columns a file of the upload must have: the handler's, or those its options call for. */
const columnsOf = (handler: UploadRowHandler, options: unknown): readonly string[] =>
  handler.columnsFor?.(options) ?? handler.columns;

/** csv-parse's error as the operator's reason (it names the line); anything else is not ours to explain. */
function malformed(lang: Lang, error: unknown): never {
  if (error instanceof Error && "code" in error && String(error.code).startsWith("CSV_"))
    throw new JobFailure(messageText(lang, "validation.uploadMalformed", { reason: error.message }));
  throw error;
}

/**
 * The job of one upload (any file type; the row handler does the type's work):
 * 1. reads the file through once: the header checked against the handler's columns and the rows
 *    counted, so a wrong header or too many rows refuse the file before any row is applied;
 * 2. applies the rows after the checkpoint in batches; each batch's effects, its rows' results and the
 *    new checkpoint commit in one transaction, fenced by the claim's attempt, so a worker that dies
 *    mid-file is taken over by another that continues after the checkpoint: no row twice, none lost;
 * 3. writes the result file, then mails the tenant's operators who asked for upload results.
 */
export function uploadJob(
  deps: Pick<ServiceDeps, "db" | "config" | "mailer" | "now">,
  handler: UploadRowHandler,
): JobHandler {
  const { db, config, now } = deps;
  return async (job, { log }) => {
    const upload = await loadUpload(db, job);
    if (!upload) throw new JobFailure("The upload's file is gone.");
    const file: FileRef = { companyId: job.companyId, fileId: upload.file_id, part: "upload" };
    const options = jobOptions(upload, job.payload);
    const run = {};
    const context = (): RowBatchContext => ({
      companyId: job.companyId,
      operatorId: job.operatorId,
      lang: upload.lang,
      now: now(),
      jobId: job.jobId,
      options,
      run,
    });
    try {
      const total = upload.total_rows ?? (await countRows(db, file, upload, columnsOf(handler, options)));
      await applyRows(db, job, file, upload, handler, context);
      await handler.finish?.(db, context());
      const done = await loadUpload(db, job);
      if (!done?.result_ready) {
        await writeResultFile(
          db,
          {
            companyId: job.companyId,
            jobId: job.jobId,
            fileId: upload.file_id,
            encoding: upload.encoding,
            lang: upload.lang,
          },
          now(),
        );
        await uploadDb(db)
          .updateTable("upload_jobs")
          .set({ result_ready: true, completed_at: now() })
          .where("company_id", "=", job.companyId)
          .where("job_id", "=", job.jobId)
          .execute();
      }
      const final = (await loadUpload(db, job)) ?? upload;
      await notify(deps, job, final, false, log);
      return { totalRows: total, appliedRows: final.applied_rows, refusedRows: final.refused_rows };
    } catch (error) {
      if (error instanceof JobFailure) {
        await handler.finish?.(db, context());
        await notify(deps, job, upload, true, log);
      }
      throw error;
    }
  };

  async function countRows(
    db: Kysely<Database>,
    file: FileRef,
    upload: UploadJobRow,
    columns: readonly string[],
  ) {
    let rows = -1;
    try {
      for await (const record of csvRecords(db, file, upload.encoding)) {
        if (rows === -1) {
          const problem = headerProblem(upload.lang, record, columns, handler.optionalColumns);
          if (problem) throw new JobFailure(problem);
        }
        rows += 1;
        if (rows > config.uploadMaxRows)
          throw new JobFailure(
            messageText(upload.lang, "validation.uploadTooManyRows", { max: config.uploadMaxRows }),
          );
      }
    } catch (error) {
      malformed(upload.lang, error);
    }
    if (rows === -1) throw new JobFailure(headerProblem(upload.lang, undefined, columns) ?? "");
    await uploadDb(db)
      .updateTable("upload_jobs")
      .set({ total_rows: rows })
      .where("company_id", "=", upload.company_id)
      .where("job_id", "=", upload.job_id)
      .execute();
    return rows;
  }
}

async function applyRows(
  db: Kysely<Database>,
  job: ClaimedJob,
  file: FileRef,
  upload: UploadJobRow,
  handler: UploadRowHandler,
  context: () => RowBatchContext,
): Promise<void> {
  let checkpoint = upload.checkpoint_row;
  let header: string[] | undefined;
  let batch: UploadRow[] = [];
  let dataIndex = 0;
  // A pipelined handler's next batch is prepared while the one before it commits (and the file read
  // on meanwhile); the commits stay in file order, each after its own batch's preparation.
  let inFlight: { prepared: Promise<unknown>; committed: Promise<void> } | undefined;
  const commit = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    if (!handler.pipelined) {
      const prepared = await prepareBatch(db, handler, rows, context());
      checkpoint = await commitBatch(db, job, upload, handler, checkpoint, rows, prepared, context());
      return;
    }
    const prior = inFlight;
    const batchContext = context();
    const prepared = (async () => {
      await prior?.prepared;
      return prepareBatch(db, handler, rows, batchContext);
    })();
    const committed = (async () => {
      const answer = await prepared;
      await prior?.committed;
      checkpoint = await commitBatch(db, job, upload, handler, checkpoint, rows, answer, batchContext);
    })();
    // Awaited below or by the next batch; a failure is seen there, never as an unhandled rejection.
    prepared.catch(() => {});
    committed.catch(() => {});
    inFlight = { prepared, committed };
    // At most two batches in flight: the one committing and the one being prepared.
    await prior?.committed;
  };
  try {
    for await (const record of csvRecords(db, file, upload.encoding)) {
      if (!header) {
        header = record.map((column) => column.trim());
        continue;
      }
      dataIndex += 1;
      if (dataIndex <= checkpoint) continue;
      const values: Record<string, string> = {};
      header.forEach((column, i) => {
        values[column] = record[i] ?? "";
      });
      // The file's row number: the header is row 1.
      batch.push({
        rowNo: dataIndex + 1,
        values:
          record.length === header.length
            ? values
            : { ...values, [FIELD_COUNT]: String(record.length), [HEADER_COUNT]: String(header.length) },
      });
      if (batch.length >= UPLOAD_BATCH_ROWS) await commit();
    }
  } catch (error) {
    await inFlight?.committed.catch(() => {});
    malformed(upload.lang, error);
  }
  await commit();
  await inFlight?.committed;
}

/** Marks a row whose field count differs from the header's (never a column name: they are trimmed). */
const FIELD_COUNT = " fieldCount";
/** Beside it, the header's field count (an optional column may be left out of the header). */
const HEADER_COUNT = " headerCount";

const wellFormedOf = (batch: readonly UploadRow[]) => batch.filter((row) => !(FIELD_COUNT in row.values));

/** Outside the batch's transaction: what the handler commits on its own before the batch's effects. */
async function prepareBatch(
  db: Kysely<Database>,
  handler: UploadRowHandler,
  batch: readonly UploadRow[],
  context: RowBatchContext,
): Promise<unknown> {
  const wellFormed = wellFormedOf(batch);
  return wellFormed.length > 0 && handler.prepareBatch
    ? await handler.prepareBatch(db, context, wellFormed)
    : undefined;
}

async function commitBatch(
  db: Kysely<Database>,
  job: ClaimedJob,
  upload: UploadJobRow,
  handler: UploadRowHandler,
  checkpoint: number,
  batch: readonly UploadRow[],
  prepared: unknown,
  context: RowBatchContext,
): Promise<number> {
  const next = checkpoint + batch.length;
  const { lang } = upload;
  const wellFormed = wellFormedOf(batch);
  await db.transaction().execute(async (trx) => {
    // First the fence: the checkpoint moves only from where this run read it, and only while this
    // run's claim (its attempt) holds; the row lock makes a second worker wait here, then find 0 rows.
    const fenced = await uploadDb(trx)
      .updateTable("upload_jobs")
      .set({ checkpoint_row: next })
      .where("company_id", "=", job.companyId)
      .where("job_id", "=", job.jobId)
      .where("checkpoint_row", "=", checkpoint)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom("jobs")
            .select(sql`1`.as("one"))
            .where("jobs.company_id", "=", job.companyId)
            .where("jobs.job_id", "=", job.jobId)
            .where("jobs.state", "=", "running")
            .where("jobs.attempts", "=", job.attempt),
        ),
      )
      .executeTakeFirst();
    if (fenced.numUpdatedRows !== 1n)
      throw new SupersededRun("the upload job was taken over by another worker");
    const applied = wellFormed.length > 0 ? await handler.applyBatch(trx, context, wellFormed, prepared) : [];
    const byRow = new Map(wellFormed.map((row, i) => [row.rowNo, applied[i]]));
    const results = batch.map((row) => {
      const outcome: RowOutcome = byRow.get(row.rowNo) ?? {
        applied: false,
        column: null,
        message: messageText(lang, "validation.uploadFieldCount", {
          row: row.rowNo,
          count: row.values[FIELD_COUNT] ?? "",
          expected: row.values[HEADER_COUNT] ?? "",
        }),
      };
      const message = outcome.applied
        ? ""
        : outcome.column === null
          ? byRow.has(row.rowNo)
            ? rowText(lang, "rowOnly", { row: row.rowNo, message: outcome.message })
            : outcome.message
          : messageText(lang, "validation.uploadRowPlace", {
              row: row.rowNo,
              column: outcome.column,
              message: outcome.message,
            });
      return {
        company_id: job.companyId,
        job_id: job.jobId,
        row_no: row.rowNo,
        applied: outcome.applied,
        message,
      };
    });
    const appliedCount = results.filter((row) => row.applied).length;
    await uploadDb(trx).insertInto("upload_row_results").values(results).execute();
    await uploadDb(trx)
      .updateTable("upload_jobs")
      .set((eb) => ({
        applied_rows: eb("applied_rows", "+", appliedCount),
        refused_rows: eb("refused_rows", "+", results.length - appliedCount),
      }))
      .where("company_id", "=", job.companyId)
      .where("job_id", "=", job.jobId)
      .execute();
  });
  return next;
}

/**
 * Mails the tenant's operators who asked for upload results: type and counts, never a row. At most
 * once per job: the run claims the mail (result_mailed_at, migration 030) in a conditional update that
 * commits before any mail is sent, so a run that takes the job over after a crash (the result file
 * written, the job not yet marked done) finds it claimed and sends nothing. A crash between the claim
 * and the send loses the mail; the history screen still shows the outcome (docs/uploads.md).
 */
async function notify(
  deps: Pick<ServiceDeps, "db" | "config" | "mailer" | "now">,
  job: ClaimedJob,
  upload: UploadJobRow,
  failed: boolean,
  log: { error: (object: unknown, message: string) => void },
): Promise<void> {
  const claimed = await deps.db
    .withTables<{
      upload_jobs: { company_id: string; job_id: string; result_mailed_at: Date | null };
    }>()
    .updateTable("upload_jobs")
    .set({ result_mailed_at: deps.now() })
    .where("company_id", "=", job.companyId)
    .where("job_id", "=", job.jobId)
    .where("result_mailed_at", "is", null)
    .executeTakeFirst();
  if (claimed.numUpdatedRows !== 1n) return;
  const recipients = await deps.db
    .selectFrom("operators")
    .select(["email", "name"])
    .where("company_id", "=", job.companyId)
    .where("notify_upload", "=", true)
    .execute();
  const historyPath = SCREENS[UPLOAD_SCREENS[upload.file_type].history].path;
  for (const operator of recipients) {
    try {
      await deps.mailer.send(
        uploadResultMail({
          to: operator.email,
          operatorName: operator.name,
          fileType: FILE_TYPE_NAMES[upload.file_type],
          failed,
          totalRows: upload.total_rows ?? 0,
          appliedRows: upload.applied_rows,
          refusedRows: upload.refused_rows,
          historyUrl: `${deps.config.publicUrl}/v3${historyPath}`,
        }),
      );
    } catch (error) {
      // The outcome is still on the history screen; a mail that did not go out is only logged.
      log.error({ err: error }, "upload result mail not sent");
    }
  }
}
