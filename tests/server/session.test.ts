import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logout, sessionInfo } from "../../src/contract/auth.ts";
import { DEFAULT_HEADER } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { messageText } from "../../src/contract/messages.ts";
import { screenPermissionList } from "../../src/contract/permissions.ts";
import { screenTransactionCall } from "../../src/contract/screeningApi.ts";
import { sha256 } from "../../src/server/services/secrets.ts";
import { call, createTestApp, loginAs, type TestApp } from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";
import { sampleTransaction, shopCall, shopOf } from "./screeningApi/shopClient.ts";

describe.each(testBackends())("sessions (%s)", (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(backend, { env: { SESSION_IDLE_MINUTES: "30", SESSION_ABSOLUTE_HOURS: "8" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectInvalidToken = (response: Awaited<ReturnType<typeof call>>) => {
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      result: "20",
      messages: [],
      errors: [{ code: ERROR.invalidToken, message: messageText("en", "no.913") }],
      telegram: null,
    });
  };

  it("answers sessionInfo with operator, environment and trial, never the trial limit", async () => {
    const session = await loginAs(t.app, "DEMO", "admin@demo.example");
    const response = await call(t.app, sessionInfo, {}, { session });
    expect(response.statusCode).toBe(200);
    const { telegram } = response.json();
    expect(telegram.loginOperator).toMatchObject({
      companyId: "DEMO",
      companyName: "デモ商店",
      contractDiv: "10",
    });
    expect(telegram.environment).toBe("TST");
    expect(telegram.trial).toEqual({
      count: expect.any(Number),
      limitReached: false,
      start: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      end: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(new Date(telegram.trial.start).getTime()).toBeLessThan(Date.now());
    expect(new Date(telegram.trial.end).getTime()).toBeGreaterThan(Date.now());
    expect(response.body).not.toContain("10000");
    // The events used are the tenant's events screened within the trial period.
    const { n } = await t.db
      .selectFrom("events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("company_id", "=", "DEMO")
      .where("created_at", ">=", new Date(telegram.trial.start))
      .executeTakeFirstOrThrow();
    expect(telegram.trial.count).toBe(Number(n));
    const screened = await shopCall(t, screenTransactionCall, await shopOf(t, "DEMO"), sampleTransaction());
    expect(screened.statusCode, screened.body).toBe(200);
    const after = (await call(t.app, sessionInfo, {}, { session })).json().telegram.trial;
    expect(after.count).toBe(Number(n) + 1);

    // Counted up to the limit: then the display says the limit is reached.
    await t.db
      .updateTable("trials")
      .set({ event_limit: Number(n) })
      .where("company_id", "=", "DEMO")
      .execute();
    const reached = (await call(t.app, sessionInfo, {}, { session })).json().telegram.trial;
    expect(reached).toMatchObject({ count: Number(n), limitReached: true });
    // Not started: nothing used yet.
    await t.db
      .updateTable("trials")
      .set({ starts_at: null, ends_at: null })
      .where("company_id", "=", "DEMO")
      .execute();
    const notStarted = (await call(t.app, sessionInfo, {}, { session })).json().telegram.trial;
    expect(notStarted).toEqual({ count: 0, limitReached: false, start: null, end: null });
    // ACME has no trial.
    const acme = await loginAs(t.app, "ACME", "admin@acme.example");
    expect((await call(t.app, sessionInfo, {}, { session: acme })).json().telegram.trial).toBeNull();
  });

  it("refuses a missing cookie, a missing, forged or another session's token", async () => {
    const session = await loginAs(t.app, "DEMO", "admin@demo.example");
    const other = await loginAs(t.app, "DEMO", "reviewer@demo.example");
    expectInvalidToken(await call(t.app, sessionInfo, {}));
    expectInvalidToken(
      await call(t.app, sessionInfo, {}, { session: { ...session, cookie: "forged-cookie" } }),
    );
    expectInvalidToken(
      await call(t.app, sessionInfo, {}, { session: { ...session, token: "forged-token" } }),
    );
    expectInvalidToken(await call(t.app, sessionInfo, {}, { session: { ...session, token: other.token } }));
    // The cookie alone (a cross-site form post would carry just that) is not enough.
    const cookieOnly = await t.app.inject({
      method: "POST",
      url: sessionInfo.path,
      headers: { "content-type": "application/json", cookie: `sid=${session.cookie}` },
      payload: JSON.stringify({ header: { lang: "en", ...DEFAULT_HEADER }, telegram: {} }),
    });
    expectInvalidToken(cookieOnly);
    expect((await call(t.app, sessionInfo, {}, { session })).statusCode).toBe(200);
  });

  it("expires a session idle longer than SESSION_IDLE_MINUTES", async () => {
    const session = await loginAs(t.app, "DEMO", "admin@demo.example");
    t.clock.advanceMinutes(29);
    expect((await call(t.app, sessionInfo, {}, { session })).statusCode).toBe(200);
    t.clock.advanceMinutes(29); // each call restarts the idle time
    expect((await call(t.app, sessionInfo, {}, { session })).statusCode).toBe(200);
    t.clock.advanceMinutes(31);
    expectInvalidToken(await call(t.app, sessionInfo, {}, { session }));
    // Once expired it stays dead.
    t.clock.advanceMinutes(-31);
    expectInvalidToken(await call(t.app, sessionInfo, {}, { session }));
    t.clock.advanceMinutes(31);
  });

  it("writes a session's activity at most every 10 seconds, so the idle time is exact to that", async () => {
    const session = await loginAs(t.app, "DEMO", "admin@demo.example");
    const lastSeen = async () =>
      (
        await t.db
          .selectFrom("sessions")
          .select("last_seen_at")
          .where("secret_hash", "=", sha256(session.cookie))
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    const signedIn = await lastSeen();
    t.clock.advanceMinutes(5 / 60);
    expect((await call(t.app, sessionInfo, {}, { session })).statusCode).toBe(200);
    expect(await lastSeen()).toBe(signedIn);
    t.clock.advanceMinutes(6 / 60);
    expect((await call(t.app, sessionInfo, {}, { session })).statusCode).toBe(200);
    expect(await lastSeen()).toBe(signedIn + 11_000);
    // Idle from the written activity: 30 minutes after it, however many quick calls came between.
    t.clock.advanceMinutes(30 - 11 / 60 + 1 / 60);
    expect((await call(t.app, sessionInfo, {}, { session })).statusCode).toBe(200);
    t.clock.advanceMinutes(30 + 1 / 60);
    expectInvalidToken(await call(t.app, sessionInfo, {}, { session }));
  });

  it("expires a session after SESSION_ABSOLUTE_HOURS however busy", async () => {
    const session = await loginAs(t.app, "DEMO", "admin@demo.example");
    for (let minutes = 0; minutes < 8 * 60 - 20; minutes += 20) {
      t.clock.advanceMinutes(20);
      expect((await call(t.app, sessionInfo, {}, { session })).statusCode, `at ${minutes + 20} min`).toBe(
        200,
      );
    }
    t.clock.advanceMinutes(21);
    expectInvalidToken(await call(t.app, sessionInfo, {}, { session }));
  });

  it("refuses a shopId naming another tenant, or none", async () => {
    const session = await loginAs(t.app, "DEMO", "admin@demo.example");
    for (const shopId of ["ACME", "demo", ""]) {
      const response = await call(t.app, sessionInfo, {}, { session, shopId });
      expect(response.statusCode, shopId).toBe(403);
      expect(response.json().errors[0].code).toBe(ERROR.forbidden);
      expect(response.json().errors[0].message).toBe(messageText("en", "no.962"));
    }
  });

  it("keeps tenants apart: ACME's session sees ACME only", async () => {
    const acme = await loginAs(t.app, "ACME", "admin@acme.example");
    const info = (await call(t.app, sessionInfo, {}, { session: acme })).json().telegram;
    expect(info.loginOperator).toMatchObject({ companyId: "ACME", companyName: "ACME Store" });
    // ACME's cookie with DEMO as the tenant is refused rather than switching company.
    expect((await call(t.app, sessionInfo, {}, { session: acme, shopId: "DEMO" })).statusCode).toBe(403);
    const permissions = await call(
      t.app,
      screenPermissionList,
      { screenIds: ["OperatorList"] },
      { session: acme },
    );
    expect(permissions.json().telegram.screenPermissions).toEqual([
      { screenId: "OperatorList", permission: "00" },
    ]);
  });

  it("logout revokes the session and clears the cookie", async () => {
    const session = await loginAs(t.app, "DEMO", "admin@demo.example");
    const response = await call(t.app, logout, undefined, { session });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: "10", messages: [], errors: [], telegram: {} });
    const cleared = response.cookies.find((c) => c.name === "sid");
    expect(cleared?.value).toBe("");
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expectInvalidToken(await call(t.app, sessionInfo, {}, { session }));
    expectInvalidToken(await call(t.app, logout, undefined, { session }));
  });

  it("logging in again from the same browser ends the previous session", async () => {
    const first = await loginAs(t.app, "DEMO", "admin@demo.example");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v3/screen/login",
      headers: { "content-type": "application/json", cookie: `sid=${first.cookie}` },
      payload: JSON.stringify({
        header: { lang: "en", ...DEFAULT_HEADER },
        telegram: { companyId: "DEMO", email: "admin@demo.example", password: "Demo-2026!pass" },
      }),
    });
    expect(response.statusCode).toBe(200);
    expectInvalidToken(await call(t.app, sessionInfo, {}, { session: first }));
  });

  it("marks the cookie Secure when PUBLIC_URL is https", async () => {
    const secure = await createTestApp(backend, { env: { PUBLIC_URL: "https://console.example" } });
    try {
      const response = await call(
        secure.app,
        { method: "POST", path: "/api/v3/screen/login" },
        {
          companyId: "DEMO",
          email: "admin@demo.example",
          password: "Demo-2026!pass",
        },
      );
      expect(response.cookies.find((c) => c.name === "sid")).toMatchObject({ secure: true, httpOnly: true });
      expect(response.headers["strict-transport-security"]).toBeDefined();
    } finally {
      await secure.close();
    }
  });
});
