import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAsScreeningBatch, runAsSystem, runAsTenant } from "../../../src/server/db/tenantContext.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { openScreeningHarness, purchase, type ScreeningHarness } from "./screeningHarness.ts";

/**
 * The screening's batch statements (facts, store) run as system on connections of their own, which
 * on PostgreSQL always use generic plans (connect.ts, screeningBatchStartupOptions).
 */
describe.each(testBackends())("screening batch connections (%s)", (backend) => {
  let harness: ScreeningHarness;
  beforeAll(async () => {
    harness = await openScreeningHarness(backend);
  }, 120_000);
  afterAll(() => harness?.close());

  const tenantSetting = () =>
    sql<{ tenant: string | null }>`select current_setting('console.company_id', true) as tenant`
      .execute(harness.db)
      .then(({ rows }) => rows[0]?.tenant ?? null);

  it("runs as system even when started from a tenant's work", async () => {
    const inBatch = await runAsTenant("DEMO", () => runAsScreeningBatch(tenantSetting));
    expect(inBatch ?? "").toBe("");
    expect(await runAsTenant("DEMO", tenantSetting)).toBe("DEMO");
  });

  it.runIf(backend === "postgres")(
    "uses generic plans on the batch connections only (plan_cache_mode also rules ordinary queries)",
    async () => {
      const mode = () =>
        sql<{ plan_cache_mode: string }>`show plan_cache_mode`
          .execute(harness.db)
          .then(({ rows }) => rows[0]?.plan_cache_mode);
      expect(await runAsScreeningBatch(mode)).toBe("force_generic_plan");
      expect(await runAsSystem(mode)).toBe("auto");
      expect(await runAsTenant("DEMO", mode)).toBe("auto");
    },
  );

  it.runIf(backend === "postgres")(
    "reads a screening's facts with the prepared statement's generic plan, never planning it per batch",
    async () => {
      // One at a time: each batch holds one screening, whose custom plan PostgreSQL would prefer.
      for (let n = 0; n < 7; n++) await harness.screen("DEMO", purchase());
      // Sequential work reuses the batch pool's one connection, which holds the prepared statements.
      const { rows } = await runAsScreeningBatch(() =>
        sql<{ generic_plans: string; custom_plans: string }>`select generic_plans, custom_plans
          from pg_prepared_statements where statement like '%event_link_keys%' and statement not like '%insert into%'`.execute(
          harness.db,
        ),
      );
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]?.generic_plans)).toBeGreaterThanOrEqual(7);
      expect(Number(rows[0]?.custom_plans)).toBe(0);
    },
  );
});
