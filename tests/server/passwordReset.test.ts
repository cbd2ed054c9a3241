import { format } from "date-fns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  login,
  passwordChange,
  passwordChangeCheck,
  passwordChangeRequest,
  sessionInfo,
} from "../../src/contract/auth.ts";
import { LOCKOUT, RESET_REQUEST_INTERVAL_SECONDS, RESET_TOKEN_MINUTES } from "../../src/contract/codes.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { inJapan } from "../../src/contract/japanTime.ts";
import { messageText } from "../../src/contract/messages.ts";
import { DEMO_PASSWORD } from "../../src/server/seed/demoSeed.ts";
import type { ServiceDeps } from "../../src/server/services/deps.ts";
import { createPasswordResetService } from "../../src/server/services/passwordResetService.ts";
import { type SmtpCapture, startSmtpCapture } from "../support/smtpCapture.ts";
import { call, createTestApp, loginAs, type TestApp } from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";

const NEW_PASSWORD = "Fresh-2027?word";
const CHANGED_SUBJECT = "Your console password was changed";

describe.each(testBackends())("password reset (%s)", (backend) => {
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

  /** Requests a link for the operator and returns the token from the mailed URL. */
  async function requestToken(companyId: string, email: string): Promise<string> {
    // Past the interval between two mails to one operator.
    t.clock.advanceMinutes(RESET_REQUEST_INTERVAL_SECONDS / 60 + 0.01);
    const before = smtp.messages.length;
    const response = await call(t.app, passwordChangeRequest, { companyId, email });
    expect(response.statusCode).toBe(200);
    const mail = await smtp.waitFor(
      (m) =>
        m.to.includes(email) && m.subject.includes("Password change") && smtp.messages.indexOf(m) >= before,
      10_000,
    );
    const match = /http:\/\/console\.test\/v3\/PasswordChange\?token=([\w%-]+)/.exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    return decodeURIComponent(match?.[1] ?? "");
  }

  const expectError = (response: Awaited<ReturnType<typeof call>>, code: string, messageNo: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { code, message: messageText("en", `no.${messageNo}` as "no.910") },
    ]);
  };

  it("answers every request the same with message 007, and mails only existing operators", async () => {
    const answers = [
      await call(t.app, passwordChangeRequest, { companyId: "DEMO", email: "viewer@demo.example" }),
      await call(t.app, passwordChangeRequest, { companyId: "DEMO", email: "nobody@demo.example" }),
      await call(t.app, passwordChangeRequest, { companyId: "NOSUCH", email: "viewer@demo.example" }),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        result: "10",
        messages: [{ code: "007", message: messageText("en", "no.007") }],
        errors: [],
        telegram: {},
      });
    }
    const mail = await smtp.waitFor((m) => m.to.includes("viewer@demo.example"), 10_000);
    expect(mail.subject).toContain("Password change");
    expect(mail.text).toContain("パスワード");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => m.to.includes("nobody@demo.example"))).toHaveLength(0);
    expect(smtp.messages.filter((m) => m.to.includes("viewer@demo.example"))).toHaveLength(1);
    // Only the hash is stored.
    const token = /token=([\w%-]+)/.exec(mail.text)?.[1] ?? "";
    const rows = await t.db.selectFrom("password_reset_tokens").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(decodeURIComponent(token));
  });

  it("changes the password: lockout cleared, token used up, every session signed out, message 006", async () => {
    const email = "reviewer@demo.example";
    const sessionA = await loginAs(t.app, "DEMO", email);
    const sessionB = await loginAs(t.app, "DEMO", email);
    const bystander = await loginAs(t.app, "DEMO", "admin@demo.example");
    for (let i = 0; i < LOCKOUT.failures; i++) {
      await call(t.app, login, { companyId: "DEMO", email, password: "Wrong-2026!pass" });
    }
    const token = await requestToken("DEMO", email);

    const check = await call(t.app, passwordChangeCheck, { token });
    expect(check.statusCode).toBe(200);
    const expiresAt = new Date(check.json().telegram.expiresAt).getTime();
    expect(expiresAt - t.clock.now().getTime()).toBe(RESET_TOKEN_MINUTES * 60_000);
    // What is left by the server's clock, which the screen counts down from whatever the PC's clock says.
    expect(check.json().telegram.remainingMs).toBe(RESET_TOKEN_MINUTES * 60_000);
    t.clock.advanceMinutes(10);
    expect((await call(t.app, passwordChangeCheck, { token })).json().telegram).toEqual({
      expiresAt: new Date(expiresAt).toISOString(),
      remainingMs: (RESET_TOKEN_MINUTES - 10) * 60_000,
    });

    const changed = await call(t.app, passwordChange, {
      token,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().messages).toEqual([{ code: "006", message: messageText("en", "no.006") }]);

    for (const session of [sessionA, sessionB]) {
      expect((await call(t.app, sessionInfo, {}, { session })).json().errors[0].code).toBe(
        ERROR.invalidToken,
      );
    }
    expect((await call(t.app, sessionInfo, {}, { session: bystander })).statusCode).toBe(200);
    expect((await call(t.app, login, { companyId: "DEMO", email, password: DEMO_PASSWORD })).statusCode).toBe(
      401,
    );
    expect((await call(t.app, login, { companyId: "DEMO", email, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
    // Waited for, so that it cannot arrive among the next test's mails to the same operator.
    await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes(CHANGED_SUBJECT), 10_000);

    // Used up: 910 on check and on change.
    expectError(await call(t.app, passwordChangeCheck, { token }), ERROR.resetTokenInvalid, "910");
    expectError(
      await call(t.app, passwordChange, {
        token,
        password: "Other-2027?word",
        passwordConfirmation: "Other-2027?word",
      }),
      ERROR.resetTokenInvalid,
      "910",
    );
  });

  it("answers 910 for an unknown token and 919 once the 30 minutes are over", async () => {
    expectError(
      await call(t.app, passwordChangeCheck, { token: "not-a-token" }),
      ERROR.resetTokenInvalid,
      "910",
    );
    const token = await requestToken("DEMO", "viewer@demo.example");
    t.clock.advanceMinutes(RESET_TOKEN_MINUTES - 1);
    expect((await call(t.app, passwordChangeCheck, { token })).statusCode).toBe(200);
    t.clock.advanceMinutes(1);
    expectError(await call(t.app, passwordChangeCheck, { token }), ERROR.resetTokenExpired, "919");
    expectError(
      await call(t.app, passwordChange, {
        token,
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      }),
      ERROR.resetTokenExpired,
      "919",
    );
  });

  it(`mails one operator at most once in ${RESET_REQUEST_INTERVAL_SECONDS} s, answering 007 every time`, async () => {
    const email = "reviewer@demo.example";
    t.clock.advanceMinutes(RESET_REQUEST_INTERVAL_SECONDS / 60 + 0.01);
    const before = smtp.messages.length;
    for (let i = 0; i < 5; i++) {
      const answer = await call(t.app, passwordChangeRequest, { companyId: "DEMO", email });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().messages).toEqual([{ code: "007", message: messageText("en", "no.007") }]);
    }
    await smtp.waitFor((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= before, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mailed = () => smtp.messages.slice(before).filter((m) => m.to.includes(email));
    expect(mailed()).toHaveLength(1);
    // The one link mailed still works; after the interval a new request mails again.
    const first = /token=([\w%-]+)/.exec(mailed()[0]?.text ?? "")?.[1] ?? "";
    expect((await call(t.app, passwordChangeCheck, { token: decodeURIComponent(first) })).statusCode).toBe(
      200,
    );
    await requestToken("DEMO", email);
    expect(mailed()).toHaveLength(2);
  });

  it("mails once when requests for one operator arrive at the same time", async () => {
    const email = "viewer@demo.example";
    t.clock.advanceMinutes(RESET_REQUEST_INTERVAL_SECONDS / 60 + 0.01);
    const before = smtp.messages.length;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(t.app, passwordChangeRequest, { companyId: "DEMO", email })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    await smtp.waitFor((m) => m.to.includes(email) && smtp.messages.indexOf(m) >= before, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.slice(before).filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it("answers before it reads or writes anything about the operator, so the reply's time tells nothing", async () => {
    const held: (() => Promise<unknown>)[] = [];
    const service = createPasswordResetService({
      db: t.db,
      config: t.config,
      mailer: { send: async () => ({ messageId: "held" }) } as unknown as ServiceDeps["mailer"],
      now: t.clock.now,
      defer: (_what, task) => {
        held.push(task);
      },
    });
    const tokensOf = async (operatorEmail: string) =>
      (
        await t.db
          .selectFrom("password_reset_tokens")
          .innerJoin("operators", (join) =>
            join
              .onRef("operators.company_id", "=", "password_reset_tokens.company_id")
              .onRef("operators.id", "=", "password_reset_tokens.operator_id"),
          )
          .select("password_reset_tokens.token_hash")
          .where("operators.email", "=", operatorEmail)
          .execute()
      ).length;
    t.clock.advanceMinutes(RESET_REQUEST_INTERVAL_SECONDS / 60 + 0.01);
    const log = t.app.log;
    const before = await tokensOf("admin@demo.example");
    // A known operator and an unknown address: each leaves exactly one task for after the reply.
    await service.request("DEMO", "admin@demo.example", log);
    await service.request("DEMO", "nobody@demo.example", log);
    expect(held).toHaveLength(2);
    expect(await tokensOf("admin@demo.example"), "no link made before the reply").toBe(before);
    for (const task of held) await task();
    expect(await tokensOf("admin@demo.example")).toBe(before + 1);
  });

  it("a newer link replaces an older unused one", async () => {
    const older = await requestToken("ACME", "admin@acme.example");
    const newer = await requestToken("ACME", "admin@acme.example");
    expectError(await call(t.app, passwordChangeCheck, { token: older }), ERROR.resetTokenInvalid, "910");
    expect((await call(t.app, passwordChangeCheck, { token: newer })).statusCode).toBe(200);
  });

  it("answers 920 when the confirmation differs, the password rule's message, and 921 for the current password", async () => {
    const token = await requestToken("CHECK", "admin@check.example");
    expectError(
      await call(t.app, passwordChange, {
        token,
        password: NEW_PASSWORD,
        passwordConfirmation: "Fresh-2027?wore",
      }),
      ERROR.passwordMismatch,
      "920",
    );
    const weak = await call(t.app, passwordChange, {
      token,
      password: "alllowercase",
      passwordConfirmation: "alllowercase",
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.password",
        message: messageText("en", "validation.password"),
      },
    ]);
    const weakJa = await call(
      t.app,
      passwordChange,
      { token, password: "Ab1", passwordConfirmation: "Ab1" },
      { lang: "ja" },
    );
    expect(weakJa.json().errors[0].message).toBe(messageText("ja", "validation.password"));
    expectError(
      await call(t.app, passwordChange, {
        token,
        password: DEMO_PASSWORD,
        passwordConfirmation: DEMO_PASSWORD,
      }),
      ERROR.passwordChangeFailed,
      "921",
    );
    // None of these used the token up.
    expect((await call(t.app, passwordChangeCheck, { token })).statusCode).toBe(200);
  });

  it("mails the operator that their password was changed, without the password or the link; a refused change mails none", async () => {
    const email = "admin@acme.example";
    const token = await requestToken("ACME", email);
    const before = smtp.messages.length;
    const noticesSince = () => smtp.messages.slice(before).filter((m) => m.subject.includes(CHANGED_SUBJECT));
    const refusals = [
      await call(t.app, passwordChange, {
        token,
        password: DEMO_PASSWORD,
        passwordConfirmation: DEMO_PASSWORD,
      }),
      await call(t.app, passwordChange, {
        token,
        password: NEW_PASSWORD,
        passwordConfirmation: "Fresh-2027?wore",
      }),
      await call(t.app, passwordChange, {
        token: "not-a-token",
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      }),
    ];
    expect(refusals.map((response) => response.json().errors[0].code)).toEqual([
      ERROR.passwordChangeFailed,
      ERROR.passwordMismatch,
      ERROR.resetTokenInvalid,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(noticesSince()).toHaveLength(0);

    const changedAt = t.clock.now();
    const changed = await call(t.app, passwordChange, {
      token,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    const mail = await smtp.waitFor(
      (m) => m.subject.includes(CHANGED_SUBJECT) && smtp.messages.indexOf(m) >= before,
      10_000,
    );
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toContain("パスワードが変更されました");
    // Japan time, the company, and whom to tell if it was not them; in both languages.
    expect(mail.text).toContain(`${format(inJapan(changedAt), "yyyy/MM/dd HH:mm")} (JST)`);
    expect(mail.text).toContain("企業ID ACME");
    expect(mail.text).toContain("company ID ACME");
    expect(mail.text).toContain("管理者にご連絡ください");
    expect(mail.text).toContain("contact your administrator");
    for (const secret of [NEW_PASSWORD, token, encodeURIComponent(token), "token=", "http"])
      expect(mail.raw).not.toContain(secret);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(noticesSince()).toHaveLength(1);
  });

  it("sends the notice after the reply: a mail that cannot be sent neither delays nor undoes the change", async () => {
    const held: (() => Promise<unknown>)[] = [];
    const service = createPasswordResetService({
      db: t.db,
      config: t.config,
      mailer: {
        send: async () => {
          throw new Error("mail server down");
        },
      } as unknown as ServiceDeps["mailer"],
      now: t.clock.now,
      defer: (_what, task) => {
        held.push(task);
      },
    });
    const email = "viewer@demo.example";
    const token = await requestToken("DEMO", email);
    await service.change(token, NEW_PASSWORD, t.app.log);
    // The change is done and answered while the notice still waits, and its failure changes nothing.
    expect(held).toHaveLength(1);
    await expect(held[0]?.()).rejects.toThrow("mail server down");
    expect((await call(t.app, login, { companyId: "DEMO", email, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });
});
