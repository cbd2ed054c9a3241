import { PGlite } from "@electric-sql/pglite";
import { type DatabaseConnection, type Dialect, type Driver, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineCall } from "../../src/contract/call.ts";
import { pgliteDirOf } from "../../src/server/db/connect.ts";
import { PgliteDialect } from "../../src/server/db/pgliteDialect.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { currentTenant, runAsSystem, runAsTenant } from "../../src/server/db/tenantContext.ts";
import { TENANT_ROLE, TenantScopedDialect } from "../../src/server/db/tenantScopedDialect.ts";
import { enqueueJob } from "../../src/server/jobs/jobQueue.ts";
import { registerCall } from "../../src/server/plugins/registerCall.ts";
import { freshDataDir, removeDataDir } from "../support/testDatabase.ts";
import { call, createTestApp, loginAs, type TestApp } from "./helpers/testApp.ts";
import { type TestDb, testBackends } from "./helpers/testBackends.ts";

const A = "ACME";
const B = "DEMO";
const LOGINS = [
  [A, "admin@acme.example"],
  [B, "admin@demo.example"],
] as const;

/** Tables read unscoped below: each must show only the context's tenant. */
const PROBED_TABLES = [
  "companies",
  "operators",
  "roles",
  "sessions",
  "events",
  "event_parties",
  "event_fired_rules",
  "detection_models",
  "api_applications",
  "jobs",
] as const;

/** The distinct company IDs of a table, read without any company filter. */
async function companiesIn(db: TestDb, table: string): Promise<string[]> {
  const { rows } = await sql<{ company_id: string }>`select distinct company_id from ${sql.table(
    table,
  )} order by company_id`.execute(db);
  return rows.map((row) => row.company_id);
}

async function whoAmI(db: TestDb): Promise<{ role: string; tenant: string | null }> {
  const { rows } = await sql<{
    role: string;
    tenant: string | null;
  }>`select current_user as role, current_setting('console.company_id', true) as tenant`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("no row");
  return row;
}

// A deliberately careless call: it reads every table without a company filter.
const unscopedProbe = defineCall({
  name: "testUnscopedProbe",
  method: "POST",
  path: "/api/v3/test/unscopedProbe",
  access: { kind: "session" },
  request: z.object({}).strict(),
  response: z.object({ companies: z.record(z.string(), z.array(z.string())), eventCount: z.number() }),
});

const PROBE_JOB = "testRowLevelSecurityProbe";

/** Counts the statements each connection runs, to prove a switch happens only when needed. */
class CountingDialect implements Dialect {
  readonly statements: string[] = [];
  constructor(private readonly inner: Dialect) {}
  createAdapter = () => this.inner.createAdapter();
  createIntrospector = (db: Parameters<Dialect["createIntrospector"]>[0]) =>
    this.inner.createIntrospector(db);
  createQueryCompiler = () => this.inner.createQueryCompiler();
  createDriver = (): Driver => {
    const driver = this.inner.createDriver();
    const statements = this.statements;
    const counted = new WeakMap<DatabaseConnection, DatabaseConnection>();
    return {
      init: () => driver.init(),
      async acquireConnection() {
        const connection = await driver.acquireConnection();
        let wrapper = counted.get(connection);
        if (!wrapper) {
          wrapper = {
            executeQuery(compiled) {
              statements.push(compiled.sql);
              return connection.executeQuery(compiled);
            },
            streamQuery: (compiled, chunkSize) => connection.streamQuery(compiled, chunkSize),
          };
          counted.set(connection, wrapper);
          unwrap.set(wrapper, connection);
        }
        return wrapper;
      },
      beginTransaction: (connection, settings) => driver.beginTransaction(connection, settings),
      commitTransaction: (connection) => driver.commitTransaction(connection),
      rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
      releaseConnection: async (wrapper) => {
        // The driver releases the connection it handed out; find it behind the wrapper.
        await driver.releaseConnection(unwrap.get(wrapper) ?? wrapper);
      },
      destroy: () => driver.destroy(),
    };
  };
}
const unwrap = new WeakMap<DatabaseConnection, DatabaseConnection>();

describe.each(testBackends())("row-level security (%s)", (backend) => {
  let t: TestApp;
  let db: TestDb;

  beforeAll(async () => {
    t = await createTestApp(backend, {
      extraRoutes: (app) => {
        registerCall(app, unscopedProbe, async () => {
          const companies: Record<string, string[]> = {};
          for (const table of PROBED_TABLES) companies[table] = await companiesIn(t.db, table);
          const counted = await t.db
            .selectFrom("events")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow();
          return { telegram: { companies, eventCount: Number(counted.n) } };
        });
      },
    });
    db = t.db;
    // Both tenants get sessions and (never claimed) jobs, so every probed table holds rows of both.
    for (const [companyId, email] of LOGINS) {
      await loginAs(t.app, companyId, email);
      const operator = await db
        .selectFrom("operators")
        .select("id")
        .where("company_id", "=", companyId)
        .executeTakeFirstOrThrow();
      await enqueueJob(db, {
        companyId,
        operatorId: operator.id,
        kind: "testUnhandled",
        payload: {},
        now: new Date(),
      });
    }
    t.app.jobs.register(PROBE_JOB, async () => ({
      tenant: currentTenant() ?? null,
      events: await companiesIn(db, "events"),
    }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("puts every table that has company_id under the tenant policy", async () => {
    const { rows } = await sql<{ table_name: string; rls: boolean; policies: number }>`
      select c.relname as table_name, c.relrowsecurity as rls,
        (select count(*)::int from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_isolation') as policies
      from pg_class c join pg_attribute a on a.attrelid = c.oid
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
        and a.attname = 'company_id' and not a.attisdropped
      order by 1`.execute(db);
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.filter((row) => !row.rls || row.policies !== 1).map((row) => row.table_name)).toEqual([]);
  });

  it("shows a tenant only its own rows in queries without any company filter", async () => {
    for (const table of PROBED_TABLES) {
      expect(await runAsTenant(A, () => companiesIn(db, table)), table).toEqual([A]);
      expect(await runAsTenant(B, () => companiesIn(db, table)), table).toEqual([B]);
    }
  });

  it("really switches to the tenant role, also where the connecting user is a superuser (PGlite)", async () => {
    const system = await whoAmI(db);
    const { rows } = await sql<{ superuser: boolean }>`
      select rolsuper as superuser from pg_roles where rolname = session_user`.execute(db);
    if (backend === "pglite") expect(rows[0]?.superuser).toBe(true);
    expect(system.role).not.toBe(TENANT_ROLE);
    expect(await runAsTenant(A, () => whoAmI(db))).toEqual({ role: TENANT_ROLE, tenant: A });
    expect(await whoAmI(db)).toEqual(system);
  });

  it("refuses a tenant's insert or update of another tenant's rows", async () => {
    await expect(
      runAsTenant(A, () =>
        db
          .insertInto("labels")
          .values({ company_id: B, label_id: "RLS_PROBE", name: "probe", display_order: 99 })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    await expect(
      runAsTenant(A, () =>
        db.updateTable("operators").set({ company_id: B }).where("company_id", "=", A).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const updated = await runAsTenant(A, () =>
      db.updateTable("companies").set({ name: "taken over" }).where("company_id", "=", B).executeTakeFirst(),
    );
    expect(updated.numUpdatedRows).toBe(0n);
    const deleted = await runAsTenant(A, () =>
      db.deleteFrom("labels").where("company_id", "=", B).executeTakeFirst(),
    );
    expect(deleted.numDeletedRows).toBe(0n);
    expect(
      await db.selectFrom("labels").select("label_id").where("company_id", "=", B).execute(),
    ).not.toEqual([]);
    // Its own rows it may write (in a transaction, which runs wholly in the tenant's context).
    await runAsTenant(A, () =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto("labels")
          .values({ company_id: A, label_id: "RLS_OWN", name: "own", display_order: 1 })
          .execute();
        await trx.deleteFrom("labels").where("label_id", "=", "RLS_OWN").execute();
      }),
    );
  });

  it("lets the system context see every tenant, also when called from inside a tenant's work", async () => {
    expect(await companiesIn(db, "events")).toEqual([A, B]);
    expect(await runAsTenant(A, () => runAsSystem(() => companiesIn(db, "operators")))).toEqual(
      expect.arrayContaining([A, B]),
    );
  });

  it("confines a console call to its session's tenant even through an unscoped query", async () => {
    const expectedAcmeEvents = await db
      .selectFrom("events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("company_id", "=", A)
      .executeTakeFirstOrThrow();
    for (const [companyId, email] of LOGINS) {
      const session = await loginAs(t.app, companyId, email);
      const response = await call(t.app, unscopedProbe, {}, { session });
      expect(response.statusCode).toBe(200);
      const { companies, eventCount } = response.json().telegram;
      for (const table of PROBED_TABLES) expect(companies[table], table).toEqual([companyId]);
      if (companyId === A) expect(eventCount).toBe(Number(expectedAcmeEvents.n));
    }
    // The login and the guard's own lookups ran in the system context around those calls.
    expect(await whoAmI(db)).not.toEqual(expect.objectContaining({ role: TENANT_ROLE }));
  });

  it("runs a job's handler as the job's tenant", async () => {
    const jobId = await enqueueJob(db, {
      companyId: A,
      operatorId: 1,
      kind: PROBE_JOB,
      payload: {},
      now: new Date(),
    });
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
    const job = await db
      .selectFrom("jobs")
      .select(["state", "result"])
      .where("job_id", "=", jobId)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe("done");
    const result = typeof job.result === "string" ? JSON.parse(job.result) : job.result;
    expect(result).toEqual({ tenant: A, events: [A] });
  });

  /** A dialect of one connection to the test's database (PGlite: a copy, as the app holds its files). */
  async function singleConnection(): Promise<{ inner: Dialect; cleanup: () => Promise<void> }> {
    if (backend === "postgres") {
      const pool = new pg.Pool({ connectionString: t.database.databaseUrl, max: 1 });
      return { inner: new PostgresDialect({ pool }), cleanup: async () => {} };
    }
    const dir = await freshDataDir();
    return {
      inner: new PgliteDialect(await PGlite.create(pgliteDirOf(dir))),
      cleanup: () => removeDataDir(dir),
    };
  }
  const isSwitch = (text: string) => text.includes("set_config");

  it("switches one reused connection A, B, system with one statement per change only", async () => {
    const { inner, cleanup } = await singleConnection();
    const counting = new CountingDialect(inner);
    const single = new Kysely<Database>({ dialect: new TenantScopedDialect(counting) });
    const pid = async () =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(single)).rows[0]?.pid;
    try {
      const firstPid = await pid();
      const before = counting.statements.length;
      const switches = () => counting.statements.filter(isSwitch).length;

      expect(await runAsTenant(A, () => companiesIn(single, "events"))).toEqual([A]);
      expect(await runAsTenant(A, () => companiesIn(single, "operators"))).toEqual([A]);
      expect(switches()).toBe(1);
      expect(await runAsTenant(B, () => companiesIn(single, "events"))).toEqual([B]);
      expect(await runAsTenant(B, () => whoAmI(single))).toEqual({ role: TENANT_ROLE, tenant: B });
      expect(switches()).toBe(2);
      expect(await companiesIn(single, "events")).toEqual([A, B]);
      expect((await whoAmI(single)).role).not.toBe(TENANT_ROLE);
      expect(switches()).toBe(3);
      // A transaction switches once, before it begins, and keeps the tenant to its end.
      await runAsTenant(A, () =>
        single.transaction().execute(async (trx) => {
          expect(await companiesIn(trx, "events")).toEqual([A]);
          expect(await whoAmI(trx)).toEqual({ role: TENANT_ROLE, tenant: A });
        }),
      );
      expect(switches()).toBe(4);
      expect(await companiesIn(single, "events")).toEqual([A, B]);
      expect(switches()).toBe(5);
      // Besides the 5 switches and the one look-up of the role, only the 9 queries, begin and commit ran.
      expect(counting.statements.length - before).toBe(5 + 1 + 9 + 2);
      expect(await pid()).toBe(firstPid);
    } finally {
      await single.destroy();
      await cleanup();
    }
  });

  it("gives tenants' work connections of its own: a guard then a handler switch only on a new tenant", async () => {
    const systemSide = await singleConnection();
    const tenantSide = await singleConnection();
    const system = new CountingDialect(systemSide.inner);
    const tenant = new CountingDialect(tenantSide.inner);
    const pooled = new Kysely<Database>({
      dialect: new TenantScopedDialect(system, { tenantDialect: tenant }),
    });
    try {
      // As console calls: the guard's look-up as system, then the handler's query as the tenant.
      for (const companyId of [A, A, A, B, B]) {
        expect(await companiesIn(pooled, "events")).toEqual([A, B]);
        expect(await runAsTenant(companyId, () => companiesIn(pooled, "events"))).toEqual([companyId]);
      }
      expect(system.statements.filter(isSwitch)).toEqual([]);
      expect(system.statements).toHaveLength(5);
      // A once, B once; besides them the role look-up and the five queries.
      expect(tenant.statements.filter(isSwitch)).toHaveLength(2);
      expect(tenant.statements).toHaveLength(2 + 1 + 5);
      expect(await runAsTenant(B, () => whoAmI(pooled))).toEqual({ role: TENANT_ROLE, tenant: B });
    } finally {
      await pooled.destroy();
      await systemSide.cleanup();
      await tenantSide.cleanup();
    }
  });

  it("stays the connecting user, with a warning, where the role may not read the tables (created after migration 013)", async () => {
    const { inner, cleanup } = await singleConnection();
    const warnings: string[] = [];
    const single = new Kysely<Database>({
      dialect: new TenantScopedDialect(inner, { onRoleUnusable: () => warnings.push("role unusable") }),
    });
    // As where the role was made after 013 ran: a member, but without 013's grants.
    await sql`revoke select on companies from ${sql.id(TENANT_ROLE)}`.execute(single);
    try {
      const connecting = (await whoAmI(single)).role;
      expect(await runAsTenant(A, () => whoAmI(single))).toEqual({ role: connecting, tenant: A });
      expect(warnings).toEqual(["role unusable"]);
      // Calls keep working on their own company filters instead of failing for want of privileges.
      const own = await runAsTenant(A, () =>
        single.selectFrom("companies").select("company_id").where("company_id", "=", A).execute(),
      );
      expect(own).toEqual([{ company_id: A }]);
    } finally {
      await sql`grant select on companies to ${sql.id(TENANT_ROLE)}`.execute(single);
      await single.destroy();
      await cleanup();
    }
  });

  it("keeps the migration's role free of login and of bypass", async () => {
    const { rows } = await sql<{ login: boolean; bypass: boolean; superuser: boolean }>`
      select rolcanlogin as login, rolbypassrls as bypass, rolsuper as superuser
      from pg_roles where rolname = ${TENANT_ROLE}`.execute(db);
    expect(rows).toEqual([{ login: false, bypass: false, superuser: false }]);
  });
});
