import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { PACKAGE_ROOT } from "../packageRoot.ts";
import type { Database } from "./schema.ts";

/** Read at run time, also by the server bundle (dist/server), so found from the package root. */
export const MIGRATIONS_DIR = path.join(PACKAGE_ROOT, "src/server/db/migrations");

/** Migration files NNN_name.sql, in the order they apply. */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name));
  return names.sort();
}

/**
 * Splits a migration into statements. PGlite's extended protocol runs one statement per query, so a
 * statement ends with ";" at the end of a line (migrations do not use dollar-quoted bodies).
 */
export function splitStatements(text: string): string[] {
  const withoutComments = text
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("--"))
    .join("\n");
  return withoutComments
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter((statement) => statement !== "");
}

/**
 * Applies every migration not yet recorded in schema_migrations, each in its own transaction. An
 * advisory lock makes concurrent server processes on one PostgreSQL apply each file once.
 */
export async function migrate(db: Kysely<Database>, dir = MIGRATIONS_DIR): Promise<string[]> {
  await sql`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`.execute(db);
  const applied: string[] = [];
  for (const name of await migrationFiles(dir)) {
    const text = await readFile(path.join(dir, name), "utf8");
    const didApply = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(7236501)`.execute(trx);
      const done = await trx
        .selectFrom("schema_migrations")
        .select("name")
        .where("name", "=", name)
        .executeTakeFirst();
      if (done) return false;
      for (const statement of splitStatements(text)) await sql.raw(statement).execute(trx);
      await trx.insertInto("schema_migrations").values({ name }).execute();
      return true;
    });
    if (didApply) applied.push(name);
  }
  return applied;
}
