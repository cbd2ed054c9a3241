/**
 * Screening result report benchmark (issue 42 part 3; alone: `npx tsx tests/bench/report.ts`): on the
 * benchmarks' PostgreSQL database (benchDatabase.ts, the tenant of bench (d)), read only, the service
 * the routes call (src/server/services/report/) for the daily report of 31 days, the monthly report of
 * 12 months and the rule hit statistics of 12 months, p95 over RUNS calls each after a warm-up call,
 * beside a bare `select 1` round trip on the same connection pool. Prints the tenant's event count
 * the figures are for; targets p95 <= 100 ms (reports) and <= 200 ms (rule hits).
 */
import { tmpdir } from "node:os";
import { sql } from "kysely";
import { openDatabase } from "../../src/server/db/connect.ts";
import { createReportService } from "../../src/server/services/report/reportService.ts";
import { benchDatabaseUrl } from "./benchDatabase.ts";
import type { BenchRow } from "./screening.ts";

const RUNS = 7;
const COMPANY = "DEMO";
const MODEL = "MODEL01";

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] as number;
}

async function timed(task: () => Promise<unknown>): Promise<number[]> {
  await task();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  return samples;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

export async function reportBenchmark(): Promise<BenchRow[]> {
  const databaseUrl = await benchDatabaseUrl();
  const handle = await openDatabase({ dataDir: tmpdir(), databaseUrl });
  try {
    const { db } = handle;
    const service = createReportService({ db, now: () => new Date() });
    const { rows } = await sql<{
      count: string;
    }>`select count(*) as count from events where company_id = ${COMPANY}`.execute(db);
    const events = Number(rows[0]?.count ?? 0);
    const bare = p95(await timed(() => sql`select 1`.execute(db)));
    const cases = [
      {
        name: "daily report, 31 days",
        target: 100,
        call: () => service.report(COMPANY, { unit: "day", modelId: MODEL }, "en"),
      },
      {
        name: "monthly report, 12 months",
        target: 100,
        call: () => service.report(COMPANY, { unit: "month", modelId: MODEL }, "en"),
      },
      {
        name: "rule hit statistics, 12 months",
        target: 200,
        call: () => service.ruleHits(COMPANY, { unit: "month", modelId: MODEL }, "en"),
      },
    ];
    const result: BenchRow[] = [];
    for (const bench of cases) {
      const value = p95(await timed(bench.call));
      result.push({
        metric: `(h) ${bench.name} p95, ${events.toLocaleString("en-US")} events in the tenant`,
        value: ms(value),
        baseline: `${ms(bare)} bare select 1 round trip`,
        ratio: `${(value / bare).toFixed(0)}x`,
        target: `<= ${bench.target} ms`,
        verdict: value <= bench.target ? "ok" : "OVER",
      });
    }
    return result;
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await reportBenchmark()) console.log(row);
}
