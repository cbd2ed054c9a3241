import { type Kysely, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/connect.ts";
import { upkeepEmbeddedTables } from "../../src/server/db/embeddedUpkeep.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { freshDataDir, removeDataDir } from "../support/testDatabase.ts";

// PGlite only: PostgreSQL has autovacuum, and the server runs this upkeep on the embedded database alone.
const statisticsOf = async (db: Kysely<Database>, table: string) =>
  (
    await sql<{ columns: number; reltuples: number }>`
      select (select count(*)::int from pg_stats where schemaname = 'public' and tablename = ${table}) as columns,
        (select reltuples::float8 from pg_class where oid = ${`public.${table}`}::regclass) as reltuples`.execute(
      db,
    )
  ).rows[0];

/** Failed logins of unknown addresses: rows of a table no other test part reads. */
const addLoginAttempts = (db: Kysely<Database>, count: number) =>
  sql`insert into login_attempts (company_id, email, source_ip, outcome, attempted_at)
    select 'DEMO', 'user' || n || '@demo.example', '192.0.2.1', 'failure', now()
    from generate_series(1, ${count}::int) n`.execute(db);

describe("embedded database upkeep (PGlite, which has no autovacuum)", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await removeDataDir(dir);
  });

  it("analyzes the tables never analyzed, then nothing until a table changes; a table grown between runs is analyzed again", async () => {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    let handle = await openDatabase({ dataDir });
    try {
      // The demo-seeded template was written without statistics, as every embedded database was.
      expect(await statisticsOf(handle.db, "events")).toEqual({ columns: 0, reltuples: -1 });

      const first = await upkeepEmbeddedTables(handle.db);
      expect(first).toEqual(
        expect.arrayContaining(["analyze events", "analyze event_parties", "analyze event_link_keys"]),
      );
      const events = await statisticsOf(handle.db, "events");
      expect(events?.columns).toBeGreaterThan(10);
      expect(events?.reltuples).toBeGreaterThan(0);
      expect(await upkeepEmbeddedTables(handle.db)).toEqual([]);

      // Thousands of rows added, then the process ends before any sweep: PGlite forgets its activity
      // counters, and the table's growth in pages is what tells the next process.
      await addLoginAttempts(handle.db, 5000);
    } finally {
      await handle.close();
    }
    handle = await openDatabase({ dataDir });
    try {
      expect(await upkeepEmbeddedTables(handle.db)).toEqual(["analyze login_attempts"]);
      expect((await statisticsOf(handle.db, "login_attempts"))?.reltuples).toBeGreaterThanOrEqual(5000);
      expect(await upkeepEmbeddedTables(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it("vacuums a table whose rows were mostly deleted, once PGlite has counted them", {
    timeout: 30_000,
  }, async () => {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    const handle = await openDatabase({ dataDir });
    try {
      await addLoginAttempts(handle.db, 5000);
      await upkeepEmbeddedTables(handle.db);
      await sql`delete from login_attempts where email like 'user%'`.execute(handle.db);
      // PostgreSQL publishes a backend's activity counters at most once a second, after a statement.
      let done: string[] = [];
      for (let attempt = 0; attempt < 20 && done.length === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        done = await upkeepEmbeddedTables(handle.db);
      }
      expect(done).toEqual(["vacuum analyze login_attempts"]);
      const after = await sql<{ dead: number }>`
        select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'login_attempts'`.execute(
        handle.db,
      );
      expect(after.rows[0]?.dead).toBe(0);
      expect(await upkeepEmbeddedTables(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
