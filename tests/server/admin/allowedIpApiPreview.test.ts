import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedIpPreview } from "../../../src/contract/allowedIp.ts";
import { screenTransactionCall } from "../../../src/contract/screeningApi.ts";
import { createApiCallCounter } from "../../../src/server/services/apiCallCounter.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { sampleTransaction, shopCall, shopOf } from "../screeningApi/shopClient.ts";

const DAY_MS = 86_400_000;

describe.each(testBackends())("allowed IP preview of the API list (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let acme: Session;

  beforeAll(async () => {
    t = await createTestApp(backend);
    [admin, acme] = await Promise.all([
      loginAs(t.app, "DEMO", "admin@demo.example"),
      loginAs(t.app, "ACME", "admin@acme.example"),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const preview = async (session: Session, entries: { address: string; subnet?: number }[]) => {
    const response = await call(t.app, allowedIpPreview, { kind: "api", entries }, { session });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().telegram as {
      refusedApiCalls: number;
      refusedApiCallSources: { address: string; count: number }[];
      refusedSignIns: number;
    };
  };

  it("counts the last 30 days' screening API calls by source address that the edited list would refuse", async () => {
    const demo = await shopOf(t, "DEMO");
    const acmeShop = await shopOf(t, "ACME");
    const screen = (shop: typeof demo, remoteAddress: string) =>
      shopCall(t, screenTransactionCall, shop, sampleTransaction(), { remoteAddress });
    for (const address of ["192.0.2.7", "192.0.2.7", "198.51.100.20"])
      expect((await screen(demo, address)).statusCode).toBe(200);
    expect((await screen(acmeShop, "192.0.2.99")).statusCode).toBe(200);
    // A call the signature refuses is not the company's: not counted.
    const unsigned = await shopCall(t, screenTransactionCall, demo, sampleTransaction(), {
      secret: "x".repeat(43),
      remoteAddress: "192.0.2.50",
    });
    expect(unsigned.statusCode).toBe(401);
    // Older than the 30 days: not counted.
    const old = new Date(t.clock.now().getTime() - 40 * DAY_MS).toISOString().slice(0, 10);
    await t.db
      .insertInto("api_call_sources")
      .values({ company_id: "DEMO", day: old, source_ip: "192.0.2.8", calls: 5 })
      .execute();

    const onlyDocumentation = await preview(admin, [{ address: "198.51.100.0", subnet: 24 }]);
    expect(onlyDocumentation.refusedApiCallSources).toEqual([{ address: "192.0.2.7", count: 2 }]);
    expect(onlyDocumentation.refusedApiCalls).toBe(2);
    expect(onlyDocumentation.refusedSignIns).toBe(0);

    const neither = await preview(admin, [{ address: "203.0.113.1" }]);
    expect(neither.refusedApiCalls).toBe(3);
    // An empty list allows every address.
    expect((await preview(admin, [])).refusedApiCalls).toBe(0);
    // ACME's calls are ACME's.
    expect((await preview(acme, [{ address: "203.0.113.1" }])).refusedApiCallSources).toEqual([
      { address: "192.0.2.99", count: 1 },
    ]);
  });

  it("adds the counts of several flushes (and processes) to the same day's row", async () => {
    const counter = createApiCallCounter(t.db, t.clock.now, { flushMs: 3_600_000 });
    const other = createApiCallCounter(t.db, t.clock.now, { flushMs: 3_600_000 });
    try {
      counter.record("ACME", "203.0.113.77");
      counter.record("ACME", "203.0.113.77");
      other.record("ACME", "203.0.113.77");
      await Promise.all([counter.flush(), other.flush()]);
      counter.record("ACME", "203.0.113.77");
      await counter.flush();
      const rows = await t.db
        .selectFrom("api_call_sources")
        .select("calls")
        .where("company_id", "=", "ACME")
        .where("source_ip", "=", "203.0.113.77")
        .execute();
      expect(rows.map((row) => Number(row.calls))).toEqual([4]);
    } finally {
      await Promise.all([counter.stop(), other.stop()]);
    }
  });
});
