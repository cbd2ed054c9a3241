import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { expect } from "vitest";
import { DEFAULT_HEADER } from "../../../src/contract/envelope.ts";
import {
  UPLOAD_PATH,
  type UploadFileType,
  type UploadJob,
  uploadFileLink,
  uploadJobStatus,
} from "../../../src/contract/uploads.ts";
import type { Database } from "../../../src/server/db/schema.ts";
import { createJobWorker, type JobWorker } from "../../../src/server/jobs/jobWorker.ts";
import type { UploadRowHandler } from "../../../src/server/uploads/rowHandler.ts";
import { uploadJobKind } from "../../../src/server/uploads/uploadFileTypes.ts";
import { uploadJob } from "../../../src/server/uploads/uploadJob.ts";
import { call, type Session, type TestApp } from "../helpers/testApp.ts";

const BOUNDARY = "----csvHandlerTestBoundary";
export const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A multipart body as a browser's FormData sends it: the envelope field, then the file. */
export function multipart(envelope: object, file: { name: string; bytes: Buffer }): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="envelope"\r\n\r\n${JSON.stringify(envelope)}\r\n`,
    ),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

export interface UploadRequest {
  fileType: UploadFileType;
  options?: Record<string, unknown>;
  bytes: Buffer;
  name?: string;
  lang?: "en" | "ja";
}

export const uploadRequest = (app: FastifyInstance, session: Session, request: UploadRequest) =>
  app.inject({
    method: "POST",
    url: UPLOAD_PATH,
    headers: {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      cookie: `sid=${session.cookie}`,
    },
    payload: multipart(
      {
        header: { lang: request.lang ?? "en", ...DEFAULT_HEADER },
        info: { token: session.token, shopId: session.companyId },
        telegram: {
          fileType: request.fileType,
          ...(request.options ? { options: request.options } : {}),
        },
      },
      { name: request.name ?? "upload.csv", bytes: request.bytes },
    ),
  });

/** Uploads a file (accepted: 200) and answers its job. */
export async function uploadFile(app: FastifyInstance, session: Session, request: UploadRequest) {
  const response = await uploadRequest(app, session, request);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().telegram as UploadJob;
}

export const jobStatus = async (app: FastifyInstance, session: Session, jobId: string) =>
  (await call(app, uploadJobStatus, { jobId }, { session })).json().telegram as UploadJob;

/** Uploads a file and runs every queued job to its end; answers the job as the status call sees it. */
export async function uploadAndRun(t: TestApp, session: Session, request: UploadRequest): Promise<UploadJob> {
  const job = await uploadFile(t.app, session, request);
  await t.app.jobs.drain();
  return jobStatus(t.app, session, job.jobId);
}

/** The job's result file, downloaded through its link. */
export async function resultFile(t: TestApp, session: Session, job: UploadJob): Promise<Buffer> {
  const link = await call(
    t.app,
    uploadFileLink,
    { jobId: job.jobId, processingType: "download", fileType: job.fileType },
    { session },
  );
  expect(link.statusCode, link.body).toBe(200);
  const file = await t.app.inject({
    method: "GET",
    url: link.json().telegram.downloadUrl,
    headers: { cookie: `sid=${session.cookie}` },
  });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

/** A worker of its own running one handler (wrapped by a test) for the handler's file type. */
export function workerWith(t: TestApp, handler: UploadRowHandler): JobWorker {
  const worker = createJobWorker({ db: t.db, now: t.clock.now, log: t.app.log });
  worker.register(
    uploadJobKind(handler.fileType),
    uploadJob(
      { db: t.db, config: t.config, mailer: { send: async () => ({}), close() {} }, now: t.clock.now },
      handler,
    ),
  );
  return worker;
}

/** A promise and its release: a wrapped handler waits on it while the test looks. */
export function gate(): { wait: Promise<void>; open(): void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

/** A line of CSV cells (quoted where needed). */
export const csvLine = (cells: readonly string[]): string =>
  cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(",");

/** A whole file: header, rows, CRLF. */
export const csvText = (header: readonly string[], rows: readonly (readonly string[])[]): string =>
  [header, ...rows].map(csvLine).join("\r\n") + "\r\n";

/** The data row of a file for the given columns from a partial record (missing cells empty). */
export const rowOf = (columns: readonly string[], values: Record<string, string>): string[] =>
  columns.map((column) => values[column] ?? "");

export type Db = Kysely<Database>;
