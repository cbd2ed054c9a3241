import { mkdir } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PgliteDialect } from "./pgliteDialect.ts";
import { prepareMarkedStatements } from "./preparedStatements.ts";
import type { Database } from "./schema.ts";
import { TenantScopedDialect } from "./tenantScopedDialect.ts";

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
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
 * Connections per server process: twice the cores plus two (6 on the 2-core target). More only
 * queue in PostgreSQL and switch contexts; the screening engine's group commit needs few.
 */
export const poolSize = (cores: number = availableParallelism()): number => Math.max(4, 2 * cores + 2);

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite database under dataDir. */
export async function openDatabase(location: DatabaseLocation): Promise<DatabaseHandle> {
  if (location.databaseUrl) {
    // A Unix socket works as well as TCP: postgresql://user:password@localhost/db?host=/var/run/postgresql
    const pool = new pg.Pool({ connectionString: location.databaseUrl, max: poolSize() });
    prepareMarkedStatements(pool);
    const db = new Kysely<Database>({ dialect: new TenantScopedDialect(new PostgresDialect({ pool })) });
    return { db, kind: "postgres", close: () => db.destroy() };
  }
  const dir = pgliteDirOf(location.dataDir);
  await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const db = new Kysely<Database>({ dialect: new TenantScopedDialect(new PgliteDialect(pglite)) });
  return { db, kind: "pglite", close: () => db.destroy() };
}
