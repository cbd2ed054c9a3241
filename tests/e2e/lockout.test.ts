import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ERROR } from "../../src/contract/errors.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { launchBrowser, TEST_LANGS, type TestBrowser } from "../support/browser.ts";
import {
  ACCOUNTS,
  type ConsoleUnderTest,
  DEMO_PASSWORD,
  fillLogin,
  heading,
  LABELS,
  messageNo,
  pathOf,
  startConsole,
  submitLogin,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

describe.each(TEST_LANGS)("account lockout [%s]", (lang) => {
  const l = LABELS[lang];
  let browser: TestBrowser;
  let app: ConsoleUnderTest;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchBrowser(), startConsole()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    ({ context, page } = await browser.newPage(lang));
  });
  afterEach(async () => {
    await context?.close();
  });

  async function attempt(password: string) {
    await fillLogin(page, lang, ACCOUNTS.reviewer, password);
    const response = await submitLogin(page, lang);
    const body = (await response.json()) as { errors: { code: string; message: string }[] };
    return { status: response.status(), code: body.errors[0]?.code, message: body.errors[0]?.message };
  }

  it("locks the account after 5 failures: the right password then answers 903 and a lockout mail arrives", async () => {
    await page.goto(app.at("/login"));
    await visible(heading(page, l.loginHeading));
    for (let failure = 1; failure <= 5; failure++) {
      const result = await attempt(`Wrong-${failure}!pass`);
      expect(result, `failure ${failure}`).toMatchObject({ status: 401, code: ERROR.loginFailed });
      await visible(textOnPage(page, messageNo(lang, "903")));
      expect(pathOf(page)).toBe("/login");
    }
    await expectNoAxeViolations(page, "Login after five failures");

    const locked = await attempt(DEMO_PASSWORD);
    expect(locked).toMatchObject({ status: 401, code: ERROR.loginFailed, message: messageNo(lang, "903") });
    await visible(textOnPage(page, messageNo(lang, "903")));
    await page.waitForTimeout(500);
    expect(pathOf(page)).toBe("/login");

    const mail = await app.smtp.waitFor((m) => m.to.includes(ACCOUNTS.reviewer.email), 15_000);
    expect(mail.subject).toMatch(/lock|ロック/i);
    expect(mail.text.length).toBeGreaterThan(0);
    // Exactly one lockout mail, to the locked operator only.
    expect(app.smtp.messages.filter((m) => m.to.includes(ACCOUNTS.reviewer.email))).toHaveLength(1);
    expect(app.smtp.messages.every((m) => m.to.every((to) => to === ACCOUNTS.reviewer.email))).toBe(true);
  });

  it("keeps other operators of the same company unaffected by the lock", async () => {
    await page.goto(app.at("/login"));
    await visible(heading(page, l.loginHeading));
    await fillLogin(page, lang, ACCOUNTS.viewer, DEMO_PASSWORD);
    const response = await submitLogin(page, lang);
    expect(response.status()).toBe(200);
    expect(
      ((await response.json()) as { telegram: { loginOperator: { operatorName: string } } }).telegram,
    ).toMatchObject({ loginOperator: { operatorName: ACCOUNTS.viewer.name } });
  });
});
