/**
 * What the CSV upload benchmarks ((j) csvAuthori.ts, (l) csvUpdate.ts) share: the real upload
 * pipeline in this process (the upload service storing the file in the database, the job worker
 * running the type's row handler), one upload timed from its first byte until the job is done with
 * this process's RSS sampled meanwhile, and the RSS growth row of the table.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { UploadFileType } from "../../src/contract/uploads.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { runAsTenant } from "../../src/server/db/tenantContext.ts";
import { createJobWorker } from "../../src/server/jobs/jobWorker.ts";
import type { UploadRowHandler } from "../../src/server/uploads/rowHandler.ts";
import { uploadJobKind } from "../../src/server/uploads/uploadFileTypes.ts";
import { uploadJob } from "../../src/server/uploads/uploadJob.ts";
import { createUploadService } from "../../src/server/uploads/uploadService.ts";
import type { BenchRow } from "./screening.ts";

export const MB = 1024 * 1024;
export const TARGET_RSS_MB = 150;

const quiet = {
  info() {},
  warn() {},
  error(details: unknown) {
    console.error(details);
  },
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return quiet;
  },
} as unknown as FastifyBaseLogger;

type Auth = { companyId: string; operatorId: number; roleId: string; secretHash: string };

/** The upload service and a job worker running `handler`'s file type, as the server wires them. */
export function benchUploadPipeline(
  db: Kysely<Database>,
  dataDir: string,
  maxRows: number,
  handler: UploadRowHandler,
) {
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "http://console.test", LOG_LEVEL: "silent" });
  const now = () => new Date();
  const deps = {
    db,
    config: { ...config, uploadMaxRows: Math.max(config.uploadMaxRows, maxRows) },
    mailer: { send: async () => ({}), close() {} },
    now,
    defer: () => {},
  };
  const worker = createJobWorker({ db, now, log: quiet });
  worker.register(uploadJobKind(handler.fileType), uploadJob(deps, handler));
  return { worker, uploads: createUploadService(deps, worker) };
}

/** One upload through the pipeline until its job is done: its status, the time and the RSS growth. */
export async function timedUpload(
  pipeline: ReturnType<typeof benchUploadPipeline>,
  auth: Auth,
  fileType: UploadFileType,
  bytes: Buffer,
  options: unknown,
) {
  const { worker, uploads } = pipeline;
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  async function* pieces() {
    for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
  }
  try {
    const job = await uploads.receive(auth, "en", fileType, "bench.csv", pieces(), options, "127.0.0.1");
    await worker.drain();
    const elapsedMs = performance.now() - started;
    const status = await runAsTenant(auth.companyId, () => uploads.status(auth, job.jobId));
    return { status, elapsedMs, rssBefore, growthMb: (rssPeak - rssBefore) / MB };
  } finally {
    clearInterval(sampler);
  }
}

/** The table's row for an upload's RSS growth against TARGET_RSS_MB. */
export const rssGrowthRow = (metric: string, rssBefore: number, growthMb: number): BenchRow => ({
  metric,
  value: `${growthMb.toFixed(0)} MB`,
  baseline: `${(rssBefore / MB).toFixed(0)} MB before`,
  ratio: "n/a",
  target: `< ${TARGET_RSS_MB} MB`,
  verdict: growthMb < TARGET_RSS_MB ? "ok" : "OVER",
});
