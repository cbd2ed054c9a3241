import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAsTenant } from "../../src/server/db/tenantContext.ts";
import type { TenantCopy } from "../../src/server/db/tenantCopy.ts";
import { TENANT_ROLE } from "../../src/server/db/tenantScopedDialect.ts";
import { PackedRowsPool } from "../../src/server/services/eventExport/packedRows.ts";
import { openTestDatabase, type TestDatabase, testBackends } from "./helpers/testBackends.ts";

/** The rows of a COPY of one text column. */
async function copied(copy: TenantCopy, select: string, settings: Record<string, string> = {}) {
  const collector = new PackedRowsPool().collectCopy();
  await copy({ select, settings }, collector.append);
  const rows = collector.finish();
  return Array.from({ length: rows.count }, (_, i) => rows.row(i));
}

describe("binary COPY, PGlite", () => {
  it("is not offered: PGlite copies to files only, so the export reads its rows with a query there", async () => {
    const database = await openTestDatabase("pglite");
    try {
      expect(database.handle.copy).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});

// On PostgreSQL (always under CI=true, where testBackends requires it).
const onPostgres = testBackends().includes("postgres") ? ["postgres"] : [];

describe.each(onPostgres)("binary COPY in the tenant context (%s)", () => {
  let database: TestDatabase;
  let copy: TenantCopy;

  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    if (!database.handle.copy) throw new Error("PostgreSQL's handle has no COPY");
    copy = database.handle.copy;
  });
  afterAll(async () => {
    await database?.close();
  });

  it("copies as the tenant role, row-level security confining a select without any company filter", async () => {
    for (const companyId of ["ACME", "DEMO"]) {
      expect(
        await runAsTenant(companyId, () =>
          copied(copy, "select distinct company_id from events union all select current_user::text"),
        ),
      ).toEqual([companyId, TENANT_ROLE]);
    }
  });

  it("hands the select its settings, Japanese text intact, and leaves none behind on the connection", async () => {
    // A custom setting once defined reads '' (not null) in the connection's later transactions.
    const probe =
      "select coalesce(nullif(current_setting('console.probe', true), ''), '(none)') || ' ' || current_setting('console.company_id')";
    expect(
      await runAsTenant("ACME", () => copied(copy, probe, { "console.probe": "東京 'quoted'" })),
    ).toEqual(["東京 'quoted' ACME"]);
    // The pool hands the same idle connection out again.
    expect(await runAsTenant("DEMO", () => copied(copy, probe))).toEqual(["(none) DEMO"]);
  });

  it("refuses to run outside a tenant context", async () => {
    await expect(copied(copy, "select 'x'")).rejects.toThrow("tenant context only");
  });

  it("fails with PostgreSQL's error, and the next COPY works", async () => {
    await expect(
      runAsTenant("ACME", () => copied(copy, "select no_such_column from events")),
    ).rejects.toThrow(/no_such_column/);
    await expect(runAsTenant("ACME", () => copied(copy, "select 'a' union all select 'b'"))).resolves.toEqual(
      ["a", "b"],
    );
  });

  it("fails when the chunks' reader fails, and the next COPY works", async () => {
    const failing = runAsTenant("ACME", () =>
      copy({ select: "select repeat('x', 100000) from generate_series(1, 20)", settings: {} }, () => {
        throw new Error("disk full");
      }),
    );
    await expect(failing).rejects.toThrow("disk full");
    await expect(runAsTenant("ACME", () => copied(copy, "select 'c'"))).resolves.toEqual(["c"]);
  });
});
