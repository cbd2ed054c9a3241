import { describe, expect, it } from "vitest";
import { ERROR } from "../../src/contract/errors.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS } from "../support/browser.ts";
import {
  ACCOUNTS,
  consoleSession,
  DEMO_PASSWORD,
  fillLogin,
  heading,
  LABELS,
  messageNo,
  pathOf,
  submitLogin,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

describe.each(TEST_LANGS)("account lockout [%s]", (lang) => {
  const l = LABELS[lang];
  const ui = consoleSession(lang);

  async function attempt(password: string) {
    await fillLogin(ui.page, lang, ACCOUNTS.reviewer, password);
    const response = await submitLogin(ui.page, lang);
    const body = (await response.json()) as { errors: { code: string; message: string }[] };
    return { status: response.status(), code: body.errors[0]?.code, message: body.errors[0]?.message };
  }

  it("locks the account after 5 failures: the right password then answers 903 and a lockout mail arrives", async () => {
    await ui.page.goto(ui.app.at("/login"));
    await visible(heading(ui.page, l.loginHeading));
    for (let failure = 1; failure <= 5; failure++) {
      const result = await attempt(`Wrong-${failure}!pass`);
      expect(result, `failure ${failure}`).toMatchObject({ status: 401, code: ERROR.loginFailed });
      await visible(textOnPage(ui.page, messageNo(lang, "903")));
      expect(pathOf(ui.page)).toBe("/login");
    }
    await expectNoAxeViolations(ui.page, "Login after five failures");

    const locked = await attempt(DEMO_PASSWORD);
    expect(locked).toMatchObject({ status: 401, code: ERROR.loginFailed, message: messageNo(lang, "903") });
    await visible(textOnPage(ui.page, messageNo(lang, "903")));
    await ui.page.waitForTimeout(500);
    expect(pathOf(ui.page)).toBe("/login");

    const mail = await ui.app.smtp.waitFor((m) => m.to.includes(ACCOUNTS.reviewer.email), 15_000);
    expect(mail.subject).toMatch(/lock|ロック/i);
    expect(mail.text.length).toBeGreaterThan(0);
    // Exactly one lockout mail, to the locked operator only.
    expect(ui.app.smtp.messages.filter((m) => m.to.includes(ACCOUNTS.reviewer.email))).toHaveLength(1);
    expect(ui.app.smtp.messages.every((m) => m.to.every((to) => to === ACCOUNTS.reviewer.email))).toBe(true);
  });

  it("keeps other operators of the same company unaffected by the lock", async () => {
    await ui.page.goto(ui.app.at("/login"));
    await visible(heading(ui.page, l.loginHeading));
    await fillLogin(ui.page, lang, ACCOUNTS.viewer, DEMO_PASSWORD);
    const response = await submitLogin(ui.page, lang);
    expect(response.status()).toBe(200);
    expect(
      ((await response.json()) as { telegram: { loginOperator: { operatorName: string } } }).telegram,
    ).toMatchObject({ loginOperator: { operatorName: ACCOUNTS.viewer.name } });
  });
});
