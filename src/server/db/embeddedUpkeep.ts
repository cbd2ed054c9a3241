import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";

/**
 * When a table is due, by PostgreSQL's autovacuum defaults (autovacuum_analyze_threshold 50,
 * _scale_factor 0.1; autovacuum_vacuum_threshold 50, _scale_factor 0.2), plus a size check of our
 * own: PGlite keeps no activity counters across restarts, so a table that grew or shrank by more
 * than pagesBase + analyzeScale of its pages since its last ANALYZE is due too.
 */
const UPKEEP_THRESHOLDS = {
  analyzeBase: 50,
  analyzeScale: 0.1,
  vacuumBase: 50,
  vacuumScale: 0.2,
  pagesBase: 8,
} as const;

/** A user table as the statistics views tell it. */
export interface TableActivity {
  schema: string;
  table: string;
  /** Rows at the last ANALYZE or VACUUM; -1 when never analyzed. */
  reltuples: number;
  /** Pages at the last ANALYZE or VACUUM. */
  relpages: number;
  /** Pages now. */
  pages: number;
  modifiedSinceAnalyze: number;
  deadRows: number;
}

type UpkeepAction = "vacuum analyze" | "analyze";

/** What the table needs, if anything (a VACUUM here analyzes too). */
export function upkeepActionFor(activity: TableActivity): UpkeepAction | undefined {
  const t = UPKEEP_THRESHOLDS;
  const rows = Math.max(activity.reltuples, 0);
  if (activity.deadRows > t.vacuumBase + t.vacuumScale * rows) return "vacuum analyze";
  if (activity.reltuples < 0) return activity.pages > 0 ? "analyze" : undefined;
  if (activity.modifiedSinceAnalyze > t.analyzeBase + t.analyzeScale * rows) return "analyze";
  if (Math.abs(activity.pages - activity.relpages) > t.pagesBase + t.analyzeScale * activity.relpages)
    return "analyze";
  return undefined;
}

/**
 * Autovacuum's work for the embedded database, which has no autovacuum: PGlite runs PostgreSQL in a
 * single process, so its tables were never analyzed, and without statistics the planner guessed
 * (the default event list of the demo's 20,000 events sorted them all and joined the parties by a
 * materialized scan: ~900 ms a page; ~30 ms once analyzed). Vacuums and analyzes each table that is
 * due (upkeepActionFor), one statement per table, so other work interleaves. Answers what it did.
 * For the system context (it reads every tenant's tables).
 */
export async function upkeepEmbeddedTables(db: Kysely<Database>): Promise<string[]> {
  const done: string[] = [];
  for (const activity of await tableActivity(db)) {
    const action = upkeepActionFor(activity);
    if (!action) continue;
    const table = sql.id(activity.schema, activity.table);
    await (action === "vacuum analyze"
      ? sql`vacuum (analyze) ${table}`.execute(db)
      : sql`analyze ${table}`.execute(db));
    done.push(`${action} ${activity.table}`);
    // PGlite counts a table's dead rows only once it is analyzed: a table first analyzed here may
    // turn out to need its vacuum too (the demo seed's updates), which is then done now, not next sweep.
    const [after] = await tableActivity(db, activity.schema, activity.table);
    if (action === "analyze" && after && upkeepActionFor(after) === "vacuum analyze") {
      await sql`vacuum (analyze) ${table}`.execute(db);
      done.push(`vacuum analyze ${activity.table}`);
    }
  }
  return done;
}

/** Every user table's activity, or one table's. */
async function tableActivity(
  db: Kysely<Database>,
  schema?: string,
  table?: string,
): Promise<TableActivity[]> {
  const { rows } = await sql<TableActivity>`
    select s.schemaname as "schema", s.relname as "table", c.reltuples::float8 as reltuples,
      c.relpages::int as relpages,
      (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
      s.n_mod_since_analyze::float8 as "modifiedSinceAnalyze", s.n_dead_tup::float8 as "deadRows"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where ${table === undefined ? sql`true` : sql`s.schemaname = ${schema} and s.relname = ${table}`}
    order by s.schemaname, s.relname`.execute(db);
  return rows;
}
