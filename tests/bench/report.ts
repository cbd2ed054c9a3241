/**
 * Screening result report benchmark (part of `npm run bench`, or alone: `npx tsx tests/bench/report.ts`):
 * the real server on PostgreSQL with 1,000,000 events of DEMO (the bench database of (d) and (e)),
 * an admin session, and over loopback HTTP, RUNS calls each after 3 warm-ups of:
 *   - the daily report of the last 31 days and the monthly report of the last 12 months, one model;
 *   - the rule hit statistics of the last 12 months for that model.
 * Each call's round trip (p95) is set against the bare SQL the report service issues for it (captured
 * from the service, run under EXPLAIN ANALYZE: planning + execution, p95 against p95), with the
 * plans; the lazy chunk of the report screen is bench (a)'s (bundle.ts lists every chunk).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eventReport, ruleHitStats } from "../../src/contract/report.ts";
import { createReportService } from "../../src/server/services/report/reportService.ts";
import { buildIfStale } from "../support/buildIfStale.ts";
import { callInSession, signInDemoAdmin } from "../support/demoAdminSession.ts";
import { startServerProcess } from "../support/serverProcess.ts";
import {
  COMPANY,
  credentialKey,
  explainQueries,
  prepareBenchEvents,
  roundTripRow,
  spread,
} from "./benchCalls.ts";
import { benchDatabaseUrl, warmBenchDatabase } from "./benchDatabase.ts";
import type { BenchRow } from "./screening.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BENCH_DIR = path.join(ROOT, ".tmp/bench-report");
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 20);
/** The demo's standard model: most of the bulk events are screened by it. */
const MODEL_ID = "MODEL01";

const CASES = [
  {
    name: "daily report, last 31 days",
    spec: eventReport,
    telegram: { unit: "day", modelId: MODEL_ID },
    target: 100,
  },
  {
    name: "monthly report, last 12 months",
    spec: eventReport,
    telegram: { unit: "month", modelId: MODEL_ID },
    target: 100,
  },
  {
    name: "rule hit statistics, last 12 months",
    spec: ruleHitStats,
    telegram: { unit: "month", modelId: MODEL_ID },
    target: 200,
  },
] as const;

export async function reportBenchmark(): Promise<BenchRow[]> {
  const url = await benchDatabaseUrl();
  const key = await credentialKey();
  await prepareBenchEvents(url, key, "i");
  await warmBenchDatabase(url, "i");
  await buildIfStale();
  const server = await startServerProcess({
    databaseUrl: url,
    dataDir: BENCH_DIR,
    consoleEnv: "DEV",
    entry: "bundle",
    env: { CREDENTIAL_KEY: key, LOG_LEVEL: "warn" },
  });
  const rows: BenchRow[] = [];
  try {
    const session = await signInDemoAdmin(server.url, "en");
    for (const { name, spec, telegram, target } of CASES) {
      const roundTrips: number[] = [];
      for (let run = -3; run < RUNS; run++) {
        const started = performance.now();
        await callInSession(session, spec, telegram);
        if (run >= 0) roundTrips.push(performance.now() - started);
      }
      const bare = await explainQueries(
        url,
        (db) => {
          const service = createReportService({ db, now: () => new Date() });
          return spec === eventReport
            ? service.report(COMPANY, eventReport.request.parse(telegram), "en")
            : service.ruleHits(COMPANY, ruleHitStats.request.parse(telegram), "en");
        },
        Math.min(RUNS, 10),
      );
      console.log(`\n(i) ${name}: round trip ${spread(roundTrips)}; ${bare.wire}`);
      for (const [index, lines] of bare.plans.entries()) {
        console.log(`(i) EXPLAIN ANALYZE, ${name}, query ${index + 1} of ${bare.plans.length}:`);
        for (const line of lines) console.log(`    ${line}`);
      }
      rows.push(roundTripRow(`(i) ${name}, 1,000,000 events`, roundTrips, bare, target));
    }
  } finally {
    await server.stop();
  }
  return rows;
}

// Run alone: print the rows.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = await reportBenchmark();
  console.log("");
  for (const r of rows)
    console.log(`${r.metric} | ${r.value} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.verdict}`);
  process.exit(0);
}
