import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { login, sessionInfo } from "../../src/contract/auth.ts";
import { LOCKOUT } from "../../src/contract/codes.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { messageText } from "../../src/contract/messages.ts";
import { screenPermissionList } from "../../src/contract/permissions.ts";
import { DEMO_PASSWORD } from "../../src/server/seed/demoSeed.ts";
import { NOT_AN_EMAIL_ADDRESS, PASSWORD_SHAPED_COMPANY_ID } from "../../src/server/services/authService.ts";
import { LOGIN_IP_THROTTLE } from "../../src/server/services/loginThrottle.ts";
import { type SmtpCapture, startSmtpCapture } from "../support/smtpCapture.ts";
import { call, createTestApp, loginAs, sessionCookieOf, type TestApp } from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";

describe.each(testBackends())("login (%s)", (backend) => {
  let t: TestApp;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(backend, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(async () => {
    await t.db.deleteFrom("allowed_ip_addresses").execute();
  });

  const attempt = (companyId: string, email: string, password: string, remoteAddress?: string) =>
    call(t.app, login, { companyId, email, password }, remoteAddress ? { remoteAddress } : {});

  it("returns LoginInfo and sets an HttpOnly, SameSite=Strict session cookie", async () => {
    const response = await attempt("DEMO", "admin@demo.example", DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.result).toBe("10");
    expect(body.telegram).toEqual({
      loginToken: expect.stringMatching(/^[\w-]{43}$/),
      loginOperator: {
        operatorId: expect.any(String),
        contractDiv: "10",
        companyId: "DEMO",
        companyName: "デモ商店",
        operatorName: expect.any(String),
      },
      environment: "TST",
    });
    const cookie = response.cookies.find((c) => c.name === "sid");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).not.toBe(body.telegram.loginToken);
    // Only hashes are stored.
    const stored = await t.db.selectFrom("sessions").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(cookie?.value);
    expect(JSON.stringify(stored)).not.toContain(body.telegram.loginToken);
  });

  it("matches the e-mail case-insensitively and reports the checker contract division", async () => {
    const response = await attempt("CHECK", "Admin@Check.Example", DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().telegram.loginOperator.contractDiv).toBe("20");
  });

  it("answers 903 alike for an unknown company, an unknown e-mail, a wrong password and a locked operator", async () => {
    await t.db
      .updateTable("operators")
      .set({ locked_until: new Date(t.clock.now().getTime() + 60_000) })
      .where("email", "=", "viewer@demo.example")
      .execute();
    const answers = [
      await attempt("NOSUCH", "admin@demo.example", DEMO_PASSWORD),
      await attempt("DEMO", "nobody@demo.example", DEMO_PASSWORD),
      await attempt("DEMO", "admin@demo.example", "Wrong-2026!pass"),
      await attempt("DEMO", "viewer@demo.example", DEMO_PASSWORD),
      // A company's operator cannot log in through another company.
      await attempt("ACME", "admin@demo.example", DEMO_PASSWORD),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        result: "20",
        messages: [],
        errors: [{ code: ERROR.loginFailed, message: messageText("en", "no.903") }],
        telegram: null,
      });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
    const outcomes = await t.db
      .selectFrom("login_attempts")
      .select(["company_id", "email", "outcome"])
      .orderBy("attempted_at")
      .orderBy("id")
      .execute();
    expect(outcomes.slice(-5).map((row) => row.outcome)).toEqual([
      "unknownCompany",
      "unknownOperator",
      "wrongPassword",
      "locked",
      "unknownOperator",
    ]);
    await t.db.updateTable("operators").set({ locked_until: null, failed_login_count: 0 }).execute();
  });

  it("takes about as long for an unknown e-mail as for a wrong password", async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      await attempt("ACME", email, "Wrong-2026!pass");
      return performance.now() - started;
    };
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    await timed("nobody@acme.example"); // warm-up: the dummy hash is made once
    // Interleaved samples compared by their medians, so a moment of load on a shared machine moves
    // one sample, not the verdict; the count is reset so the operator never reaches the lockout.
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let round = 0; round < 5; round++) {
      unknown.push(await timed("nobody@acme.example"));
      wrong.push(await timed("admin@acme.example"));
      await t.db.updateTable("operators").set({ failed_login_count: 0 }).execute();
    }
    expect(median(unknown) / median(wrong)).toBeGreaterThan(0.5);
    expect(median(unknown) / median(wrong)).toBeLessThan(2);
    await t.db.updateTable("operators").set({ failed_login_count: 0 }).execute();
  });

  it(`locks after ${LOCKOUT.failures} failures for ${LOCKOUT.minutes} minutes, mails the operator, then lets them in`, async () => {
    const email = "reviewer@demo.example";
    for (let i = 0; i < LOCKOUT.failures - 1; i++) {
      expect((await attempt("DEMO", email, "Wrong-2026!pass")).statusCode).toBe(401);
    }
    // A success before the fifth failure starts the count again.
    expect((await attempt("DEMO", email, DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < LOCKOUT.failures; i++) {
      expect((await attempt("DEMO", email, "Wrong-2026!pass")).statusCode).toBe(401);
    }
    const locked = await attempt("DEMO", email, DEMO_PASSWORD);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().errors[0].code).toBe(ERROR.loginFailed);

    const mail = await smtp.waitFor((m) => m.to.includes(email), 10_000);
    expect(mail.subject).toContain("locked");
    expect(mail.text).toContain("DEMO");
    expect(mail.text).toContain("http://console.test/v3/login");
    expect(mail.text).not.toContain(DEMO_PASSWORD);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);

    t.clock.advanceMinutes(LOCKOUT.minutes - 1);
    expect((await attempt("DEMO", email, DEMO_PASSWORD)).statusCode).toBe(401);
    t.clock.advanceMinutes(1.01);
    expect((await attempt("DEMO", email, DEMO_PASSWORD)).statusCode).toBe(200);
    const operator = await t.db
      .selectFrom("operators")
      .select(["failed_login_count", "locked_until"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(operator).toEqual({ failed_login_count: 0, locked_until: null });
  });

  it(`locks once when ${LOCKOUT.failures * 3} wrong passwords arrive at the same time, and mails once`, async () => {
    const email = "viewer@demo.example";
    const wrong = await Promise.all(
      Array.from({ length: LOCKOUT.failures * 3 }, (_, i) => attempt("DEMO", email, `Wrong-${i}!pass`)),
    );
    expect(wrong.map((response) => response.statusCode)).toEqual(wrong.map(() => 401));
    // Each failure counted: the account is locked, the right password refused with 903.
    const locked = await attempt("DEMO", email, DEMO_PASSWORD);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().errors[0].code).toBe(ERROR.loginFailed);
    await smtp.waitFor((m) => m.to.includes(email), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    const outcomes = await t.db
      .selectFrom("login_attempts")
      .select(["outcome"])
      .where("email", "=", email)
      .execute();
    expect(outcomes.filter((row) => row.outcome === "wrongPassword").length).toBeGreaterThanOrEqual(
      LOCKOUT.failures,
    );
    t.clock.advanceMinutes(LOCKOUT.minutes + 0.01);
    expect((await attempt("DEMO", email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it("does not let the right password, sent last in a burst of wrong ones, log in or lift the lock", async () => {
    const email = "reviewer@demo.example";
    // All read the operator unlocked before the slow password check; by the time the right one is
    // judged, the wrong ones have locked the account.
    const answers = await Promise.all([
      ...Array.from({ length: LOCKOUT.failures * 3 }, (_, i) => attempt("DEMO", email, `Wrong-${i}!pass`)),
      attempt("DEMO", email, DEMO_PASSWORD),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 401));
    const operator = await t.db
      .selectFrom("operators")
      .select("locked_until")
      .where("company_id", "=", "DEMO")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(operator.locked_until?.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect((await attempt("DEMO", email, DEMO_PASSWORD)).statusCode).toBe(401);
    t.clock.advanceMinutes(LOCKOUT.minutes + 0.01);
    expect((await attempt("DEMO", email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a source IP outside the company's console list, at login and on every call", async () => {
    const session = await loginAs(t.app, "DEMO", "admin@demo.example", DEMO_PASSWORD, "192.0.2.10");
    await t.db
      .insertInto("allowed_ip_addresses")
      .values([
        { company_id: "DEMO", kind: "console", address: "198.51.100.0", subnet: 24 },
        // The API list does not govern the console.
        { company_id: "DEMO", kind: "api", address: "192.0.2.10", subnet: 32 },
      ])
      .execute();

    const refusedLogin = await attempt("DEMO", "admin@demo.example", DEMO_PASSWORD, "192.0.2.10");
    expect(refusedLogin.statusCode).toBe(403);
    expect(refusedLogin.json().errors).toEqual([
      { code: ERROR.sourceIpNotAllowed, message: messageText("en", "error.sourceIpNotAllowed") },
    ]);
    expect(sessionCookieOf(refusedLogin)).toBeUndefined();
    // A wrong password from a refused address is still just 903: the address is not disclosed.
    expect(
      (await attempt("DEMO", "admin@demo.example", "Wrong-2026!pass", "192.0.2.10")).json().errors[0].code,
    ).toBe(ERROR.loginFailed);

    const refusedCall = await call(t.app, sessionInfo, {}, { session, remoteAddress: "192.0.2.10" });
    expect(refusedCall.statusCode).toBe(403);
    expect(refusedCall.json().errors[0].code).toBe(ERROR.sourceIpNotAllowed);

    const allowed = await call(t.app, sessionInfo, {}, { session, remoteAddress: "198.51.100.77" });
    expect(allowed.statusCode).toBe(200);
    expect((await attempt("DEMO", "admin@demo.example", DEMO_PASSWORD, "198.51.100.1")).statusCode).toBe(200);
    // Other tenants keep their empty list: everyone allowed.
    expect((await attempt("ACME", "admin@acme.example", DEMO_PASSWORD, "192.0.2.10")).statusCode).toBe(200);
    await t.db.updateTable("operators").set({ failed_login_count: 0 }).execute();
  });

  it(`refuses a source IP once logins failed there for ${LOGIN_IP_THROTTLE.accounts} accounts, for ${LOGIN_IP_THROTTLE.minutes} minutes`, async () => {
    const spraying = "203.0.113.7";
    const lastAttempt = () =>
      t.db
        .selectFrom("login_attempts")
        .select(["outcome", "source_ip"])
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirstOrThrow();
    // One operator's repeated mistakes count once: the lockout deals with those.
    for (let i = 0; i < LOCKOUT.failures - 1; i++)
      expect((await attempt("DEMO", "admin@demo.example", `Wrong-${i}!pass`, spraying)).statusCode).toBe(401);
    for (let i = 1; i < LOGIN_IP_THROTTLE.accounts - 2; i++)
      expect((await attempt("DEMO", `sprayed${i}@demo.example`, DEMO_PASSWORD, spraying)).statusCode).toBe(
        401,
      );
    // The same e-mail (in any case) at another company is another account: the limit less one.
    expect((await attempt("ACME", "Sprayed1@DEMO.example", DEMO_PASSWORD, spraying)).statusCode).toBe(401);
    expect(await lastAttempt()).toEqual({ outcome: "unknownOperator", source_ip: spraying });
    expect((await attempt("DEMO", "reviewer@demo.example", DEMO_PASSWORD, spraying)).statusCode).toBe(200);
    await t.db.updateTable("operators").set({ failed_login_count: 0 }).execute();

    // The limit reached: refused with 903 alike before any look-up (a wrong password counts nowhere
    // against the operator), and with the right password too.
    expect((await attempt("DEMO", "sprayed0@demo.example", DEMO_PASSWORD, spraying)).statusCode).toBe(401);
    expect((await attempt("DEMO", "admin@demo.example", "Wrong-9!pass", spraying)).statusCode).toBe(401);
    const admin = await t.db
      .selectFrom("operators")
      .select("failed_login_count")
      .where("email", "=", "admin@demo.example")
      .executeTakeFirstOrThrow();
    expect(admin.failed_login_count).toBe(0);
    const refused = await attempt("DEMO", "admin@demo.example", DEMO_PASSWORD, spraying);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors).toEqual([
      { code: ERROR.loginFailed, message: messageText("en", "no.903") },
    ]);
    expect(sessionCookieOf(refused)).toBeUndefined();
    // Logged, not stored: the last stored attempt is still the twentieth account's.
    expect(await lastAttempt()).toEqual({ outcome: "unknownOperator", source_ip: spraying });
    expect(t.logs()).toContain("login refused: too many accounts failed from this source IP");
    // Another address is not refused.
    expect((await attempt("DEMO", "admin@demo.example", DEMO_PASSWORD, "203.0.113.8")).statusCode).toBe(200);

    // Refused until the failures are LOGIN_IP_THROTTLE.minutes old, however often it tries meanwhile.
    t.clock.advanceMinutes(LOGIN_IP_THROTTLE.minutes - 1);
    expect((await attempt("DEMO", "admin@demo.example", DEMO_PASSWORD, spraying)).statusCode).toBe(401);
    t.clock.advanceMinutes(1.01);
    expect((await attempt("DEMO", "admin@demo.example", DEMO_PASSWORD, spraying)).statusCode).toBe(200);
  });

  it("logs every attempt without the password, the token or the cookie", async () => {
    const response = await attempt("DEMO", "admin@demo.example", DEMO_PASSWORD);
    const session = await loginAs(t.app, "DEMO", "admin@demo.example");
    await call(t.app, screenPermissionList, { screenIds: ["EventList"] }, { session });
    await t.app.inject({ method: "GET", url: "/v3/PasswordChange?token=SeCrEtReSeTtOkEn" });
    const logs = t.logs();
    expect(logs).toContain('"msg":"login attempt"');
    expect(logs).toContain('"outcome":"success"');
    expect(logs).not.toContain(DEMO_PASSWORD);
    expect(logs).not.toContain("Wrong-2026!pass");
    expect(logs).not.toContain(response.json().telegram.loginToken);
    expect(logs).not.toContain(sessionCookieOf(response));
    expect(logs).not.toContain(session.token);
    expect(logs).not.toContain(session.cookie);
    expect(logs).not.toContain("SeCrEtReSeTtOkEn");
    // The log is still useful: the request line is there, with its token censored.
    expect(logs).toContain("/v3/PasswordChange?token=[Redacted]");
  });

  it("keeps a password typed into the Company ID box out of login_attempts and the log", async () => {
    const typedPassword = "Typed2026InCompany";
    expect((await attempt(typedPassword, "admin@demo.example", DEMO_PASSWORD)).statusCode).toBe(401);
    // An unknown company ID of another shape, and a known one, are kept as typed.
    expect((await attempt("NOSUCH", "admin@demo.example", DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await attempt("DEMO", "admin@demo.example", DEMO_PASSWORD)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom("login_attempts")
      .select(["company_id", "outcome"])
      .orderBy("attempted_at")
      .orderBy("id")
      .execute();
    expect(JSON.stringify(rows)).not.toContain(typedPassword);
    expect(rows.slice(-3)).toEqual([
      { company_id: PASSWORD_SHAPED_COMPANY_ID, outcome: "unknownCompany" },
      { company_id: "NOSUCH", outcome: "unknownCompany" },
      { company_id: "DEMO", outcome: "success" },
    ]);
    const logs = t.logs();
    expect(logs).not.toContain(typedPassword);
    expect(logs).toContain(`"companyId":"${PASSWORD_SHAPED_COMPANY_ID}"`);
  });

  it("keeps a password typed into the e-mail box out of login_attempts and the log; lockout still counts", async () => {
    const typedPassword = "Typed-2026!inEmail";
    const email = "viewer@demo.example";
    const refused = await attempt("DEMO", typedPassword, DEMO_PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0].code).toBe(ERROR.loginFailed);
    // An address is kept as typed, whatever its case; the wrong passwords still count and lock.
    for (let i = 0; i < LOCKOUT.failures; i++)
      await attempt("DEMO", "Viewer@Demo.Example", `Wrong-${i}!pass`);
    expect((await attempt("DEMO", email, DEMO_PASSWORD)).json().errors[0].code).toBe(ERROR.loginFailed);

    const rows = await t.db
      .selectFrom("login_attempts")
      .select(["email", "outcome"])
      .orderBy("attempted_at")
      .orderBy("id")
      .execute();
    expect(JSON.stringify(rows)).not.toContain(typedPassword);
    expect(rows.slice(-(LOCKOUT.failures + 2))).toEqual([
      { email: NOT_AN_EMAIL_ADDRESS, outcome: "unknownOperator" },
      ...Array.from({ length: LOCKOUT.failures }, () => ({
        email: "Viewer@Demo.Example",
        outcome: "wrongPassword",
      })),
      { email, outcome: "locked" },
    ]);
    const logs = t.logs();
    expect(logs).not.toContain(typedPassword);
    expect(logs).toContain(`"email":"${NOT_AN_EMAIL_ADDRESS}","sourceIp"`);
    t.clock.advanceMinutes(LOCKOUT.minutes + 0.01);
    await t.db.updateTable("operators").set({ failed_login_count: 0 }).execute();
  });

  it("redacts secrets that a careless log call passes in", async () => {
    t.app.log.info(
      {
        password: "p1-Secret",
        body: { password: "p2-Secret", telegram: { token: "t-Secret" } },
        cookie: "c-Secret",
      },
      "careless",
    );
    const logs = t.logs();
    expect(logs).toContain('"msg":"careless"');
    for (const secret of ["p1-Secret", "p2-Secret", "t-Secret", "c-Secret"])
      expect(logs).not.toContain(secret);
  });

  it("answers a malformed company ID with a validation error rather than 903", async () => {
    const response = await attempt("DE-MO", "admin@demo.example", DEMO_PASSWORD);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: ERROR.validation, field: "telegram.companyId" });
  });
});
