import type { BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../support/axe.ts";
import { launchBrowser, TEST_LANGS, type TestBrowser } from "../support/browser.ts";
import {
  ACCOUNTS,
  type ConsoleUnderTest,
  DEMO_PASSWORD,
  fillLogin,
  heading,
  LABELS,
  loginAs,
  MESSAGES,
  messageNo,
  onPath,
  passwordField,
  pathOf,
  startConsole,
  submitLogin,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

const NEW_PASSWORD = "Fresh-2026!word";

describe.each(TEST_LANGS)("password reset by e-mail [%s]", (lang) => {
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

  async function change(password: string, confirmation: string) {
    await passwordField(page, l.newPassword).fill(password);
    await passwordField(page, l.newPasswordConfirm).fill(confirmation);
    await page.getByRole("button", { name: l.changeButton, exact: true }).click();
  }

  it("requests a link by mail, rejects weak and mismatched passwords, changes it once and refuses the link again", async () => {
    // Request screen, reached from the login screen's link.
    await page.goto(app.at("/login"));
    await page.getByRole("link", { name: l.forgotPassword, exact: true }).click();
    await onPath(page, "/PasswordChangeRequest");
    await visible(heading(page, l.requestHeading));
    await visible(page.getByRole("link", { name: l.returnToLogin, exact: true }));
    await expectNoAxeViolations(page, "Password change request");

    await page.getByRole("textbox", { name: l.companyId, exact: true }).fill(ACCOUNTS.admin.companyId);
    await page.getByRole("textbox", { name: l.email, exact: true }).fill(ACCOUNTS.admin.email);
    await page.getByRole("button", { name: l.sendMail, exact: true }).click();
    await visible(textOnPage(page, messageNo(lang, "007")));
    await expectNoAxeViolations(page, "Password change request (sent)");

    const mail = await app.smtp.waitFor((m) => m.to.includes(ACCOUNTS.admin.email), 15_000);
    const escapedBase = app.at("/PasswordChange").replace(/[.?*+^$()[\]{}|\\/]/g, "\\$&");
    const link = new RegExp(`${escapedBase}\\?token=[^\\s"'<>]+`).exec(mail.text)?.[0];
    expect(link, `no password change link in the mail:\n${mail.text}`).toBeDefined();

    // The change screen, opened from the mail.
    await page.goto(link as string);
    await visible(heading(page, l.changeHeading));
    await visible(page.getByRole("link", { name: l.returnToLogin, exact: true }));
    await expectNoAxeViolations(page, "Password change");

    await change("onlylowercase", "onlylowercase");
    await visible(textOnPage(page, MESSAGES[lang].validation.password));
    await expectNoAxeViolations(page, "Password change with a weak password");

    await change(NEW_PASSWORD, `${NEW_PASSWORD}x`);
    await visible(textOnPage(page, messageNo(lang, "920")));
    await expectNoAxeViolations(page, "Password change with mismatched passwords (920)");
    expect(pathOf(page)).toBe("/PasswordChange");

    await change(NEW_PASSWORD, NEW_PASSWORD);
    await onPath(page, "/login");
    await visible(heading(page, l.loginHeading));
    // The success notice is queued before the navigation and shown in the notifications region after it.
    await visible(
      page.getByRole("region", { name: l.notifications, exact: true }).getByText(messageNo(lang, "006")),
    );
    await expectNoAxeViolations(page, "Login after the password change (message 006)");

    // The old password no longer works; the new one does.
    await fillLogin(page, lang, ACCOUNTS.admin, DEMO_PASSWORD);
    expect((await submitLogin(page, lang)).status()).toBe(401);
    await visible(textOnPage(page, messageNo(lang, "903")));
    await loginAs(page, app, lang, ACCOUNTS.admin, NEW_PASSWORD);

    // The link was used up.
    const { context: second, page: again } = await browser.newPage(lang);
    try {
      await again.goto(link as string);
      await visible(textOnPage(again, messageNo(lang, "910")));
      await expectNoAxeViolations(again, "Password change with a used link");
    } finally {
      await second.close();
    }
  });

  it("answers a request for an unknown address exactly like a known one and sends no mail", async () => {
    await page.goto(app.at("/PasswordChangeRequest"));
    await visible(heading(page, l.requestHeading));
    const before = app.smtp.messages.length;
    await page.getByRole("textbox", { name: l.companyId, exact: true }).fill("DEMO");
    await page.getByRole("textbox", { name: l.email, exact: true }).fill("nobody@demo.example");
    await page.getByRole("button", { name: l.sendMail, exact: true }).click();
    await visible(textOnPage(page, messageNo(lang, "007")));
    await page.waitForTimeout(1_000);
    expect(app.smtp.messages.slice(before).filter((m) => m.to.includes("nobody@demo.example"))).toHaveLength(
      0,
    );
  });

  it("refuses a password change link with an unknown token with 910", async () => {
    await page.goto(`${app.at("/PasswordChange")}?token=${"x".repeat(43)}`);
    await visible(textOnPage(page, messageNo(lang, "910")));
    await expectNoAxeViolations(page, "Password change with an unknown token");
  });

  it("returns from the request screen to login through its link", async () => {
    await page.goto(app.at("/PasswordChangeRequest"));
    await page.getByRole("link", { name: l.returnToLogin, exact: true }).click();
    await onPath(page, "/login");
    await visible(heading(page, l.loginHeading));
  });
});
