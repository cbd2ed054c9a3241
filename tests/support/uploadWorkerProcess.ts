/**
 * A job worker process of its own (tests/server/uploads/uploadTwoProcesses.postgres.test.ts): the upload jobs
 * of every file type on the database DATABASE_URL names, with a short heartbeat so a test can kill it
 * (SIGKILL) and see another process take its job over. Prints "ready" once it polls.
 */
import type { FastifyBaseLogger } from "fastify";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/connect.ts";
import { createJobWorker } from "../../src/server/jobs/jobWorker.ts";
import { createMailer } from "../../src/server/mail/mailer.ts";
import { ROW_HANDLERS, uploadJobKind } from "../../src/server/uploads/uploadFileTypes.ts";
import { uploadJob } from "../../src/server/uploads/uploadJob.ts";

const dataDir = process.env.DATA_DIR ?? "";
const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "http://console.test", LOG_LEVEL: "silent" });
const handle = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL });
const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir });
const quiet = {
  info() {},
  warn() {},
  error(details: unknown) {
    process.stderr.write(`${JSON.stringify(details)}\n`);
  },
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return quiet;
  },
} as unknown as FastifyBaseLogger;
const now = () => new Date();
const worker = createJobWorker({
  db: handle.db,
  now,
  log: quiet,
  pollMs: 100,
  heartbeatMs: 200,
  staleAfterMs: Number(process.env.STALE_AFTER_MS ?? 1_500),
});
for (const handler of ROW_HANDLERS.values())
  worker.register(
    uploadJobKind(handler.fileType),
    uploadJob({ db: handle.db, config, mailer, now }, handler),
  );
worker.start();
process.stdout.write("ready\n");
process.on("SIGTERM", async () => {
  await worker.stop();
  await handle.close();
  process.exit(0);
});
