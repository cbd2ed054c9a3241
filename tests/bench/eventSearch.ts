/**
 * Event list search benchmark (part of `npm run bench`, or alone: `npx tsx tests/bench/eventSearch.ts`):
 * the real server on PostgreSQL with 1,000,000 events of DEMO (the screening benchmark's database,
 * console_bench, seeded in bulk when it has fewer), an admin session, WARM_UP_CALLS untimed list
 * calls, and over loopback HTTP:
 *   - the first page of 200 rows for the default search, a one-day date range, a phone number and a
 *     rule code: p50/p95 over RUNS calls each;
 *   - a deep keyset page (page 500 of the default search, its cursor fetched by walking the pages);
 *   - the total (eventCount, its own call beside the first page) of the default search (capped at
 *     150,000) and of the rule code, for information;
 *   - select all of close to 150,000 events (a date range ending at the newest event).
 * The time is the server's: the route's Server-Timing `total` (from the request's arrival through
 * the guard's session and permission checks to the answer's telegram), the round trip on loopback
 * printed beside it. Each is set against the bare SQL the service issues for that call, run as many
 * times under EXPLAIN (ANALYZE, TIMING OFF) (planning + execution, p95 against p95), with the ratio,
 * and the plans; and, for information, that SQL's round trip from a bare pg client.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import {
  EMPTY_DETAIL_SEARCH,
  EMPTY_QUICK_SEARCH,
  EVENT_SELECTION_LIMIT,
  type EventSearch,
  eventCount,
  eventList,
  eventSelectAll,
} from "../../src/contract/eventSearch.ts";
import { screenPermissionList } from "../../src/contract/permissions.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { createEventListService } from "../../src/server/services/eventSearch/eventListService.ts";
import { buildIfStale } from "../support/buildIfStale.ts";
import { callInSession, type DemoAdminSession, signInDemoAdmin } from "../support/demoAdminSession.ts";
import { startServerProcess } from "../support/serverProcess.ts";
import {
  COMPANY,
  credentialKey,
  explainQueries,
  ms,
  percentile,
  prepareBenchEvents,
  spread,
} from "./benchCalls.ts";
import { benchDatabaseUrl, warmBenchDatabase } from "./benchDatabase.ts";
import type { BenchRow } from "./screening.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BENCH_DIR = path.join(ROOT, ".tmp/bench-event-search");
// 100 samples: the p95 is then the 95th of 100, not (as with 30) the second slowest, one hiccup of a shared VM.
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 100);
/**
 * List calls served before any is timed, the first-page searches in turn: a server in service has
 * long since compiled its hot paths. Measured from a fresh process, the first 200 calls of the
 * default search ran at p50 4.70 ms and the next 200 at 4.07 ms (later rounds 3.1-3.9 ms), so the
 * page measured first carried V8's tier-up in its figures. (d) and (f) warm the server up as well.
 */
const WARM_UP_CALLS = Number(process.env.BENCH_SEARCH_WARM_UP ?? 400);
const SELECT_ALL_RUNS = 10;
const COUNT_RUNS = 10;
const DEEP_PAGE = 500;
const PAGE_SIZE = 200;
const TOKYO_MS = 9 * 60 * 60 * 1000;

/** The searches measured, with values taken from the stored data. */
async function chooseSearches(db: Kysely<Database>) {
  const newest = await db
    .selectFrom("events")
    .select("created_at")
    .where("company_id", "=", COMPANY)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  const tokyoDay = (at: Date) => new Date(at.getTime() + TOKYO_MS).toISOString().slice(0, 10);
  const tokyoMinute = (at: Date) => new Date(at.getTime() + TOKYO_MS).toISOString().slice(11, 16);
  const weekAgo = tokyoDay(new Date(new Date(newest.created_at).getTime() - 7 * 86_400_000));
  // The purchaser phone of the newest event that has one.
  const tel = await db
    .selectFrom("event_parties as p")
    .innerJoin("events as e", (join) =>
      join.onRef("e.company_id", "=", "p.company_id").onRef("e.event_id", "=", "p.event_id"),
    )
    .select("p.tel")
    .where("p.company_id", "=", COMPANY)
    .where("p.party", "=", "purchaser")
    .where("p.tel", "is not", null)
    .orderBy("e.created_at", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  // A rule code of typical frequency: the median among the codes fired on at least 1,000 events.
  const codes = await sql<{ rule_code: string; n: number }>`
    select rule_code, count(*)::int as n from event_fired_rules
    where company_id = ${COMPANY} and release_kind = 'normal'
    group by rule_code having count(*) >= 1000 order by n`.execute(db);
  const ruleCode = codes.rows[Math.floor(codes.rows.length / 2)] ?? { rule_code: "NONE", n: 0 };
  // Select all: from the minute after the 150,000th newest event to the newest one.
  const boundary = await db
    .selectFrom("events")
    .select("created_at")
    .where("company_id", "=", COMPANY)
    .where("logically_deleted", "=", false)
    .orderBy("created_at", "desc")
    .offset(EVENT_SELECTION_LIMIT - 1)
    .limit(1)
    .executeTakeFirstOrThrow();
  const from = new Date(new Date(boundary.created_at).getTime() + 60_000);
  const detail = (fields: Partial<typeof EMPTY_DETAIL_SEARCH>): EventSearch => ({
    ...EMPTY_DETAIL_SEARCH,
    ...fields,
  });
  return {
    firstPages: [
      { name: "default search", search: EMPTY_QUICK_SEARCH as EventSearch },
      {
        name: `date range (${weekAgo}, one day)`,
        search: detail({
          createdFromDate: weekAgo,
          createdFromTime: "00:00",
          createdToDate: weekAgo,
          createdToTime: "23:59",
        }),
      },
      { name: `tel (${tel.tel})`, search: detail({ tel: tel.tel ?? "" }) },
      {
        name: `rule code (${ruleCode.rule_code}, ${ruleCode.n.toLocaleString("en-US")} events)`,
        search: detail({ ruleCode: ruleCode.rule_code }),
      },
    ],
    selectAll: detail({
      createdFromDate: tokyoDay(from),
      createdFromTime: tokyoMinute(from),
      createdToDate: tokyoDay(new Date(newest.created_at)),
      createdToTime: tokyoMinute(new Date(newest.created_at)),
    }),
  };
}

/** One metric of a Server-Timing header (`<name>;dur=`), NaN when the route sends none. */
function serverTimingMs(header: string | null, name: "search" | "total"): number {
  const match = new RegExp(`(?:^|,\\s*)${name};dur=([\\d.]+)`).exec(header ?? "");
  return match ? Number(match[1]) : Number.NaN;
}

/**
 * One console call over loopback: its round-trip time, the server's own time (Server-Timing) and
 * telegram; fails on any error answer.
 */
async function timedCall(
  session: DemoAdminSession,
  spec: { path: string },
  telegram: unknown,
): Promise<{ elapsedMs: number; serverMs: number; serviceMs: number; telegram: Record<string, unknown> }> {
  const started = performance.now();
  const answer = await callInSession<Record<string, unknown>>(session, spec, telegram);
  const elapsedMs = performance.now() - started;
  const timing = answer.response.headers.get("server-timing");
  return {
    elapsedMs,
    serverMs: serverTimingMs(timing, "total"),
    serviceMs: serverTimingMs(timing, "search"),
    telegram: answer.telegram,
  };
}

/** RUNS timed calls after 3 warm-ups: server times, round trips and the last telegram. */
async function sampleCall(call: () => ReturnType<typeof timedCall>, runs = RUNS) {
  for (let warm = 0; warm < 3; warm++) await call();
  const server: number[] = [];
  const service: number[] = [];
  const roundTrip: number[] = [];
  let telegram: Record<string, unknown> = {};
  for (let i = 0; i < runs; i++) {
    const answer = await call();
    if (Number.isNaN(answer.serverMs)) throw new Error("the event list route sent no Server-Timing");
    server.push(answer.serverMs);
    service.push(answer.serviceMs);
    roundTrip.push(answer.elapsedMs);
    telegram = answer.telegram;
  }
  // What the route adds to its service (parsing, the guard's session, IP and permission checks).
  const fixed = server.map((total, i) => total - (service[i] ?? 0));
  const detail = `service ${spread(service)}; guard and the rest ${spread(fixed)}; round trip ${spread(roundTrip)}`;
  return { server, detail, telegram };
}

/** The event list service's bare SQL for one call (benchCalls.ts explainQueries). */
const explainCall = (
  url: string,
  run: (service: ReturnType<typeof createEventListService>) => Promise<unknown>,
  runs: number = RUNS,
) => explainQueries(url, (db) => run(createEventListService({ db })), runs);

function printPlans(title: string, plans: string[][]): void {
  for (const [index, lines] of plans.entries()) {
    const sortsAll = lines.some((line) => /Seq Scan on events\b/.test(line));
    console.log(
      `\n(e) EXPLAIN ANALYZE, ${title}, query ${index + 1} of ${plans.length}${sortsAll ? "  [SEQ SCAN OF EVENTS]" : ""}:`,
    );
    for (const line of lines) console.log(`    ${line}`);
  }
}

/**
 * A row of server-time samples against the bare SQL: a page must stay within its time and 3x its
 * SQL; select all within its time only (the issue sets no ratio for it); without a target the row
 * is printed for information.
 */
const row = (
  metric: string,
  samples: number[],
  bare: { bareMs: number; bareP50Ms: number },
  target?: { ms: number; ratio?: number },
): BenchRow => {
  const p95 = percentile(samples, 95);
  const { bareMs } = bare;
  const ratio = bareMs > 0 ? p95 / bareMs : Number.POSITIVE_INFINITY;
  const within = target && p95 <= target.ms && (target.ratio === undefined || ratio <= target.ratio);
  return {
    metric,
    value: `server p95 ${ms(p95)} (p50 ${ms(percentile(samples, 50))})`,
    baseline: `bare SQL p95 ${ms(bareMs)} (p50 ${ms(bare.bareP50Ms)}; EXPLAIN ANALYZE planning + execution)`,
    ratio: `${ratio.toFixed(2)}x`,
    target: target
      ? `<= ${target.ms} ms${target.ratio === undefined ? "" : `, <= ${target.ratio}x`}`
      : "information",
    verdict: target ? (within ? "ok" : "OVER") : "info",
  };
};

/** The issue's budget for a page: 50 ms of server time and at most 3x its bare SQL. */
const PAGE_TARGET = { ms: 50, ratio: 3 };

export async function eventSearchBenchmark(): Promise<BenchRow[]> {
  const url = await benchDatabaseUrl();
  const key = await credentialKey();
  await prepareBenchEvents(url, key, "e");
  await warmBenchDatabase(url, "e");
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const searches = await chooseSearches(db).finally(() => db.destroy());

  // What `npm start` runs (node dist/server/main.js), not the sources through tsx's loader.
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
    // Baseline: an authenticated call through the same guard (session, token, permission) that reads
    // one permission row, so the HTTP, envelope and guard share of each figure is visible.
    const trivial = () => timedCall(session, screenPermissionList, { screenIds: ["EventList"] });
    for (let warm = 0; warm < 3; warm++) await trivial();
    const trivialSamples: number[] = [];
    for (let i = 0; i < RUNS; i++) trivialSamples.push((await trivial()).elapsedMs);
    console.log(`\n(e) baseline, screenPermissionList with a session: round trip ${spread(trivialSamples)}`);
    const listCall = (search: EventSearch, cursor: string | null = null) =>
      timedCall(session, eventList, { search, pageSize: PAGE_SIZE, cursor });
    const warmUpStarted = performance.now();
    for (let call = 0; call < WARM_UP_CALLS; call++) {
      const { search } = searches.firstPages[call % searches.firstPages.length] as { search: EventSearch };
      await listCall(search);
    }
    console.log(
      `(e) server warmed up: ${WARM_UP_CALLS} first-page calls in ${((performance.now() - warmUpStarted) / 1000).toFixed(1)} s, not timed`,
    );
    const countCall = (search: EventSearch) => timedCall(session, eventCount, { search });

    for (const { name, search } of searches.firstPages) {
      const { server: samples, detail, telegram } = await sampleCall(() => listCall(search));
      const bare = await explainCall(url, (service) =>
        service.list(COMPANY, { search, pageSize: PAGE_SIZE, cursor: null }, "en"),
      );
      console.log(
        `\n(e) first page, ${name}: ${(telegram.rows as unknown[]).length} rows, server ${samples.map((v) => v.toFixed(1)).join(" ")} ms; ${detail}; ${bare.wire}`,
      );
      printPlans(`first page, ${name}`, bare.plans);
      rows.push(row(`(e) event list first page of ${PAGE_SIZE}, ${name}`, samples, bare, PAGE_TARGET));
    }

    // Page DEEP_PAGE of the default search: walk the cursors there once, then time that page.
    let cursor: string | null = null;
    const walkStarted = performance.now();
    for (let page = 1; page < DEEP_PAGE; page++) {
      const { telegram } = await listCall(EMPTY_QUICK_SEARCH, cursor);
      cursor = telegram.nextCursor as string | null;
      if (cursor === null) throw new Error(`the default search has fewer than ${DEEP_PAGE} pages`);
    }
    console.log(
      `\n(e) walked ${DEEP_PAGE - 1} pages in ${((performance.now() - walkStarted) / 1000).toFixed(1)} s`,
    );
    const deepCursor = cursor;
    const deep = await sampleCall(() => listCall(EMPTY_QUICK_SEARCH, deepCursor));
    const deepBare = await explainCall(url, (service) =>
      service.list(COMPANY, { search: EMPTY_QUICK_SEARCH, pageSize: PAGE_SIZE, cursor: deepCursor }, "en"),
    );
    console.log(
      `\n(e) page ${DEEP_PAGE}: server ${deep.server.map((v) => v.toFixed(1)).join(" ")} ms; ${deep.detail}; ${deepBare.wire}`,
    );
    printPlans(`page ${DEEP_PAGE} of the default search`, deepBare.plans);
    rows.push(
      row(`(e) event list keyset page ${DEEP_PAGE} (default search)`, deep.server, deepBare, PAGE_TARGET),
    );

    // The totals, each its own call beside the first page: the capped default and the rule code.
    const counted = [searches.firstPages[0], searches.firstPages[3]].filter((entry) => entry !== undefined);
    for (const { name, search } of counted) {
      const { server: samples, detail, telegram } = await sampleCall(() => countCall(search), COUNT_RUNS);
      const bare = await explainCall(url, (service) => service.count(COMPANY, search, "en"), COUNT_RUNS);
      console.log(
        `\n(e) total, ${name}: ${telegram.total}${telegram.totalCapped ? "+" : ""}, server ${samples.map((v) => v.toFixed(1)).join(" ")} ms; ${detail}; ${bare.wire}`,
      );
      printPlans(`total, ${name}`, bare.plans);
      rows.push(row(`(e) event list total (eventCount), ${name}`, samples, bare));
    }

    // Select all of close to 150,000 events.
    const selected = await sampleCall(
      () => timedCall(session, eventSelectAll, { search: searches.selectAll }),
      SELECT_ALL_RUNS,
    );
    const count = selected.telegram.count as number;
    const selectBare = await explainCall(
      url,
      (service) => service.selectAll(COMPANY, searches.selectAll, "en"),
      SELECT_ALL_RUNS,
    );
    console.log(
      `\n(e) select all: server ${selected.server.map((v) => v.toFixed(1)).join(" ")} ms; ${selected.detail}; ${selectBare.wire}`,
    );
    printPlans(`select all of ${count}`, selectBare.plans);
    rows.push(
      row(`(e) select all of ${count.toLocaleString("en-US")} events`, selected.server, selectBare, {
        ms: 1000,
      }),
    );
  } finally {
    await server.stop();
  }
  return rows;
}

// Run alone: print the rows.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const rows = await eventSearchBenchmark();
  console.log("");
  for (const r of rows)
    console.log(`${r.metric} | ${r.value} | ${r.baseline} | ${r.ratio} | ${r.target} | ${r.verdict}`);
  process.exit(0);
}
