import { readFileSync } from "node:fs";
import pg from "pg";

/**
 * The benchmarks' PostgreSQL database: BENCH_DATABASE_URL, else console_bench of the local console
 * role (created when missing), reached as a server on the same machine would reach it: over the
 * Unix socket when PostgreSQL accepts the role there (cheaper per statement than TCP on loopback),
 * else over TCP. Say which in the output.
 */
const TCP_URL = "postgresql://console:console@127.0.0.1:5432/console_bench";
const SOCKET_URL = "postgresql://console:console@localhost/console_bench?host=/var/run/postgresql";
const ADMIN_URL = "postgresql://console:console@127.0.0.1:5432/console_test";

let chosen: Promise<string> | undefined;

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The server settings the figures depend on, printed beside them. */
async function settingsOf(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `select name, current_setting(name) as setting from pg_settings
       where name in ('server_version', 'shared_buffers', 'max_wal_size', 'checkpoint_timeout',
         'wal_compression', 'synchronous_commit', 'huge_pages', 'min_wal_size') order by name`,
    );
    return [...rows.map((row) => `${row.name} ${row.setting}`), kernelHugePages()].join(", ");
  } finally {
    await client.end();
  }
}

/**
 * The kernel's huge pages (/proc/meminfo; PostgreSQL runs on this machine): with huge_pages = try,
 * PostgreSQL maps shared_buffers on them only when enough are reserved, and says nothing either way
 * before version 17, so the reservation is printed.
 */
function kernelHugePages(): string {
  try {
    const info = readFileSync("/proc/meminfo", "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(info)?.[1] ?? 0);
    const total = field("HugePages_Total");
    const taken = total - field("HugePages_Free") + field("HugePages_Rsvd");
    return `kernel huge pages ${total} (${taken} in use or reserved, ${field("Hugepagesize")} kB each)`;
  } catch {
    return "kernel huge pages unknown";
  }
}

async function choose(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = 'console_bench'");
    if (rowCount === 0) await admin.query("create database console_bench");
  } finally {
    await admin.end();
  }
  const url = (await accepts(SOCKET_URL)) ? SOCKET_URL : TCP_URL;
  console.log(
    `(bench) PostgreSQL console_bench over ${url === SOCKET_URL ? "the Unix socket" : "TCP on loopback"}; ${await settingsOf(url)}`,
  );
  return url;
}

export const benchDatabaseUrl = (): Promise<string> => {
  chosen ??= choose();
  return chosen;
};

/**
 * Deletes companyId's events created at or after since, with every row that names them, so that a
 * run's own screenings do not pile up in the bench database: each run then starts from the
 * 1,000,000 seeded events the figures are stated for (velocity windows and related events included).
 */
export async function removeEventsSince(url: string, companyId: string, since: Date): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(
      `create temporary table removed on commit drop as
       select event_id from events where company_id = $1 and created_at >= $2`,
      [companyId, since],
    );
    // Every event_* table with an event_id column (an event's parts, history, memos...), so a table
    // added later is not forgotten; negatives only name the event they were registered from.
    const { rows: tables } = await client.query<{ table_name: string }>(
      `select table_name from information_schema.columns
       where table_schema = current_schema() and column_name = 'event_id' and table_name like 'event\\_%'
       order by table_name`,
    );
    for (const { table_name } of tables) {
      await client.query(
        `delete from ${client.escapeIdentifier(table_name)}
         where company_id = $1 and event_id in (select event_id from removed)`,
        [companyId],
      );
    }
    const { rowCount } = await client.query(
      "delete from events where company_id = $1 and event_id in (select event_id from removed)",
      [companyId],
    );
    await client.query("commit");
    // The freed space and the visibility map as autovacuum leaves them, so the next run neither
    // prunes the dead rows on its first visits nor fetches the heap in its index-only scans; and the
    // statistics taken afresh, so the counts of rows changed since the last analyze start at zero:
    // otherwise the removal (as many changes as the run's inserts) left the big tables close enough
    // to autovacuum's analyze threshold (10% of the rows) that it fired in the middle of the next run.
    for (const table of ["events", ...tables.map((row) => row.table_name)])
      await client.query(`vacuum (analyze) ${client.escapeIdentifier(table)}`);
    return rowCount ?? 0;
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Reads the bench database's indexes, then its tables, into shared_buffers with pg_prewarm, as far
 * as 90% of shared_buffers holds them. A production server's working set stays cached (and
 * PostgreSQL's autoprewarm brings it back after a restart, see docs/operations.md), while a freshly
 * started bench machine read each probe's page from disk: bench (d) measured 540 screenings/s cold
 * and 936/s with the same database cached. Needs the pg_prewarm extension in the database (created
 * by a superuser, see README); without it the run says its cache starts as it is.
 */
export async function warmBenchDatabase(url: string, section: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_extension where extname = 'pg_prewarm'");
    if (rowCount === 0) {
      console.log(
        `(${section}) pg_prewarm is not installed in the database: shared_buffers start as they are (cold after a restart)`,
      );
      return;
    }
    const started = Date.now();
    const { rows } = await client.query<{ oid: number; bytes: string; budget: string }>(
      `select c.oid, pg_relation_size(c.oid) as bytes,
              pg_size_bytes(current_setting('shared_buffers')) * 9 / 10 as budget
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('i', 'r')
       order by c.relkind = 'r', pg_relation_size(c.oid)`,
    );
    let loaded = 0;
    let total = 0;
    for (const row of rows) {
      const bytes = Number(row.bytes);
      total += bytes;
      if (loaded + bytes > Number(row.budget)) continue;
      await client.query("select pg_prewarm($1::oid::regclass)", [row.oid]);
      loaded += bytes;
    }
    const mb = (n: number) => Math.round(n / 1024 ** 2);
    console.log(
      `(${section}) shared_buffers warmed with pg_prewarm: ${mb(loaded)} MB of the database's ${mb(total)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}
