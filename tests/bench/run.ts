/**
 * Benchmarks (`npm run bench`, not part of npm test). Each figure is printed beside a baseline
 * measured in the same run, with the ratio and the target:
 *   (a) JS and CSS that Chromium receives for /v3/login from the server, against the brotli and gzip
 *       sizes of the same built files; lazy chunks listed (bundle.ts);
 *   (b) server start (npm start's server bundle) on an existing database until it answers, against
 *       a bare Node HTTP server;
 *   (c) login p95 (argon2 included) over 40 logins, against a trivial route's p95;
 *   (d) screenings per second and p50/p99 on PostgreSQL with 1,000,000 events stored, against a
 *       trivial route under the same load, and the EXPLAIN of the engine's look-ups (screening.ts).
 *   (e) event list search on the same database: first pages, a deep keyset page, the totals and
 *       select all, the server's time (the route's Server-Timing) against EXPLAIN ANALYZE of their
 *       bare SQL (eventSearch.ts).
 *   (f) event CSV output of 150,000 events with every group on the same database, requested from the
 *       server process: time against a keyset scan of the same rows, and the server's RSS peak during
 *       the job minus its RSS before (after a warm-up export), worst of two runs (eventExport.ts).
 *   (g) the event list screen rendering a page of 200 rows in Chromium: script time (CDP
 *       ScriptDuration) against the same screen rendering its empty 676 state (eventListRender.ts).
 *   (h) the audit log's first page of 200 with 5,000,000 audit rows, by date range and by operator,
 *       against the bare SQL; the audit write's share of a manual result (auditLog.ts).
 *   (i) the screening result report (31 days, 12 months) and rule hit statistics with 1,000,000
 *       events, against the bare SQL (report.ts).
 *   (j) a 100,000-row CSV screening upload in each priority: rows/s against COPY of the same file,
 *       and RSS growth (csvAuthori.ts).
 *   (k) the negative list's first page of 200 with 1,000,000 entries, by phone number and by update
 *       range, against the bare SQL (negativeList.ts). Keyword matching with 10,000 keywords per
 *       category runs alone: npx tsx tests/bench/keywordMatching.ts.
 *   (l) a CSV update of 100,000 events (manual result NG with reason, a label): rows/s against the
 *       bare SQL of the same change, and RSS growth (csvUpdate.ts).
 *   (m) screenings per second with 1,000,000 negative entries and 10,000 keywords per category
 *       against the demo's lists, (d)'s load in interleaved passes, with the rules the full lists
 *       fired (listScreening.ts).
 * Loopback only; always exits 0 unless the harness itself cannot run.
 */
import { spawn } from "node:child_process";
import { buildIfStale } from "../support/buildIfStale.ts";
import { freePort, startServerProcess, waitForHttp } from "../support/serverProcess.ts";
import { freshDataDir, removeDataDir } from "../support/testDatabase.ts";
import { auditLogBenchmark } from "./auditLog.ts";
import { bundleBenchmark } from "./bundle.ts";
import { csvAuthoriBenchmark } from "./csvAuthori.ts";
import { csvUpdateBenchmark } from "./csvUpdate.ts";
import { eventExportBenchmark } from "./eventExport.ts";
import { eventListRenderBenchmark } from "./eventListRender.ts";
import { eventSearchBenchmark } from "./eventSearch.ts";
import { listScreeningBenchmark } from "./listScreening.ts";
import { negativeListBenchmark } from "./negativeList.ts";
import { reportBenchmark } from "./report.ts";
import { screeningBenchmark } from "./screening.ts";

const LOGINS = 40;
const STARTS = 3;

interface Row {
  metric: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
  verdict: string;
}
const rows: Row[] = [];
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : "n/a");
const verdict = (value: number, target: number) => (value <= target ? "ok" : "OVER");

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}
const median = (samples: number[]) => percentile(samples, 50);

const envelope = (telegram: unknown) =>
  JSON.stringify({ header: { lang: "en", tz: "Asia/Tokyo", currency: "JPY", version: "3.0" }, telegram });

function printTable(title: string, table: Row[]): void {
  const headers: Row = {
    metric: "metric",
    value: "value",
    baseline: "baseline",
    ratio: "ratio",
    target: "target",
    verdict: "status",
  };
  const keys = Object.keys(headers) as (keyof Row)[];
  const widths = keys.map((key) => Math.max(...[headers, ...table].map((row) => row[key].length)));
  const line = (row: Row) => keys.map((key, i) => row[key].padEnd(widths[i] as number)).join(" | ");
  console.log(`\n${title}`);
  console.log(line(headers));
  console.log(widths.map((w) => "-".repeat(w)).join("-|-"));
  for (const row of table) console.log(line(row));
}

// --- (b) start ------------------------------------------------------------------------------------
async function bareNodeStart(): Promise<number> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ["-e", `require("node:http").createServer((q, s) => s.end("ok")).listen(${port}, "127.0.0.1")`],
    { stdio: "ignore" },
  );
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, 30_000);
    return Date.now() - started;
  } finally {
    child.kill("SIGTERM");
  }
}

async function startTimes(dataDir: string): Promise<void> {
  const server: number[] = [];
  const bare: number[] = [];
  for (let run = 0; run < STARTS; run++) {
    // What `npm start` runs once its builds are fresh: node dist/server/main.js.
    const started = await startServerProcess({ dataDir, consoleEnv: "DEV", entry: "bundle" });
    server.push(started.startMs);
    await started.stop();
    bare.push(await bareNodeStart());
  }
  const value = median(server);
  const baseline = median(bare);
  console.log(`\n(b) server start samples: ${server.join(", ")} ms; bare Node: ${bare.join(", ")} ms`);
  rows.push({
    metric: `(b) server start (dist/server bundle), existing DB (median of ${STARTS})`,
    value: ms(value),
    baseline: `${ms(baseline)} (bare Node http)`,
    ratio: ratio(value, baseline),
    target: "<= 3000 ms",
    verdict: verdict(value, 3000),
  });
}

// --- (c) login ------------------------------------------------------------------------------------
async function timed(call: () => Promise<Response>, expectStatus: number): Promise<number> {
  const started = performance.now();
  const response = await call();
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== expectStatus)
    throw new Error(`expected HTTP ${expectStatus}, got ${response.status}`);
  return elapsed;
}

async function loginLatency(serverUrl: string): Promise<void> {
  const login = () =>
    fetch(`${serverUrl}/api/v3/screen/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: envelope({ companyId: "DEMO", email: "admin@demo.example", password: "Demo-2026!pass" }),
    });
  // The trivial route: a session call without a session, refused before any handler or database work.
  const trivial = () =>
    fetch(`${serverUrl}/api/v3/screen/sessionInfo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: envelope({}),
    });
  for (let warm = 0; warm < 3; warm++) {
    await timed(login, 200);
    await timed(trivial, 401);
  }
  const logins: number[] = [];
  const trivials: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    logins.push(await timed(login, 200));
    trivials.push(await timed(trivial, 401));
  }
  const p95 = percentile(logins, 95);
  const baseline = percentile(trivials, 95);
  console.log(
    `\n(c) login over ${LOGINS}: p50 ${ms(median(logins))}, p95 ${ms(p95)}, max ${ms(Math.max(...logins))}; ` +
      `trivial route p50 ${ms(median(trivials))}, p95 ${ms(baseline)}`,
  );
  rows.push({
    metric: `(c) login p95 incl. argon2 (${LOGINS} logins)`,
    value: ms(p95),
    baseline: `${ms(baseline)} (sessionInfo 401 p95)`,
    ratio: ratio(p95, baseline),
    target: "<= 150 ms",
    verdict: verdict(p95, 150),
  });
}

async function main(): Promise<void> {
  console.log("Benchmarks: loopback only, one machine; figures vary with the load of the machine.");
  await buildIfStale();
  const dataDir = await freshDataDir();
  try {
    // The first start migrates nothing (the template is migrated) but warms the data dir's files.
    const server = await startServerProcess({ dataDir, consoleEnv: "DEV" });
    try {
      rows.push(...(await bundleBenchmark(server.url)));
      await loginLatency(server.url);
    } finally {
      await server.stop();
    }
    await startTimes(dataDir);
  } finally {
    await removeDataDir(dataDir);
  }
  // (d) screening throughput and latency on PostgreSQL with 1,000,000 stored events (screening.ts).
  rows.push(...(await screeningBenchmark()));
  // (e) event list search on the same 1,000,000 events (eventSearch.ts).
  rows.push(...(await eventSearchBenchmark()));
  // (f) event CSV output of 150,000 events from the same database (eventExport.ts).
  rows.push(...(await eventExportBenchmark()));
  // (g) the event list screen rendering 200 rows in Chromium (eventListRender.ts).
  rows.push(...(await eventListRenderBenchmark()));
  // (h) the audit log's first page with 5,000,000 rows, and the audit write's cost (auditLog.ts).
  rows.push(...(await auditLogBenchmark()));
  // (i) the screening result report and rule hit statistics on the 1,000,000 events (report.ts).
  rows.push(...(await reportBenchmark()));
  // (j) a 100,000-row CSV screening upload in each priority on the same database (csvAuthori.ts).
  rows.push(...(await csvAuthoriBenchmark()));
  // (k) the negative list's first page with 1,000,000 entries (negativeList.ts).
  rows.push(...(await negativeListBenchmark()));
  // (l) a CSV update of 100,000 events on the same database (csvUpdate.ts).
  rows.push(...(await csvUpdateBenchmark()));
  // (m) screening throughput with full negative and keyword lists against the demo's (listScreening.ts).
  rows.push(...(await listScreeningBenchmark()));
  printTable(
    "Summary",
    [...rows].sort((a, b) => a.metric.localeCompare(b.metric)),
  );
}

await main();
process.exit(0);
