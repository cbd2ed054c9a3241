/**
 * Event CSV output benchmark (part of `npm run bench`, or alone: `npx tsx tests/bench/eventExport.ts`):
 * the real server as `npm start` runs it (the bundle dist/server/main.js, built when stale, in a child
 * process) on PostgreSQL (console_bench, which holds
 * DEMO's bulk events; see benchDatabase.ts and screening.ts) and an admin session over loopback
 * HTTP. Each run requests eventCsvExport for a search of close to 150,000 events (a created-at range
 * ending at the newest event) with every group, UTF-8, comma; the server's own job worker writes the
 * file, and eventCsvExportStatus is polled until the job is done.
 *   - Time: from sending the request until the job finished (the jobs row's finished_at: file and
 *     download link ready; the server's clock is this machine's), the worst of RUNS runs judged. The
 *     status is polled every second as the dialog does (when it answered is printed too). Beside it
 *     a keyset scan of the same rows' event columns in the same batches (no parts, no file) from
 *     this process.
 *   - RSS: the server process's resident set (VmRSS of /proc/<pid>/status), sampled every
 *     RSS_SAMPLE_MS from the request until the status answered done; growth = that peak minus the
 *     RSS just before the request. A warm-up export of WARMUP_EVENTS events runs first, so the growth
 *     is the export's own memory, not the loading of its modules or the opening of the database
 *     pool. Worst run judged.
 *   - CPU, for reading the time: the server process's, its PostgreSQL connections' (found by their
 *     application_name), and the rest of the machine's (other work sharing the two cores), from /proc.
 * Without enough events it says so and measures nothing.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { CSV_EXPORT_POLL_MS } from "../../machines/event/csvExportMachine.ts";
import {
  CSV_DELIMITER,
  type CsvJobStatus,
  eventCsvExport,
  eventCsvExportStatus,
} from "../../src/contract/eventExport.ts";
import { EXPORT_GROUPS } from "../../src/contract/eventFields.ts";
import {
  EMPTY_DETAIL_SEARCH,
  EVENT_SELECTION_LIMIT,
  type EventSelection,
} from "../../src/contract/eventSearch.ts";
import { openDatabase } from "../../src/server/db/connect.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { EXPORT_BATCH_SIZE } from "../../src/server/services/eventExport/eventExportJob.ts";
import { selectionEvents } from "../../src/server/services/eventSearch/matchingEvents.ts";
import { buildIfStale } from "../support/buildIfStale.ts";
import { callInSession, type DemoAdminSession, signInDemoAdmin } from "../support/demoAdminSession.ts";
import { startServerProcess } from "../support/serverProcess.ts";
import { benchDatabaseUrl, warmBenchDatabase } from "./benchDatabase.ts";
import { machineBusyMs, processCpuMs } from "./procCpu.ts";
import type { BenchRow } from "./screening.ts";

const COMPANY = "DEMO";
const TARGET_MS = 15_000;
const TARGET_RSS_MB = 150;
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 2);
const WARMUP_EVENTS = 5_000;
/** As the CSV output dialog polls (machines/event/csvExportMachine.ts). */
const POLL_MS = CSV_EXPORT_POLL_MS;
const RSS_SAMPLE_MS = 20;
const MB = 1024 * 1024;
/** Names the server's database connections, so their PostgreSQL backends can be found. */
const APPLICATION_NAME = "bench-event-export";
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The screening benchmark's key file: the benchmarks share its database and its stored secrets. */
const KEY_FILE = path.join(ROOT, ".tmp/bench-screening/credential-key");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** yyyy-MM-dd and HH:mm in Japan time (the search's fields). */
function tokyoFields(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + 9 * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** A search of the events screened from the minute after `edge` on (so at most `edge`'s rank of them). */
function searchFrom(edge: Date): EventSelection {
  const from = tokyoFields(new Date(Math.ceil(edge.getTime() / 60_000) * 60_000));
  return {
    kind: "search",
    search: { ...EMPTY_DETAIL_SEARCH, createdFromDate: from.date, createdFromTime: from.time },
    excludedEventIds: [],
  };
}

async function credentialKey(): Promise<string> {
  if (process.env.CREDENTIAL_KEY) return process.env.CREDENTIAL_KEY;
  try {
    return (await readFile(KEY_FILE, "utf8")).trim();
  } catch {
    throw new Error(`no CREDENTIAL_KEY and no ${KEY_FILE}: run the screening benchmark first`);
  }
}

// --- /proc readings ------------------------------------------------------------------------------
async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

// --- console calls -------------------------------------------------------------------------------
const call = async <T>(session: DemoAdminSession, spec: { path: string }, telegram: unknown): Promise<T> =>
  (await callInSession<T>(session, spec, telegram)).telegram;

interface ExportRun {
  rowCount: number;
  fileBytes: number;
  /** From sending the request until the job finished (its finished_at). */
  ms: number;
  /** From sending the request until the status answered done. */
  polledMs: number;
  requestMs: number;
  rssBefore: number;
  rssPeak: number;
  serverCpuMs: number;
  databaseCpuMs: number | undefined;
  otherCpuMs: number;
}

/**
 * One export through the server: request, poll until done, with the server's RSS sampled meanwhile
 * and the CPU of the server, of its PostgreSQL backends and of the machine read around it.
 */
async function runExport(
  session: DemoAdminSession,
  server: { pid: number; dataDir: string },
  backends: () => Promise<number[]>,
  finishedAt: (jobId: string) => Promise<Date>,
  selection: EventSelection,
  jobIds: string[],
): Promise<ExportRun> {
  const rssBefore = await rssBytes(server.pid);
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, await rssBytes(server.pid));
      await sleep(RSS_SAMPLE_MS);
    }
  })();
  // PostgreSQL backends' CPU: the last reading of each connection seen (the pool may open more).
  const backendStart = new Map<number, number>();
  const backendLast = new Map<number, number>();
  const readBackends = async (first: boolean) => {
    for (const pid of await backends()) {
      const cpu = await processCpuMs(pid);
      if (cpu === undefined) continue;
      if (!backendStart.has(pid)) backendStart.set(pid, first ? cpu : 0);
      backendLast.set(pid, cpu);
    }
  };
  await readBackends(true);
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      await sleep(500);
      await readBackends(false);
    }
  })();
  const serverCpuBefore = (await processCpuMs(server.pid)) ?? 0;
  const machineBefore = await machineBusyMs();

  const sentAt = Date.now();
  const started = performance.now();
  let status: CsvJobStatus;
  let polledMs: number;
  let machineMs: number;
  let serverCpuMs: number;
  let jobId: string;
  let requestMs: number;
  try {
    ({ jobId } = await call<{ jobId: string }>(session, eventCsvExport, {
      selection,
      options: { delimiter: CSV_DELIMITER.comma, groups: [...EXPORT_GROUPS], encoding: "utf8" },
    }));
    requestMs = performance.now() - started;
    jobIds.push(jobId);
    for (;;) {
      status = await call<CsvJobStatus>(session, eventCsvExportStatus, { jobId });
      if (status.state === "done" || status.state === "failed") break;
      await sleep(POLL_MS);
    }
    polledMs = performance.now() - started;
    machineMs = (await machineBusyMs()) - machineBefore;
    serverCpuMs = ((await processCpuMs(server.pid)) ?? 0) - serverCpuBefore;
  } finally {
    sampling = false;
    watching = false;
    await Promise.all([sampler, watcher]);
  }
  await readBackends(false);
  if (status.state !== "done") throw new Error(`the export job ${jobId} failed`);
  // The server's clock is this machine's: the job's end is when its file and link were ready.
  const ms = (await finishedAt(jobId)).getTime() - sentAt;

  let databaseCpuMs: number | undefined = 0;
  for (const [pid, last] of backendLast) databaseCpuMs += last - (backendStart.get(pid) ?? 0);
  if (backendLast.size === 0) databaseCpuMs = undefined;
  const file = path.join(server.dataDir, "exports", COMPANY, `${jobId}.csv`);
  return {
    rowCount: status.rowCount,
    fileBytes: (await stat(file)).size,
    ms,
    polledMs,
    requestMs,
    rssBefore,
    rssPeak,
    serverCpuMs,
    databaseCpuMs,
    otherCpuMs: machineMs - serverCpuMs - (databaseCpuMs ?? 0),
  };
}

export async function eventExportBenchmark(): Promise<BenchRow[]> {
  const databaseUrl = await benchDatabaseUrl();
  const handle = await openDatabase({ dataDir: tmpdir(), databaseUrl });
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-export-"));
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  const jobIds: string[] = [];
  try {
    await migrate(handle.db);
    const { db } = handle;
    // As autovacuum leaves settled tables: the related-event probes are index-only scans only once
    // the visibility map is set (bulk-seeded rows are not yet), and the newest events, the ones
    // exported, are often those another benchmark has just screened: without this the first run pays
    // for their hint bits and page pruning (measured: 42 s against 17 s for the second run).
    await sql`vacuum (analyze) events, event_parties, event_items, event_devices, event_cards, event_fired_rules, event_link_keys`.execute(
      db,
    );
    await warmBenchDatabase(databaseUrl, "f");
    const edgeAt = async (rank: number) =>
      (
        await db
          .selectFrom("events")
          .select("created_at")
          .where("company_id", "=", COMPANY)
          .where("logically_deleted", "=", false)
          .orderBy("created_at", "desc")
          .orderBy("event_id", "desc")
          .offset(rank - 1)
          .limit(1)
          .executeTakeFirst()
      )?.created_at;
    const edge = await edgeAt(EVENT_SELECTION_LIMIT);
    if (!edge) {
      console.log(
        `\n(f) event CSV output: skipped, ${COMPANY} has fewer than ${EVENT_SELECTION_LIMIT} events`,
      );
      return [];
    }
    const selection = searchFrom(new Date(edge));
    // The warm-up: the oldest events of the selection, by ID.
    const warmupIds = (
      await db
        .selectFrom("events")
        .select("event_id")
        .where("company_id", "=", COMPANY)
        .where("logically_deleted", "=", false)
        .where("created_at", ">", new Date(Math.ceil(new Date(edge).getTime() / 60_000) * 60_000))
        .orderBy("created_at")
        .orderBy("event_id")
        .limit(WARMUP_EVENTS)
        .execute()
    ).map((row) => row.event_id);

    // Baseline: the same rows' event columns in the same keyset batches, nothing else.
    const asOf = new Date();
    const scanStarted = performance.now();
    let scanned = 0;
    let cursor: { at: Date; id: string } | undefined;
    for (;;) {
      let query = selectionEvents(db, COMPANY, selection).selectAll("e").where("e.created_at", "<=", asOf);
      if (cursor)
        query = query.where(sql<boolean>`(e.created_at, e.event_id) < (${cursor.at}, ${cursor.id})`);
      const rows = await query
        .orderBy("e.created_at", "desc")
        .orderBy("e.event_id", "desc")
        .limit(EXPORT_BATCH_SIZE)
        .execute();
      scanned += rows.length;
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH_SIZE) break;
      cursor = { at: new Date(last.created_at), id: last.event_id };
    }
    const scanMs = performance.now() - scanStarted;

    const url = new URL(databaseUrl);
    url.searchParams.set("application_name", APPLICATION_NAME);
    // What `npm start` runs (node dist/server/main.js), not the sources through tsx's loader, whose
    // compiled code differs (e.g. each closure named at its creation).
    await buildIfStale();
    server = await startServerProcess({
      databaseUrl: url.toString(),
      dataDir,
      consoleEnv: "DEV",
      entry: "bundle",
      env: { CREDENTIAL_KEY: await credentialKey(), LOG_LEVEL: "warn" },
    });
    const pid = server.child.pid;
    if (pid === undefined) throw new Error("the server process has no pid");
    const backends = async () =>
      (
        await sql<{
          pid: number;
        }>`select pid from pg_stat_activity where application_name = ${APPLICATION_NAME}`.execute(db)
      ).rows.map((row) => row.pid);
    const session = await signInDemoAdmin(server.url, "ja");
    const target = { pid, dataDir };

    const finishedAt = async (jobId: string) => {
      const job = await db
        .selectFrom("jobs")
        .select("finished_at")
        .where("company_id", "=", COMPANY)
        .where("job_id", "=", jobId)
        .executeTakeFirstOrThrow();
      if (!job.finished_at) throw new Error(`the export job ${jobId} has no end`);
      return new Date(job.finished_at);
    };
    const warmup = await runExport(
      session,
      target,
      backends,
      finishedAt,
      { kind: "ids", eventIds: warmupIds },
      jobIds,
    );
    console.log(
      `\n(f) event CSV output, warm-up: ${warmup.rowCount} events in ${(warmup.ms / 1000).toFixed(2)} s; ` +
        `server RSS ${(warmup.rssBefore / MB).toFixed(0)} -> peak ${(warmup.rssPeak / MB).toFixed(0)} MB`,
    );
    const runs: ExportRun[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const result = await runExport(session, target, backends, finishedAt, selection, jobIds);
      runs.push(result);
      const cpu = (value: number | undefined) =>
        value === undefined ? "n/a" : `${(value / 1000).toFixed(1)} s`;
      console.log(
        `(f) event CSV output, run ${run}/${RUNS}: ${result.rowCount} events, every group, ` +
          `${(result.fileBytes / MB).toFixed(1)} MB file in ${(result.ms / 1000).toFixed(2)} s from sending the request ` +
          `until the job finished (${Math.round(result.rowCount / (result.ms / 1000))} events/s; the request itself ` +
          `${result.requestMs.toFixed(0)} ms; the status, polled every ${POLL_MS} ms as the dialog does, answered ` +
          `done after ${(result.polledMs / 1000).toFixed(2)} s); CPU until then: server ${cpu(result.serverCpuMs)}, ` +
          `its PostgreSQL connections ${cpu(result.databaseCpuMs)}, other processes ${cpu(result.otherCpuMs)} ` +
          `(2 cores = ${((2 * result.polledMs) / 1000).toFixed(1)} s available); server RSS ${(result.rssBefore / MB).toFixed(0)} MB ` +
          `before the request -> peak ${(result.rssPeak / MB).toFixed(0)} MB while it ran ` +
          `(+${((result.rssPeak - result.rssBefore) / MB).toFixed(1)} MB)`,
      );
    }
    console.log(
      `(f) baseline keyset scan of the same ${scanned} rows (events only, this process) ${(scanMs / 1000).toFixed(2)} s`,
    );
    const slowest = runs.reduce((a, b) => (b.ms > a.ms ? b : a));
    const growths = runs.map((run) => (run.rssPeak - run.rssBefore) / MB);
    const growthMb = Math.max(...growths);
    const worstGrowth = runs[growths.indexOf(growthMb)] as ExportRun;
    return [
      {
        metric: `(f) event CSV output through the server, ${slowest.rowCount} events, every group (slowest of ${RUNS})`,
        value: `${(slowest.ms / 1000).toFixed(2)} s (runs ${runs.map((run) => (run.ms / 1000).toFixed(2)).join(", ")} s)`,
        baseline: `${(scanMs / 1000).toFixed(2)} s (keyset scan, events only)`,
        ratio: `${(slowest.ms / scanMs).toFixed(2)}x`,
        target: `<= ${TARGET_MS / 1000} s`,
        verdict: slowest.ms <= TARGET_MS ? "ok" : "OVER",
      },
      {
        metric: `(f) event CSV output, server RSS peak during the job minus RSS before it, after a warm-up export (worst of ${RUNS})`,
        value: `${growthMb.toFixed(1)} MB (runs ${growths.map((growth) => growth.toFixed(1)).join(", ")} MB)`,
        baseline: `${(worstGrowth.rssBefore / MB).toFixed(0)} MB (server RSS before)`,
        ratio: `${(worstGrowth.rssPeak / worstGrowth.rssBefore).toFixed(2)}x`,
        target: `< ${TARGET_RSS_MB} MB`,
        verdict: growthMb < TARGET_RSS_MB ? "ok" : "OVER",
      },
    ];
  } finally {
    await server?.stop();
    // The jobs the runs stored, with their download links (the files go with the data directory).
    if (jobIds.length > 0)
      await handle.db
        .deleteFrom("jobs")
        .where("company_id", "=", COMPANY)
        .where("job_id", "in", jobIds)
        .execute();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await eventExportBenchmark();
  for (const row of rows)
    console.log(
      `${row.metric}: ${row.value} (baseline ${row.baseline}, ${row.ratio}, target ${row.target}) ${row.verdict}`,
    );
  process.exit(0);
}
