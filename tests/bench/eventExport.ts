/**
 * Event CSV output benchmark (part of `npm run bench`, or alone: `npx tsx tests/bench/eventExport.ts`):
 * the export job of the real server code, run in this process on PostgreSQL (BENCH_DATABASE_URL, else
 * console_bench, which holds DEMO's bulk events; see screening.ts), for a search of close to 150,000
 * events (a created-at range) with every group, UTF-8. Its time is printed beside a baseline reading
 * the same rows' event columns in the same keyset batches (no parts, no file), and the process RSS
 * growth sampled every 20 ms during the export. Without enough events it says so and measures nothing.
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { CSV_DELIMITER } from "../../src/contract/eventExport.ts";
import { EXPORT_GROUPS } from "../../src/contract/eventFields.ts";
import {
  EMPTY_DETAIL_SEARCH,
  EVENT_SELECTION_LIMIT,
  type EventSelection,
} from "../../src/contract/eventSearch.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/connect.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { enqueueJob } from "../../src/server/jobs/jobQueue.ts";
import { createMailer } from "../../src/server/mail/mailer.ts";
import { EXPORT_BATCH_SIZE, eventExportJob } from "../../src/server/services/eventExport/eventExportJob.ts";
import {
  EVENT_CSV_JOB,
  type EventExportPayload,
} from "../../src/server/services/eventExport/eventExportPayload.ts";
import { selectionEvents } from "../../src/server/services/eventSearch/matchingEvents.ts";
import type { BenchRow } from "./screening.ts";

const COMPANY = "DEMO";
const TARGET_MS = 15_000;
const TARGET_RSS_MB = 150;
const MB = 1024 * 1024;

const benchDatabaseUrl = () =>
  process.env.BENCH_DATABASE_URL ?? "postgresql://console:console@127.0.0.1:5432/console_bench";

/** yyyy-MM-dd and HH:mm in Japan time (the search's fields). */
function tokyoFields(at: Date): { date: string; time: string } {
  const iso = new Date(at.getTime() + 9 * 3_600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

export async function eventExportBenchmark(): Promise<BenchRow[]> {
  const handle = await openDatabase({ dataDir: tmpdir(), databaseUrl: benchDatabaseUrl() });
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-export-"));
  try {
    await migrate(handle.db);
    const { db } = handle;
    // As autovacuum leaves a settled table: the related-event probes are index-only scans only once
    // the visibility map is set (bulk-seeded rows are not yet).
    await sql`vacuum (analyze) event_link_keys`.execute(db);
    // The newest events up to the limit, as a created-at range starting on the next whole minute.
    const edge = await db
      .selectFrom("events")
      .select("created_at")
      .where("company_id", "=", COMPANY)
      .where("logically_deleted", "=", false)
      .orderBy("created_at", "desc")
      .orderBy("event_id", "desc")
      .offset(EVENT_SELECTION_LIMIT - 1)
      .limit(1)
      .executeTakeFirst();
    if (!edge) {
      console.log(
        `\n(f) event CSV output: skipped, ${COMPANY} has fewer than ${EVENT_SELECTION_LIMIT} events`,
      );
      return [];
    }
    const from = tokyoFields(new Date(Math.ceil(new Date(edge.created_at).getTime() / 60_000) * 60_000));
    const selection: EventSelection = {
      kind: "search",
      search: { ...EMPTY_DETAIL_SEARCH, createdFromDate: from.date, createdFromTime: from.time },
      excludedEventIds: [],
    };
    const asOf = new Date();
    const operator = await db
      .selectFrom("operators")
      .select("id")
      .where("company_id", "=", COMPANY)
      .where("email", "=", "admin@demo.example")
      .executeTakeFirstOrThrow();

    // Baseline: the same rows' event columns in the same keyset batches, nothing else.
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

    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "http://console.bench" });
    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir });
    const handler = eventExportJob({ db, config, mailer, now: () => new Date() });
    const payload: EventExportPayload = {
      selection,
      options: { delimiter: CSV_DELIMITER.comma, groups: [...EXPORT_GROUPS], encoding: "utf8" },
      lang: "ja",
      asOf: asOf.toISOString(),
      rowCount: scanned,
      fileName: "bench.csv",
    };
    // A real job row: the download link the job stores refers to it (dropped again at the end).
    const jobId = await enqueueJob(db, {
      companyId: COMPANY,
      operatorId: operator.id,
      kind: EVENT_CSV_JOB,
      payload,
      now: asOf,
    });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const silent = { info() {}, warn() {}, error() {}, child: () => silent } as never;
    const result = (await handler(
      {
        companyId: COMPANY,
        jobId,
        kind: EVENT_CSV_JOB,
        payload,
        operatorId: operator.id,
        createdAt: asOf,
        attempt: 1,
      },
      { signal: new AbortController().signal, log: silent },
    )) as { rowCount: number; filePath: string };
    const exportMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    mailer.close();
    await db.deleteFrom("jobs").where("company_id", "=", COMPANY).where("job_id", "=", jobId).execute();
    const size = (await stat(path.join(dataDir, result.filePath))).size;
    const growthMb = (rssPeak - rssBefore) / MB;
    console.log(
      `\n(f) event CSV output: ${result.rowCount} events, every group, ${(size / MB).toFixed(1)} MB file in ` +
        `${(exportMs / 1000).toFixed(2)} s (${Math.round(result.rowCount / (exportMs / 1000))} events/s, ` +
        `${(cpuMs / 1000).toFixed(2)} s of it this process's CPU, the rest waiting for PostgreSQL; load average ${loadavg()[0]?.toFixed(1)}); ` +
        `baseline keyset scan of the same ${scanned} rows ${(scanMs / 1000).toFixed(2)} s; ` +
        `RSS ${(rssBefore / MB).toFixed(0)} MB -> peak ${(rssPeak / MB).toFixed(0)} MB (+${growthMb.toFixed(1)} MB)`,
    );
    return [
      {
        metric: `(f) event CSV output, ${result.rowCount} events, every group`,
        value: `${(exportMs / 1000).toFixed(2)} s`,
        baseline: `${(scanMs / 1000).toFixed(2)} s (keyset scan, events only)`,
        ratio: `${(exportMs / scanMs).toFixed(2)}x`,
        target: `<= ${TARGET_MS / 1000} s`,
        verdict: exportMs <= TARGET_MS ? "ok" : "OVER",
      },
      {
        metric: "(f) event CSV output, RSS growth",
        value: `${growthMb.toFixed(1)} MB`,
        baseline: `${(rssBefore / MB).toFixed(0)} MB (RSS before)`,
        ratio: `${(rssPeak / rssBefore).toFixed(2)}x`,
        target: `< ${TARGET_RSS_MB} MB`,
        verdict: growthMb < TARGET_RSS_MB ? "ok" : "OVER",
      },
    ];
  } finally {
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
