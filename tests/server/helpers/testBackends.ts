import { randomBytes } from "node:crypto";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../../../src/server/db/connect.ts";
import { migrate } from "../../../src/server/db/migrate.ts";
import type { Database } from "../../../src/server/db/schema.ts";
import { seedDemo } from "../../../src/server/seed/demoSeed.ts";
import { loadCredentialCipher } from "../../../src/server/services/credentialCipher.ts";
import { postgresWanted } from "../../support/postgresRun.ts";
import { freshDataDir, removeDataDir, TEST_DEMO_EVENTS } from "../../support/testDatabase.ts";

export type Backend = "pglite" | "postgres";

/**
 * The suite runs on PGlite always and on PostgreSQL when TEST_DATABASE_URL is set. Under CI=true the
 * PostgreSQL run is required: without the URL its setup fails instead of being left out.
 */
export function testBackends(): Backend[] {
  return postgresWanted() ? ["pglite", "postgres"] : ["pglite"];
}

export interface TestDatabase {
  backend: Backend;
  handle: DatabaseHandle;
  /** DATA_DIR of the server (PGlite's files, the mail outbox). */
  dataDir: string;
  /** The PostgreSQL database made for this test file. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A migrated, demo-seeded database of its own: a template copy, or a fresh PostgreSQL database. */
export async function openTestDatabase(backend: Backend): Promise<TestDatabase> {
  const dataDir = await freshDataDir();
  if (backend === "pglite") {
    const handle = await openDatabase({ dataDir });
    return {
      backend,
      handle,
      dataDir,
      async close() {
        await handle.close();
        await removeDataDir(dataDir);
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error("CI=true requires TEST_DATABASE_URL: the server suite must also run on PostgreSQL.");
  }
  const name = `console_test_${randomBytes(6).toString("hex")}`;
  const admin = new Kysely<Record<string, never>>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
  });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const handle = await openDatabase({ dataDir, databaseUrl });
  await migrate(handle.db);
  // Encrypted with the key the template left in dataDir, which the app under test reads too.
  await seedDemo(
    handle.db,
    await loadCredentialCipher({ dataDir, databaseUrl: undefined, credentialKey: undefined }),
    new Date(),
    { events: TEST_DEMO_EVENTS },
  );
  return {
    backend,
    handle,
    dataDir,
    databaseUrl,
    async close() {
      await handle.close();
      await dropTestDatabase(admin, name);
      await admin.destroy();
      await removeDataDir(dataDir);
    },
  };
}

/**
 * Drops a test database once its clients are gone. pg's pool.end() resolves before its sockets are
 * closed, and a drop while one is closing is refused (the database is being accessed). Without
 * FORCE: PostgreSQL itself stops an autovacuum worker busy with freshly written tables, which FORCE
 * would try to terminate and may not (it runs as no role the console has).
 */
export async function dropTestDatabase(admin: Kysely<Record<string, never>>, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = ${name} and backend_type = 'client backend'`.execute(admin);
    if ((rows[0]?.n ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await sql`drop database if exists ${sql.id(name)}`.execute(admin);
}

export type TestDb = Kysely<Database>;
