import { randomUUID } from "node:crypto";
import type { Lang } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import { DOWNLOAD_LINK_MINUTES } from "../../contract/eventExport.ts";
import { messageText } from "../../contract/messages.ts";
import {
  UPLOAD_HISTORY_PAGE_SIZE,
  type UploadFileType,
  type UploadJob,
  type UploadState,
} from "../../contract/uploads.ts";
import { ApiError } from "../apiError.ts";
import { operatorActor } from "../audit/operatorActor.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import { runAsTenant } from "../db/tenantContext.ts";
import { createDownloadLink, downloadPath } from "../jobs/downloadLinks.ts";
import { enqueueJob } from "../jobs/jobQueue.ts";
import type { JobWorker } from "../jobs/jobWorker.ts";
import type { ServiceDeps } from "../services/deps.ts";
import type { AuthContext } from "../services/sessionService.ts";
import { deleteFile, storeFile } from "./fileChunks.ts";
import { csvContentType, EncodingSniffer } from "./textEncoding.ts";
import { checkUploadAccess } from "./uploadAccess.ts";
import { dbFilePath } from "./uploadFileDownload.ts";
import { ROW_HANDLERS, uploadJobKind } from "./uploadFileTypes.ts";
import { uploadDb } from "./uploadTables.ts";

/** Why refusing a file's bytes as they stream in: over the size limit. */
class TooLarge extends Error {}

const JOB_ID_SHAPE = /^[0-9a-f-]{36}$/;

export function createUploadService(deps: ServiceDeps, jobs: JobWorker) {
  const { db, config, now } = deps;
  const udb = uploadDb(db);

  const jobQuery = (companyId: string) =>
    udb
      .selectFrom("upload_jobs as u")
      .innerJoin("jobs as j", (join) =>
        join.onRef("j.company_id", "=", "u.company_id").onRef("j.job_id", "=", "u.job_id"),
      )
      .leftJoin("operators as o", (join) =>
        join.onRef("o.company_id", "=", "u.company_id").onRef("o.id", "=", "u.operator_id"),
      )
      .select([
        "u.job_id",
        "u.file_type",
        "u.file_name",
        "u.encoding",
        "u.total_rows",
        "u.checkpoint_row",
        "u.applied_rows",
        "u.refused_rows",
        "u.result_ready",
        "u.created_at",
        "u.completed_at",
        "j.state",
        "j.error",
        "j.finished_at",
        "o.name as operator_name",
      ])
      .where("u.company_id", "=", companyId);
  type JobRow = Awaited<ReturnType<ReturnType<typeof jobQuery>["executeTakeFirstOrThrow"]>>;

  const stateOf = (row: JobRow): UploadState =>
    row.state === "done" ? (row.refused_rows > 0 ? "doneWithErrors" : "done") : row.state;
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const toJob = (row: JobRow): UploadJob => ({
    jobId: row.job_id,
    fileType: row.file_type,
    fileName: row.file_name,
    operatorName: row.operator_name ?? "",
    state: stateOf(row),
    encoding: row.encoding,
    totalRows: row.total_rows,
    processedRows: row.checkpoint_row,
    appliedRows: row.applied_rows,
    refusedRows: row.refused_rows,
    uploadedAt: new Date(row.created_at).toISOString(),
    completedAt: iso(row.completed_at ?? row.finished_at),
    error: row.state === "failed" ? row.error : null,
    hasResult: row.result_ready,
  });

  /** A job of the tenant whose type the role may read; 963 for an unknown or another tenant's ID. */
  async function readableJob(auth: AuthContext, jobId: string): Promise<JobRow> {
    const row = JOB_ID_SHAPE.test(jobId)
      ? await jobQuery(auth.companyId).where("u.job_id", "=", jobId).executeTakeFirst()
      : undefined;
    if (!row) throw new ApiError(ERROR.notFound);
    await checkUploadAccess(db, auth, [row.file_type], "read");
    return row;
  }

  async function receiveFile(
    auth: AuthContext,
    lang: Lang,
    fileType: UploadFileType,
    fileName: string,
    source: AsyncIterable<Uint8Array>,
    options: unknown,
    sourceIp: string,
  ): Promise<UploadJob> {
    if (!ROW_HANDLERS.has(fileType))
      throw new ApiError(ERROR.validation, [
        { field: "telegram.fileType", message: messageText(lang, "validation.uploadFileType") },
      ]);
    const file = { companyId: auth.companyId, fileId: randomUUID(), part: "upload" as const };
    const sniffer = new EncodingSniffer();
    let byteSize: number;
    try {
      byteSize = await storeFile(db, file, source, now(), (chunk, total) => {
        if (total > config.uploadMaxBytes) throw new TooLarge();
        sniffer.push(chunk);
      });
    } catch (error) {
      await deleteFile(db, file);
      if (error instanceof TooLarge)
        throw new ApiError(ERROR.payloadTooLarge, [
          {
            field: "file",
            message: messageText(lang, "validation.uploadTooLarge", {
              max: config.uploadMaxBytes / 1024 / 1024,
            }),
          },
        ]);
      throw error;
    }
    const at = now();
    const jobId = await db.transaction().execute(async (trx) => {
      const id = await enqueueJob(trx, {
        companyId: auth.companyId,
        operatorId: auth.operatorId,
        kind: uploadJobKind(fileType),
        payload: options === undefined ? { fileType } : { fileType, options },
        now: at,
      });
      await uploadDb(trx)
        .insertInto("upload_jobs")
        .values({
          company_id: auth.companyId,
          job_id: id,
          file_type: fileType,
          operator_id: auth.operatorId,
          file_id: file.fileId,
          file_name: fileName,
          byte_size: byteSize,
          encoding: sniffer.result(),
          lang,
          total_rows: null,
          created_at: at,
          completed_at: null,
        })
        .execute();
      // The audit row commits with the job: a refused file (size, name, type) leaves none.
      const actor = await operatorActor(trx, { ...auth, sourceIp });
      const after = { fileType, fileName, byteSize, encoding: sniffer.result() };
      await recordAudit(trx, { ...actor, at, action: "csvUpload", target: `job:${id}`, after });
      return id;
    });
    jobs.wake();
    return toJob(await jobQuery(auth.companyId).where("u.job_id", "=", jobId).executeTakeFirstOrThrow());
  }

  return {
    /**
     * Stores an uploaded file as it streams in and queues its job, in the operator's tenant context
     * (the multipart route is not a registerCall route, which would set it). The caller has checked
     * the operator's write permission and the file's name; here the size limit and the encoding.
     */
    receive(
      auth: AuthContext,
      lang: Lang,
      fileType: UploadFileType,
      fileName: string,
      source: AsyncIterable<Uint8Array>,
      options: unknown,
      sourceIp: string,
    ): Promise<UploadJob> {
      return runAsTenant(auth.companyId, () =>
        receiveFile(auth, lang, fileType, fileName, source, options, sourceIp),
      );
    },

    async history(
      auth: AuthContext,
      query: { fileTypes: UploadFileType[]; from: string | null; to: string | null; page: number },
    ) {
      await checkUploadAccess(db, auth, query.fileTypes, "read");
      let filtered = jobQuery(auth.companyId).where("u.file_type", "in", query.fileTypes);
      if (query.from !== null) filtered = filtered.where("u.created_at", ">=", new Date(query.from));
      if (query.to !== null) filtered = filtered.where("u.created_at", "<=", new Date(query.to));
      const [rows, count] = await Promise.all([
        filtered
          .orderBy("u.created_at", "desc")
          .orderBy("u.job_id", "desc")
          .limit(UPLOAD_HISTORY_PAGE_SIZE)
          .offset((query.page - 1) * UPLOAD_HISTORY_PAGE_SIZE)
          .execute(),
        filtered
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as("total"))
          .executeTakeFirstOrThrow(),
      ]);
      return { jobs: rows.map(toJob), total: Number(count.total), pageSize: UPLOAD_HISTORY_PAGE_SIZE };
    },

    async status(auth: AuthContext, jobId: string): Promise<UploadJob> {
      return toJob(await readableJob(auth, jobId));
    },

    /**
     * A download link of the job's uploaded file or (once the job is done) its result file, bound to
     * the tenant and the operator as the event CSV output's links are; the file type must be the job's.
     */
    async link(
      auth: AuthContext,
      request: { jobId: string; processingType: "upload" | "download"; fileType: UploadFileType },
    ) {
      const row = await readableJob(auth, request.jobId);
      if (row.file_type !== request.fileType) throw new ApiError(ERROR.notFound);
      const part = request.processingType === "upload" ? "upload" : "result";
      if (part === "result" && !row.result_ready) throw new ApiError(ERROR.notFound);
      const upload = await udb
        .selectFrom("upload_jobs")
        .select(["file_id", "file_name", "encoding"])
        .where("company_id", "=", auth.companyId)
        .where("job_id", "=", row.job_id)
        .executeTakeFirstOrThrow();
      const at = now();
      const expiresAt = new Date(at.getTime() + DOWNLOAD_LINK_MINUTES * 60_000);
      const token = await createDownloadLink(db, {
        companyId: auth.companyId,
        operatorId: auth.operatorId,
        jobId: row.job_id,
        filePath: dbFilePath({ companyId: auth.companyId, fileId: upload.file_id, part }),
        fileName: part === "upload" ? upload.file_name : resultFileName(upload.file_name),
        contentType: csvContentType(upload.encoding),
        now: at,
        expiresAt,
      });
      return { downloadUrl: downloadPath(token), expiresAt: expiresAt.toISOString() };
    },
  };
}

/** The result file's name: the upload's, with "_result" before the extension. */
const resultFileName = (fileName: string): string => fileName.replace(/(\.csv)?$/i, "_result.csv");
