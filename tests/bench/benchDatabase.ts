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
         'wal_compression', 'synchronous_commit') order by name`,
    );
    return rows.map((row) => `${row.name} ${row.setting}`).join(", ");
  } finally {
    await client.end();
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
