import { mkdir } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PgliteDialect } from "./pgliteDialect.ts";
import { prepareMarkedStatements } from "./preparedStatements.ts";
import type { Database } from "./schema.ts";
import { createTenantCopy, type TenantCopy } from "./tenantCopy.ts";
import { TenantScopedDialect } from "./tenantScopedDialect.ts";

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Binary COPY in the tenant context (PostgreSQL only): bulk reads that skip pg's strings. */
  copy?: TenantCopy;
  close(): Promise<void>;
}

export interface DatabaseLocation {
  /** Embedded PGlite keeps its files in <dataDir>/pglite. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded database. */
  databaseUrl?: string | undefined;
}

export const pgliteDirOf = (dataDir: string): string => path.join(dataDir, "pglite");

/**
 * Connections per pool: twice the cores plus two (6 on the 2-core target). More only queue in
 * PostgreSQL and switch contexts; the screening engine's group commit needs few. A server process
 * has two such pools on PostgreSQL (system work and tenants' work, see openDatabase), each opened
 * lazily, beside the small ones for COPY and the screening's batch statements.
 */
export const poolSize = (cores: number = availableParallelism()): number => Math.max(4, 2 * cores + 2);

/** Connections for COPY: an export's batches loading at once (exportBatches.ts), two exports. */
const COPY_POOL_SIZE = 6;

/**
 * Planner settings of every connection, for a console's many short queries: no parallel workers
 * (their start-up costs more than they save on a busy server) and random reads priced as on SSD or
 * in cache (so a part-table match probes events by key instead of walking the tenant's events).
 * Sent in the connection's start-up packet on PostgreSQL: no round trip of their own.
 */
export const PLANNER_SETTINGS = { max_parallel_workers_per_gather: "0", random_page_cost: "1.1" } as const;

/**
 * How long a pooled connection may sit idle before it closes: minutes, not pg's 10 s. The group
 * commit and the facts batches keep few connections busy, so the others idle between bursts; closed
 * after 10 s, each burst paid a new backend's start, cold caches and its statements prepared again.
 */
export const POOL_IDLE_TIMEOUT_MS = 5 * 60_000;

/** Settings as a pg connection's `options`: sent in its start-up packet, no round trip of their own. */
const startupOptions = (settings: Record<string, string>): string =>
  Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");

/** PLANNER_SETTINGS as a pg connection's `options` (benchmarks explain with them too). */
export const plannerStartupOptions = startupOptions(PLANNER_SETTINGS);

/**
 * The screening's batch statements (facts and store, runAsScreeningBatch) run on connections that
 * always use a prepared statement's generic plan. PostgreSQL would otherwise plan the facts statement
 * afresh on every run while its custom plans look cheaper, as they do for batches of one to a few
 * screenings (the generic plan counts ten probes per array): about 0.9 ms of planning for a run of
 * about the same. Neither statement's plan depends on its values, which are the batch's probes and
 * rows in arrays. Other connections keep custom plans: plan_cache_mode also applies to the unnamed
 * statements of ordinary queries, whose plans do depend on their values (a date range, say).
 */
export const screeningBatchStartupOptions = startupOptions({
  ...PLANNER_SETTINGS,
  plan_cache_mode: "force_generic_plan",
});

/** Batch connections: the facts batch and the two store batches in flight, and one to spare. */
const SCREENING_BATCH_POOL_SIZE = 4;

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database under dataDir. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.databaseUrl) {
    // A Unix socket works as well as TCP: postgresql://user:password@localhost/db?host=/var/run/postgresql
    const newPool = (max = poolSize(), options = plannerStartupOptions) => {
      const pool = new pg.Pool({
        connectionString: location.databaseUrl,
        max,
        idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
        options,
      });
      prepareMarkedStatements(pool);
      return pool;
    };
    // Tenants' work (console calls, jobs) gets a pool of its own, so neither pool's connections
    // switch role back and forth between a call's guard (system) and its handler (tenant).
    const dialect = new TenantScopedDialect(new PostgresDialect({ pool: newPool() }), {
      tenantDialect: new PostgresDialect({ pool: newPool() }),
      screeningBatchDialect: new PostgresDialect({
        pool: newPool(SCREENING_BATCH_POOL_SIZE, screeningBatchStartupOptions),
      }),
    });
    const db = new Kysely<Database>({ dialect });
    // COPY's connections are a pool of their own (its settings never outlive a COPY, see
    // tenantCopy.ts); few: only the CSV output's batches use it.
    const copyPool = newPool(COPY_POOL_SIZE);
    return {
      db,
      kind: "postgres",
      copy: createTenantCopy(copyPool),
      async close() {
        await db.destroy();
        await copyPool.end();
      },
    };
  }
  const dir = pgliteDirOf(location.dataDir);
  await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  for (const [name, value] of Object.entries(PLANNER_SETTINGS)) {
    await pglite.query("select set_config($1, $2, false)", [name, value]);
  }
  const db = new Kysely<Database>({ dialect: new TenantScopedDialect(new PgliteDialect(pglite)) });
  return { db, kind: "pglite", close: () => db.destroy() };
}
