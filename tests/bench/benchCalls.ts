/**
 * What the PostgreSQL benchmarks share: the bench database's demo tenants and 1,000,000 events, the
 * credential key its API secrets are sealed with, percentiles, and the bare SQL a service issues for
 * a call (captured from the service itself, then run under EXPLAIN ANALYZE and from a bare pg client).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { plannerStartupOptions } from "../../src/server/db/connect.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { ROLE_USABLE, TENANT_ROLE, TO_TENANT } from "../../src/server/db/tenantScopedDialect.ts";
import { foldReportTallies } from "../../src/server/jobs/reportTallyFold.ts";
import { seedBulkEvents } from "../../src/server/seed/bulkEvents.ts";
import { seedDemo } from "../../src/server/seed/demoSeed.ts";
import { createCredentialCipher } from "../../src/server/services/credentialCipher.ts";
import type { BenchRow } from "./screening.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The screening benchmark's key file: every benchmark on the bench database shares it. */
const KEY_FILE = path.join(ROOT, ".tmp/bench-screening/credential-key");
const STORED_EVENTS = Number(process.env.BENCH_STORED_EVENTS ?? 1_000_000);
export const COMPANY = "DEMO";

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

export const spread = (samples: number[]) =>
  `p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}`;

export async function credentialKey(): Promise<string> {
  if (process.env.CREDENTIAL_KEY) return process.env.CREDENTIAL_KEY;
  try {
    return (await readFile(KEY_FILE, "utf8")).trim();
  } catch {
    const { randomBytes } = await import("node:crypto");
    const key = randomBytes(32).toString("base64");
    await mkdir(path.dirname(KEY_FILE), { recursive: true });
    await writeFile(KEY_FILE, `${key}\n`, { mode: 0o600 });
    return key;
  }
}

/** Migrated, with the demo tenants and at least STORED_EVENTS events of DEMO, vacuumed once after 006 and 011. */
export async function prepareBenchEvents(url: string, key: string, tag: string): Promise<void> {
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }),
  });
  try {
    const applied = await migrate(db);
    const demo = await db
      .selectFrom("companies")
      .select("company_id")
      .where("company_id", "=", COMPANY)
      .executeTakeFirst();
    if (!demo) {
      console.log(`(${tag}) seeding the demo tenants into the bench database...`);
      await seedDemo(db, createCredentialCipher(Buffer.from(key, "base64")), new Date());
    }
    const { n } = await db
      .selectFrom("events")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("company_id", "=", COMPANY)
      .executeTakeFirstOrThrow();
    const missing = STORED_EVENTS - Number(n);
    if (missing > 0) {
      console.log(`(${tag}) ${Number(n)} events of ${COMPANY} stored; adding ${missing} in bulk...`);
      await seedBulkEvents(db, { companyId: COMPANY, events: missing, seed: Math.floor(Date.now() / 1000) });
    }
    // 006 built the search indexes; 011 rewrote every fired rule (its created_at backfill).
    if (missing > 0 || applied.some((name) => name.startsWith("006_") || name.startsWith("011_"))) {
      // Index-only counts need the visibility map of the bulk-written rows.
      console.log(`(${tag}) vacuum analyze of the event tables...`);
      await sql`vacuum (analyze) events, event_fired_rules, event_link_keys`.execute(db);
    }
    // The report's day tallies (migration 028): fold the bulk writes' delta rows, as the server's sweeper would.
    if (missing > 0) await foldReportTallies(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Switches the bare SQL's connection to the tenant as the server's handler runs (tenantScopedDialect:
 * the tenant role, whose row-level security policies add their company condition to every table
 * read, with console.company_id set); as the connecting user where the role cannot be used, as the
 * server then does too. Says which.
 */
async function actAsTenant(client: pg.PoolClient): Promise<string> {
  const { rows } = await client.query<{ usable: boolean }>(ROLE_USABLE);
  if (!rows[0]?.usable) return "the connecting user, row-level security inactive";
  await client.query(TO_TENANT, [COMPANY]);
  return `${TENANT_ROLE} with row-level security, as the server`;
}

/**
 * The bare SQL of one call: every query the service issues for it, run `runs` times under EXPLAIN
 * (ANALYZE, TIMING OFF) on a connection with the server's planner settings and tenant (actAsTenant);
 * per run the planning plus execution time of those queries (what running the bare SQL costs
 * PostgreSQL), summarised as the server's samples are (p50, p95), and the plans of the first run. For information, the same
 * queries run plainly by that pg client as well: their round trip, which adds what EXPLAIN leaves
 * out (the rows' output and transfer, and their parsing by the client).
 */
export async function explainQueries(
  url: string,
  run: (db: Kysely<Database>) => Promise<unknown>,
  runs: number,
) {
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2, options: plannerStartupOptions });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === "query") captured.push(event.query);
    },
  });
  try {
    await run(db).catch(() => undefined);
    const queries = captured.filter((q) => /^\s*(select|with)\b/i.test(q.sql));
    const samples: number[] = [];
    const wire: number[] = [];
    const plans: string[][] = [];
    const client = await pool.connect();
    let role: string;
    try {
      role = await actAsTenant(client);
      for (let index = 0; index < runs; index++) {
        const started = performance.now();
        for (const query of queries) await client.query(query.sql, [...query.parameters]);
        wire.push(performance.now() - started);
        let totalMs = 0;
        for (const query of queries) {
          const plan = await client.query(`explain (analyze, buffers, timing off, costs off) ${query.sql}`, [
            ...query.parameters,
          ]);
          const lines = plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"] ?? "");
          const text = lines.join("\n");
          totalMs +=
            Number(/Planning Time: ([\d.]+)/.exec(text)?.[1] ?? 0) +
            Number(/Execution Time: ([\d.]+)/.exec(text)?.[1] ?? 0);
          if (index === 0) plans.push(lines);
        }
        samples.push(totalMs);
      }
    } finally {
      client.release();
    }
    return {
      bareMs: percentile(samples, 95),
      bareP50Ms: percentile(samples, 50),
      wire: `the same SQL from a bare pg client (as ${role}): round trip ${spread(wire)}`,
      plans,
    };
  } finally {
    await db.destroy();
  }
}

/** A row of round-trip samples against the bare SQL's p95 (explainQueries), within a p95 target. */
export function roundTripRow(
  metric: string,
  samples: number[],
  bare: { bareMs: number },
  targetMs: number,
): BenchRow {
  const p95 = percentile(samples, 95);
  return {
    metric,
    value: `round trip p95 ${ms(p95)} (p50 ${ms(percentile(samples, 50))})`,
    baseline: `bare SQL p95 ${ms(bare.bareMs)} (EXPLAIN ANALYZE planning + execution)`,
    ratio: `${(bare.bareMs > 0 ? p95 / bare.bareMs : 0).toFixed(2)}x`,
    target: `<= ${targetMs} ms`,
    verdict: p95 <= targetMs ? "ok" : "OVER",
  };
}
