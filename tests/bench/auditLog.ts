/**
 * Audit log benchmark (part of `npm run bench`, or alone: `npx tsx tests/bench/auditLog.ts`): the real
 * server on PostgreSQL (the bench database of (d) and (e)) with AUDIT_ROWS audit rows of DEMO spread
 * over 18 months (the retention) and its operators, an admin session, over loopback HTTP:
 *   - the audit log's first page of 200 for a one-week date range and for one operator: round trip
 *     p95 over RUNS calls against the bare SQL the service issues (EXPLAIN ANALYZE planning +
 *     execution, p95), with the plans;
 *   - what the audit write adds to a manual result: the manual OK call's p50, against the same call
 *     less the p50 of its audit row's insert run alone by a bare pg client in a transaction (the
 *     server offers no way to act unaudited, by design, so "without" is that difference).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { auditLogList } from "../../src/contract/auditLog.ts";
import { eventManualOk } from "../../src/contract/eventActions.ts";
import { createAuditLogService } from "../../src/server/audit/auditLogService.ts";
import { buildIfStale } from "../support/buildIfStale.ts";
import { callInSession, signInDemoAdmin } from "../support/demoAdminSession.ts";
import { startServerProcess } from "../support/serverProcess.ts";
import {
  COMPANY,
  credentialKey,
  explainQueries,
  ms,
  percentile,
  prepareBenchEvents,
  roundTripRow,
  spread,
} from "./benchCalls.ts";
import { benchDatabaseUrl, warmBenchDatabase } from "./benchDatabase.ts";
import type { BenchRow } from "./screening.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BENCH_DIR = path.join(ROOT, ".tmp/bench-audit-log");
const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 5_000_000);
const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 100);
const MANUAL_RUNS = Number(process.env.BENCH_AUDIT_MANUAL_RUNS ?? 60);
const BATCH = 500_000;
const RETENTION_DAYS = 548;
const TARGET_MS = 50;
const TOKYO_MS = 9 * 60 * 60 * 1000;

/** Adds audit rows of DEMO up to AUDIT_ROWS in bulk: DEMO's operators in turn, newest now, oldest 18 months ago. */
async function prepareAuditRows(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ n: string }>(
    "select count(*) as n from audit_log where company_id = $1",
    [COMPANY],
  );
  const missing = AUDIT_ROWS - Number(rows[0]?.n ?? 0);
  if (missing <= 0) return;
  console.log(`(h) adding ${missing} audit rows of ${COMPANY} in bulk...`);
  for (let start = 0; start < missing; start += BATCH) {
    const end = Math.min(missing, start + BATCH) - 1;
    await client.query(
      `with ops as (select id as operator_id, email, row_number() over (order by id) - 1 as i, count(*) over () as n
                    from operators where company_id = $1)
       insert into audit_log (company_id, at, operator_id, actor, source_ip, action, target, summary)
       select $1, now() - (g::double precision / $3) * interval '${RETENTION_DAYS} days', ops.operator_id, ops.email,
              '203.0.113.' || (g % 250 + 1),
              (array['login','manualResult','memo','negative','csvOutput','displayFormat','download'])[g % 7 + 1],
              'event:BULK' || g, '{"before":null,"after":{"bench":true}}'::jsonb
       from generate_series($2::bigint, $4::bigint) as g join ops on ops.i = g % ops.n`,
      [COMPANY, start, missing, end],
    );
  }
  await client.query("vacuum (analyze) audit_log");
}

/** RUNS round trips of one call after 3 warm-ups. */
async function roundTrips(call: () => Promise<unknown>, runs: number): Promise<number[]> {
  const samples: number[] = [];
  for (let run = -3; run < runs; run++) {
    const started = performance.now();
    await call();
    if (run >= 0) samples.push(performance.now() - started);
  }
  return samples;
}

const tokyoDay = (at: Date) => new Date(at.getTime() + TOKYO_MS).toISOString().slice(0, 10);

export async function auditLogBenchmark(): Promise<BenchRow[]> {
  const url = await benchDatabaseUrl();
  const key = await credentialKey();
  await prepareBenchEvents(url, key, "h");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows: BenchRow[] = [];
  try {
    await prepareAuditRows(client);
    await warmBenchDatabase(url, "h");
    const admin = await client.query<{ operator_id: number }>(
      "select id as operator_id from operators where company_id = $1 and email = 'admin@demo.example'",
      [COMPANY],
    );
    const operatorId = admin.rows[0]?.operator_id ?? null;
    const weekEnd = new Date(Date.now() - 200 * 86_400_000);
    const filters = [
      {
        name: `one week (${tokyoDay(new Date(weekEnd.getTime() - 6 * 86_400_000))} to ${tokyoDay(weekEnd)})`,
        telegram: { from: tokyoDay(new Date(weekEnd.getTime() - 6 * 86_400_000)), to: tokyoDay(weekEnd) },
      },
      { name: `one operator (admin@demo.example, ${operatorId})`, telegram: { operatorId } },
    ];
    await buildIfStale();
    const server = await startServerProcess({
      databaseUrl: url,
      dataDir: BENCH_DIR,
      consoleEnv: "DEV",
      entry: "bundle",
      env: { CREDENTIAL_KEY: key, LOG_LEVEL: "warn" },
    });
    try {
      const session = await signInDemoAdmin(server.url, "en");
      for (const { name, telegram } of filters) {
        const samples = await roundTrips(() => callInSession(session, auditLogList, telegram), RUNS);
        const bare = await explainQueries(
          url,
          (db) => createAuditLogService({ db }).list(COMPANY, auditLogList.request.parse(telegram)),
          RUNS,
        );
        console.log(`\n(h) audit log first page, ${name}: round trip ${spread(samples)}; ${bare.wire}`);
        for (const lines of bare.plans) for (const line of lines) console.log(`    ${line}`);
        rows.push(
          roundTripRow(
            `(h) audit log first page of 200, ${name}, ${AUDIT_ROWS.toLocaleString("en-US")} rows`,
            samples,
            bare,
            TARGET_MS,
          ),
        );
      }

      // Manual OK on events without a manual result, each at its version, so every call saves.
      const events = await client.query<{ event_id: string; version: number }>(
        `select event_id, version from events where company_id = $1 and maresult is null
           and not logically_deleted order by created_at desc limit $2`,
        [COMPANY, MANUAL_RUNS + 3],
      );
      const queue = [...events.rows];
      const manual = await roundTrips(async () => {
        const event = queue.shift();
        if (!event) throw new Error("not enough events without a manual result");
        await callInSession(session, eventManualOk, {
          eventId: event.event_id,
          version: event.version,
          reason: "",
          memo: "",
          labelIds: [],
        });
      }, MANUAL_RUNS);
      // The audit row's insert alone, as the manual result writes it, inside a transaction rolled back.
      const insert: number[] = [];
      for (let run = -3; run < MANUAL_RUNS; run++) {
        await client.query("begin");
        const started = performance.now();
        await client.query(
          `insert into audit_log (company_id, at, operator_id, actor, source_ip, action, target, summary)
           values ($1, now(), $2, 'admin@demo.example', '127.0.0.1', 'manualResult', 'event:X', $3::jsonb)`,
          [
            COMPANY,
            operatorId,
            JSON.stringify({ before: { manualResult: null }, after: { manualResult: "10" } }),
          ],
        );
        if (run >= 0) insert.push(performance.now() - started);
        await client.query("rollback");
      }
      const withAudit = percentile(manual, 50);
      const without = withAudit - percentile(insert, 50);
      console.log(`\n(h) manual OK: round trip ${spread(manual)}; its audit insert alone ${spread(insert)}`);
      rows.push({
        metric: "(h) manual result with its audit row (p50)",
        value: `with ${ms(withAudit)}`,
        baseline: `without ${ms(without)} (the call less its audit insert's p50 ${ms(percentile(insert, 50))})`,
        ratio: `${(without > 0 ? withAudit / without : 0).toFixed(2)}x`,
        target: "information",
        verdict: "info",
      });
    } finally {
      await server.stop();
    }
  } finally {
    await client.end();
  }
  return rows;
}

// Run alone: print the rows.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = await auditLogBenchmark();
  console.log("");
  for (const r of rows)
    console.log(`${r.metric} | ${r.value} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.verdict}`);
  process.exit(0);
}
