/**
 * Negative list benchmark (part of `npm run bench`, or alone: `npx tsx tests/bench/negativeList.ts`):
 * the real server on PostgreSQL (the bench database of (d) and (e)) with NEGATIVES negative entries of
 * DEMO (phone numbers, written through src/server/lists as every writer does, their match keys
 * included, updated over two years), an admin session, and over loopback HTTP RUNS calls each of the
 * list's first page of 200 for a phone number and for a one-week update range: round trip p95 against
 * the bare SQL the service issues (EXPLAIN ANALYZE planning + execution, p95), with the plans.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { negativeSearch } from "../../src/contract/negativeList.ts";
import type { Database, NewNegative } from "../../src/server/db/schema.ts";
import { insertNegatives } from "../../src/server/lists/negativeWrites.ts";
import type { ServiceDeps } from "../../src/server/services/deps.ts";
import { createNegativeListService } from "../../src/server/services/lists/negativeListService.ts";
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
const BENCH_DIR = path.join(ROOT, ".tmp/bench-negative-list");
const NEGATIVES = Number(process.env.BENCH_NEGATIVES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_NEGATIVE_RUNS ?? 100);
const BATCH = 5_000;
const TARGET_MS = 50;
const SPAN_MS = 730 * 86_400_000;
const TOKYO_MS = 9 * 60 * 60 * 1000;
/** The bench's phone numbers: 0 then ten digits from 9000000000, one per entry. */
const benchTel = (index: number) => `0${9_000_000_000 + index}`;

/**
 * Adds entries `from` to `to` - 1 of DEMO, entryOf(index, at) each, through the lists module's one
 * write path (insertNegatives: their match keys included), BATCH per transaction, updated over the
 * two years before now (index 0 the newest of `total`). Also the list screening bench's (m) seeding.
 */
export async function seedNegatives(
  db: Kysely<Database>,
  range: { from: number; to: number; total: number },
  entryOf: (index: number, at: Date) => Omit<NewNegative, "company_id">,
): Promise<void> {
  const newest = Date.now();
  for (let from = range.from; from < range.to; from += BATCH) {
    const entries: Omit<NewNegative, "company_id">[] = [];
    for (let index = from; index < Math.min(range.to, from + BATCH); index++)
      entries.push(entryOf(index, new Date(newest - (index / range.total) * SPAN_MS)));
    await db.transaction().execute((trx) => insertNegatives(trx, COMPANY, entries));
  }
}

/** Adds bench entries of DEMO up to NEGATIVES through the lists module's one write path. */
async function prepareNegatives(db: Kysely<Database>): Promise<void> {
  const { n } = await db
    .selectFrom("negatives")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("company_id", "=", COMPANY)
    .where("tel", "like", "09%")
    .where("add_type", "=", "30")
    .executeTakeFirstOrThrow();
  const start = Number(n);
  if (start >= NEGATIVES) return;
  console.log(`(k) ${start} bench negative entries of ${COMPANY}; adding ${NEGATIVES - start}...`);
  await seedNegatives(db, { from: start, to: NEGATIVES, total: NEGATIVES }, (index, at) => ({
    tel: benchTel(index),
    customer_type: "10",
    add_type: "30",
    created_at: at,
    updated_at: at,
  }));
  console.log("(k) vacuum analyze of the negative tables...");
  await sql`vacuum (analyze) negatives, negative_keys`.execute(db);
}

const tokyoDay = (at: Date) => new Date(at.getTime() + TOKYO_MS).toISOString().slice(0, 10);

export async function negativeListBenchmark(): Promise<BenchRow[]> {
  const url = await benchDatabaseUrl();
  const key = await credentialKey();
  await prepareBenchEvents(url, key, "k");
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }),
  });
  try {
    await prepareNegatives(db);
  } finally {
    await db.destroy();
  }
  await warmBenchDatabase(url, "k");
  const weekEnd = new Date(Date.now() - 100 * 86_400_000);
  const weekStart = new Date(weekEnd.getTime() - 6 * 86_400_000);
  const searches = [
    { name: `tel (${benchTel(NEGATIVES / 2)})`, search: { item: "tel", values: benchTel(NEGATIVES / 2) } },
    {
      name: `update range (${tokyoDay(weekStart)} to ${tokyoDay(weekEnd)})`,
      search: { updatedFrom: tokyoDay(weekStart), updatedTo: tokyoDay(weekEnd) },
    },
  ];
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
    for (const { name, search } of searches) {
      const telegram = { search, pageSize: 200 };
      const samples: number[] = [];
      let total = 0;
      for (let run = -3; run < RUNS; run++) {
        const started = performance.now();
        const answer = await callInSession<{ total: number }>(session, negativeSearch, telegram);
        if (run >= 0) samples.push(performance.now() - started);
        total = answer.telegram.total;
      }
      const request = negativeSearch.request.parse(telegram);
      const bare = await explainQueries(
        url,
        (bareDb) =>
          createNegativeListService({ db: bareDb, now: () => new Date() } as ServiceDeps).search(
            COMPANY,
            request.search,
            request.pageSize,
            null,
          ),
        RUNS,
      );
      console.log(
        `\n(k) negative list first page, ${name}: total ${total}; round trip ${spread(samples)}; ${bare.wire}`,
      );
      for (const lines of bare.plans) for (const line of lines) console.log(`    ${line}`);
      rows.push(
        roundTripRow(
          `(k) negative list first page of 200, ${name}, ${NEGATIVES.toLocaleString("en-US")} entries`,
          samples,
          bare,
          TARGET_MS,
        ),
      );
    }
  } finally {
    await server.stop();
  }
  return rows;
}

// Run alone: print the rows.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = await negativeListBenchmark();
  console.log("");
  for (const r of rows)
    console.log(`${r.metric} | ${r.value} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.verdict}`);
  process.exit(0);
}
