import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenTransactionCall } from "../../../src/contract/screeningApi.ts";
import { createTestApp, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { type Shop, sampleTransaction, shopCall, shopOf } from "./shopClient.ts";

describe.each(testBackends())("screening API request log at the default level (%s)", (backend) => {
  let t: TestApp;
  let demo: Shop;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { LOG_LEVEL: "info" } });
    demo = await shopOf(t, "DEMO");
  });
  afterAll(async () => {
    await t?.close();
  });

  const linesOf = (from: number) =>
    t
      .logs()
      .slice(from)
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it("logs each call once, with its call, company, status and time, and its refusals as warnings", async () => {
    const from = t.logs().length;
    const ok = await shopCall(t, screenTransactionCall, demo, sampleTransaction());
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await shopCall(t, screenTransactionCall, demo, sampleTransaction(), { secret: "wrong" });
    expect(refused.statusCode).toBe(401);

    const lines = linesOf(from);
    const calls = lines.filter((line) => line.msg === "screening API call");
    expect(
      calls.map((line) => [line.call, line.companyId, (line.res as { statusCode: number }).statusCode]),
    ).toEqual([
      ["screenTransaction", "DEMO", 200],
      ["screenTransaction", undefined, 401],
    ]);
    for (const line of calls) {
      expect(line.level).toBe(30);
      expect(typeof line.responseTime).toBe("number");
      expect(line.req).toMatchObject({ method: "POST", url: screenTransactionCall.path });
    }
    expect(lines.some((line) => line.msg === "incoming request" || line.msg === "request completed")).toBe(
      false,
    );
    expect(lines.filter((line) => line.msg === "screening API call refused")).toHaveLength(1);
  });
});
