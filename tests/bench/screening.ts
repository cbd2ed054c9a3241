/**
 * Screening benchmark (part of `npm run bench`, or alone: `npx tsx tests/bench/screening.ts`): the
 * real server on PostgreSQL with 1,000,000 events already stored for DEMO, loaded over loopback with
 * signed screening calls of unique shop event IDs: throughput from a closed loop of 64, latency
 * from an open loop offering the target rate; each beside the same server answering a trivial route
 * under the same load. Then EXPLAIN (ANALYZE) of the velocity and related-event look-ups the engine
 * issues. PostgreSQL: see benchDatabase.ts. The first run seeds the demo tenants and bulk events
 * (minutes); later runs reuse them. Each run removes the events it screened when it ends: they would
 * otherwise pile up within the velocity windows of the next runs' customers (1.3M of them in a day of
 * runs had made every busy key's velocity count walk thousands of index entries).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Transaction } from "../../src/contract/screening.ts";
import { screenTransactionCall } from "../../src/contract/screeningApi.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { relatedEvents } from "../../src/server/screening/relatedEvents.ts";
import { screenTransaction } from "../../src/server/screening/screenTransaction.ts";
import { seedBulkEvents } from "../../src/server/seed/bulkEvents.ts";
import { DemoEventGenerator } from "../../src/server/seed/demoEvents.ts";
import { seedDemo } from "../../src/server/seed/demoSeed.ts";
import { buildDemoWorld } from "../../src/server/seed/demoWorld.ts";
import {
  createApiConnectionService,
  STANDARD_MODEL,
} from "../../src/server/services/apiConnectionService.ts";
import { createCredentialCipher } from "../../src/server/services/credentialCipher.ts";
import { buildIfStale } from "../support/buildIfStale.ts";
import { startServerProcess } from "../support/serverProcess.ts";
import { benchDatabaseUrl, removeEventsSince, warmBenchDatabase } from "./benchDatabase.ts";
import { commandCpuMs, machineBusyMs, processCpuMs } from "./procCpu.ts";
import { type LoadRequest, percentile, runLoad, runOpenLoad, signedShopRequest } from "./screeningLoad.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BENCH_DIR = path.join(ROOT, ".tmp/bench-screening");
// BENCH_STORED_EVENTS and BENCH_REQUESTS shrink a run (for trying the harness); the figures are for the defaults.
const STORED_EVENTS = Number(process.env.BENCH_STORED_EVENTS ?? 1_000_000);
// Connections of the closed loop: 24 left a quarter of the two cores idle (each screening waits on
// PostgreSQL twice, and the batches stayed small); 64, as many as the open loop uses, keeps them full.
export const CONCURRENCY = 64;
export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const MAX_MS = 30_000;
/** The rate: latency is measured with this many screenings offered per second. */
const TARGET_RATE = 1_000;
const OPEN_REQUESTS = Math.min(REQUESTS, 15_000);
const COMPANY = "DEMO";

export interface BenchRow {
  metric: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
  verdict: string;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const percentOf = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)}%`;

/** The bench's credential key, kept beside its data so a later run decrypts what an earlier one stored. */
async function credentialKey(): Promise<string> {
  if (process.env.CREDENTIAL_KEY) return process.env.CREDENTIAL_KEY;
  const file = path.join(BENCH_DIR, "credential-key");
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    const { randomBytes } = await import("node:crypto");
    const key = randomBytes(32).toString("base64");
    await mkdir(BENCH_DIR, { recursive: true });
    await writeFile(file, `${key}\n`, { mode: 0o600 });
    return key;
  }
}

async function ensureStoredEvents(db: Kysely<Database>, key: Buffer): Promise<void> {
  if (
    !(await db
      .selectFrom("companies")
      .select("company_id")
      .where("company_id", "=", COMPANY)
      .executeTakeFirst())
  ) {
    const started = Date.now();
    console.log("(d) seeding the demo tenants into the bench database...");
    await seedDemo(db, createCredentialCipher(key), new Date(), {
      progress: (line) => console.log(`    ${line}`),
    });
    console.log(`(d) demo tenants seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const { n } = await db
    .selectFrom("events")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("company_id", "=", COMPANY)
    .executeTakeFirstOrThrow();
  const missing = STORED_EVENTS - Number(n);
  if (missing <= 0) {
    console.log(`(d) ${Number(n)} events of ${COMPANY} already stored`);
    return;
  }
  console.log(`(d) ${Number(n)} events of ${COMPANY} stored; adding ${missing} in bulk...`);
  const { elapsedMs } = await seedBulkEvents(db, {
    companyId: COMPANY,
    events: missing,
    seed: Math.floor(Date.now() / 1000),
    progress: (done, elapsed) =>
      console.log(`    ${done}/${missing} (${Math.round(done / Math.max(elapsed / 1000, 0.001))} events/s)`),
  });
  console.log(`(d) ${missing} events added in ${(elapsedMs / 1000).toFixed(1)} s`);
  // As autovacuum would leave a bulk load in production: statistics, and pages marked all-visible
  // (so index-only scans, e.g. velocity over event_link_keys, do not visit the heap).
  await sql`vacuum (analyze)`.execute(db);
}

/**
 * Transactions to send: the demo generator's traffic (a customer base a quarter of the count, so
 * regulars come back as in the demo), screened now (requestedAt dropped). A new world per run
 * (seed), so customers do not carry the history of earlier runs into their related events.
 */
export function benchTransactions(count: number, seed: number): Transaction[] {
  const world = buildDemoWorld(seed, Math.max(1_000, Math.round(count / 4)));
  const generator = new DemoEventGenerator(world, {
    seed: seed + 1,
    count,
    now: new Date(),
    days: 1,
    shopEventPrefix: "BENCHTX",
  });
  return [...generator.events()].map(({ tx }) => {
    const { requestedAt: _dropped, ...rest } = tx;
    return rest;
  });
}

/** EXPLAIN ANALYZE of a statement prepared and run with its generic plan, as on the screening batch connections. */
async function explainGenericPlan(client: pg.PoolClient, query: CompiledQuery): Promise<pg.QueryResult> {
  await client.query("set plan_cache_mode = force_generic_plan");
  try {
    await client.query(`prepare explained as ${query.sql}`);
    const values = query.parameters.map((value) => client.escapeLiteral(String(value))).join(", ");
    return await client.query(`explain (analyze, buffers, costs off) execute explained(${values})`);
  } finally {
    await client.query("deallocate all");
    await client.query("reset plan_cache_mode");
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the queries the engine issues to look up velocity and related events. */
async function explainLookups(url: string): Promise<void> {
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === "query") captured.push(event.query);
    },
  });
  try {
    // A busy regular's latest event: its keys have the most history to look through.
    const { rows } = await sql<{ event_id: string; created_at: Date }>`
      select k.event_id, k.created_at from event_link_keys k
      where k.company_id = ${COMPANY} and k.key_type = 'tel'
      order by k.created_at desc limit 1`.execute(db);
    const latest = rows[0];
    if (!latest) return;
    const parties = await db
      .selectFrom("event_parties")
      .selectAll()
      .where("company_id", "=", COMPANY)
      .where("event_id", "=", latest.event_id)
      .execute();
    const card = await db
      .selectFrom("event_cards")
      .select("cchash")
      .where("company_id", "=", COMPANY)
      .where("event_id", "=", latest.event_id)
      .executeTakeFirst();
    const device = await db
      .selectFrom("event_devices")
      .select(["primary_did", "ipaddress"])
      .where("company_id", "=", COMPANY)
      .where("event_id", "=", latest.event_id)
      .executeTakeFirst();
    const purchaser = parties.find((party) => party.party === "purchaser");
    const tx: Transaction = {
      shopEventId: `EXPLAIN-${Date.now().toString(36)}`,
      amount: 10_000,
      items: [],
      purchaser: {
        ...(purchaser?.tel ? { tel: purchaser.tel } : {}),
        ...(purchaser?.mobile_tel ? { mobileTel: purchaser.mobile_tel } : {}),
        ...(purchaser?.full_address ? { fullAddress: purchaser.full_address } : {}),
        ...(purchaser?.mail_account_hash ? { mailAccountHash: purchaser.mail_account_hash } : {}),
        ...(purchaser?.mail_domain ? { mailDomain: purchaser.mail_domain } : {}),
      },
      device: {
        ...(device?.primary_did ? { primaryDid: device.primary_did } : {}),
        ...(device?.ipaddress ? { ipaddress: device.ipaddress } : {}),
      },
      ...(card?.cchash ? { card: { cchash: card.cchash } } : {}),
    };
    // Screen it for real through a Kysely that records its queries, then explain the read that
    // gathers the facts (velocity reads event_link_keys) and the read of its related events.
    captured.length = 0;
    const screened = await screenTransaction(
      { db, now: () => new Date() },
      { companyId: COMPANY, modelId: STANDARD_MODEL.modelId, applicationId: null },
      tx,
    );
    // Related events are read from the link keys when asked for: explain that read too.
    await relatedEvents(db, COMPANY, screened.eventId);
    const lookups = captured.filter(
      (query) => /event_link_keys/.test(query.sql) && !/insert\s+into/i.test(query.sql),
    );
    for (const query of lookups) {
      const related = query.sql.includes("o.event_id <> k.event_id");
      const client = await pool.connect();
      try {
        // The facts statement runs prepared on the batch connections, with its generic plan: explain
        // that plan (EXPLAIN of a statement with bound values would show a custom one).
        const plan = related
          ? await client.query(`explain (analyze, buffers, costs off) ${query.sql}`, [...query.parameters])
          : await explainGenericPlan(client, query);
        const lines = plan.rows.map((row: Record<string, string>) => row["QUERY PLAN"] ?? "");
        const seqScans = lines.filter((line) => /Seq Scan on event_link_keys/.test(line)).length;
        console.log(
          `\n(d) EXPLAIN ANALYZE of the engine's look-up of ${related ? "related events (relatedEvents, read on demand)" : "velocity and facts at screening, generic plan as the batch connections run it"} (event_link_keys)${seqScans > 0 ? "  [SEQUENTIAL SCAN]" : ""}:`,
        );
        for (const line of lines) console.log(`    ${line}`);
      } finally {
        client.release();
      }
    }
  } finally {
    await db.destroy();
  }
}

/** The bench database of (d) and what a run signs its screening calls with. */
export interface ScreeningBench {
  url: string;
  key: string;
  secret: string;
  applicationId: string;
}

/**
 * (d)'s bench database made ready (migrated, the demo tenants and STORED_EVENTS events of DEMO) and
 * a fresh API secret of DEMO for the run (the bench database is the bench's own).
 */
export async function prepareScreeningBench(): Promise<ScreeningBench> {
  const url = await benchDatabaseUrl();
  const key = await credentialKey();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrate(db);
    await ensureStoredEvents(db, Buffer.from(key, "base64"));
    const admin = await db
      .selectFrom("operators")
      .select("id")
      .where("company_id", "=", COMPANY)
      .where("email", "=", "admin@demo.example")
      .executeTakeFirstOrThrow();
    const connection = createApiConnectionService(
      { db, now: () => new Date() },
      createCredentialCipher(Buffer.from(key, "base64")),
    );
    const rotated = await connection.rotate(COMPANY, admin.id, (await connection.info(COMPANY)).rotatedAt);
    return { url, key, secret: rotated.secretKey, applicationId: rotated.info.applicationId };
  } finally {
    await db.destroy();
  }
}

/** The server on the bench database as `npm start` runs it (node dist/server/main.js), not the sources through tsx's loader. */
export async function startScreeningServer(bench: ScreeningBench, env: Record<string, string> = {}) {
  await buildIfStale();
  return startServerProcess({
    databaseUrl: bench.url,
    dataDir: BENCH_DIR,
    consoleEnv: "DEV",
    entry: "bundle",
    env: { CREDENTIAL_KEY: bench.key, LOG_LEVEL: "warn", ...env },
  });
}

/**
 * (d)'s requests: screening(prefix, offset)(index) is the signed screening call of transaction
 * offset + index, under the unique shop event ID BENCH-run-prefix-index.
 */
export const screeningRequests =
  (bench: ScreeningBench, transactions: readonly Transaction[], run: string) =>
  (prefix: string, offset: number) =>
  (index: number) =>
    signedShopRequest(
      screenTransactionCall.path,
      { companyId: COMPANY, applicationId: bench.applicationId },
      bench.secret,
      {
        ...(transactions[(offset + index) % transactions.length] as Transaction),
        shopEventId: `BENCH-${run}-${prefix}-${index}`,
      },
    );

/** (d)'s load: `requests` screening calls over a closed loop of CONCURRENCY connections, each answered 200. */
export const screeningLoad = (serverUrl: string, requests: number, request: (index: number) => LoadRequest) =>
  runLoad({
    baseUrl: serverUrl,
    concurrency: CONCURRENCY,
    maxMs: MAX_MS,
    requests,
    expectStatus: 200,
    request,
  });

export async function screeningBenchmark(): Promise<BenchRow[]> {
  const bench = await prepareScreeningBench();
  const { url } = bench;
  await warmBenchDatabase(url, "d");

  const runStarted = new Date();
  const runSeed = Math.floor(runStarted.getTime() / 1000);
  const transactions = benchTransactions(REQUESTS + 500, runSeed);
  const run = runSeed.toString(36).toUpperCase();
  const server = await startScreeningServer(bench);
  const rows: BenchRow[] = [];
  try {
    // The warm-up sends the last 500 transactions, the measured run the others, each once.
    const screening = screeningRequests(bench, transactions, run);
    const trivial = () => ({
      path: "/api/v3/screen/sessionInfo",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        header: { lang: "en", tz: "Asia/Tokyo", currency: "JPY", version: "3.0" },
        telegram: {},
      }),
    });
    const base = { baseUrl: server.url, concurrency: CONCURRENCY, maxMs: MAX_MS };
    // Other work on the machine takes CPU from the server, PostgreSQL and the generator alike.
    const load = () =>
      `machine load ${loadavg()
        .map((value) => value.toFixed(2))
        .join(" ")}`;
    await screeningLoad(server.url, 500, screening("warm", REQUESTS));
    await runLoad({ ...base, requests: 500, expectStatus: 401, request: trivial });
    const loadBefore = load();
    const serverPid = server.child.pid ?? 0;
    const cpuReading = async () => ({
      server: (await processCpuMs(serverPid)) ?? 0,
      postgres: await commandCpuMs("postgres"),
      generator: ((usage) => (usage.user + usage.system) / 1000)(process.cpuUsage()),
      machine: await machineBusyMs(),
    });
    const cpuBefore = await cpuReading();
    const screened = await screeningLoad(server.url, REQUESTS, screening("load", 0));
    // Whether the loop saturated the machine, and what bounds it: the server's one JavaScript thread
    // near 100% of a core with the machine's cores not all busy means the server is the limit.
    const cpuAfter = await cpuReading();
    const closedCpu = {
      server: cpuAfter.server - cpuBefore.server,
      postgres: cpuAfter.postgres - cpuBefore.postgres,
      generator: cpuAfter.generator - cpuBefore.generator,
      machine: cpuAfter.machine - cpuBefore.machine,
    };
    const baseline = await runLoad({ ...base, requests: REQUESTS, expectStatus: 401, request: trivial });
    // Latency as shops see it at the target rate: an open loop offering TARGET_RATE/s on a fixed
    // schedule (a closed loop's latency is only its own queue: N concurrent at X/s wait N / X on
    // average). The trivial route under the same schedule is the baseline.
    const open = {
      baseUrl: server.url,
      ratePerSecond: TARGET_RATE,
      requests: OPEN_REQUESTS,
      connections: 64,
    };
    const atRate = await runOpenLoad({ ...open, expectStatus: 200, request: screening("rate", 0) });
    const atRateBaseline = await runOpenLoad({ ...open, expectStatus: 401, request: trivial });

    const outcome = (result: typeof screened) =>
      `${result.perSecond.toFixed(0)}/s, p50 ${ms(percentile(result.latenciesMs, 50))}, ` +
      `p99 ${ms(percentile(result.latenciesMs, 99))}, max ${ms(Math.max(...result.latenciesMs))}` +
      (result.failed > 0 ? `, ${result.failed} failed` : "") +
      (result.unexpected.size > 0 ? `, unexpected statuses ${JSON.stringify([...result.unexpected])}` : "");
    const closed = (name: string, result: typeof screened) =>
      `(d) ${name}: ${result.sent} requests, closed loop of ${CONCURRENCY}, ${(result.elapsedMs / 1000).toFixed(1)} s, ${outcome(result)}`;
    const opened = (name: string, result: typeof screened) =>
      `(d) ${name}: ${result.sent} requests offered at ${TARGET_RATE}/s, ${(result.elapsedMs / 1000).toFixed(1)} s, ${outcome(result)}`;
    console.log(`\n(d) before the screening run: ${loadBefore}; after all runs: ${load()}`);
    console.log(closed("screening (POST /api/v3/screening/screen, signed)", screened));
    const perScreening = (cpuMs: number) => `${(cpuMs / screened.sent).toFixed(3)} ms`;
    console.log(
      `(d) CPU during the screening closed loop: server process ${percentOf(closedCpu.server, screened.elapsedMs)} of one core, ` +
        `machine ${percentOf(closedCpu.machine, screened.elapsedMs * cpus().length)} of ${cpus().length} cores busy; ` +
        `per screening: server ${perScreening(closedCpu.server)}, PostgreSQL ${perScreening(closedCpu.postgres)}, ` +
        `load generator ${perScreening(closedCpu.generator)}, machine ${perScreening(closedCpu.machine)}`,
    );
    console.log(closed("trivial route (sessionInfo without session, 401)", baseline));
    console.log(opened("screening at the target rate", atRate));
    console.log(opened("trivial route at the target rate", atRateBaseline));
    const ok = screened.failed === 0 && screened.unexpected.size === 0;
    const okAtRate = atRate.failed === 0 && atRate.unexpected.size === 0;
    const p50 = percentile(atRate.latenciesMs, 50);
    const p99 = percentile(atRate.latenciesMs, 99);
    rows.push(
      {
        metric: `(d) screenings per second (1M events stored, closed loop of ${CONCURRENCY})`,
        value: `${screened.perSecond.toFixed(0)}/s`,
        baseline: `${baseline.perSecond.toFixed(0)}/s (trivial route)`,
        ratio: `${(screened.perSecond / baseline.perSecond).toFixed(2)}x`,
        target: ">= 1000/s",
        verdict: ok && screened.perSecond >= 1000 ? "ok" : "UNDER",
      },
      {
        metric: `(d) screening p50 at ${TARGET_RATE}/s offered`,
        value: ms(p50),
        baseline: `${ms(percentile(atRateBaseline.latenciesMs, 50))} (trivial route)`,
        ratio: `${(p50 / percentile(atRateBaseline.latenciesMs, 50)).toFixed(2)}x`,
        target: "-",
        verdict: okAtRate ? "info" : "ERRORS",
      },
      {
        metric: `(d) screening p99 at ${TARGET_RATE}/s offered`,
        value: ms(p99),
        baseline: `${ms(percentile(atRateBaseline.latenciesMs, 99))} (trivial route)`,
        ratio: `${(p99 / percentile(atRateBaseline.latenciesMs, 99)).toFixed(2)}x`,
        target: "<= 25 ms",
        verdict: okAtRate && p99 <= 25 ? "ok" : "OVER",
      },
    );
  } finally {
    await server.stop();
  }
  try {
    await explainLookups(url);
  } finally {
    const removed = await removeEventsSince(url, COMPANY, runStarted);
    console.log(
      `(d) removed the ${removed} events this run screened, so the next run starts from the same stored events`,
    );
  }
  return rows;
}

const isEntry =
  process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntry) {
  const rows = await screeningBenchmark();
  for (const row of rows)
    console.log(
      `${row.metric}: ${row.value} | ${row.baseline} | ${row.ratio} | ${row.target} | ${row.verdict}`,
    );
  process.exit(0);
}
