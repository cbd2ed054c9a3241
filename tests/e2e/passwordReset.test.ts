import { describe, expect, it } from "vitest";
import passwordEn from "../../src/app/i18n/locales/en/password.json";
import passwordJa from "../../src/app/i18n/locales/ja/password.json";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS, type TestLang } from "../support/browser.ts";
import {
  ACCOUNTS,
  type Account,
  type ConsoleSession,
  consoleSession,
  DEMO_PASSWORD,
  fillLogin,
  hasFocus,
  heading,
  LABELS,
  loginAs,
  MESSAGES,
  messageNo,
  onPath,
  passwordField,
  pathOf,
  submitLogin,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

const NEW_PASSWORD = "Fresh-2026!word";
const PASSWORD = { en: passwordEn, ja: passwordJa } as const;

/** The steps the suites take on the password pages, in the session's page and language. */
function resetSteps(ui: ConsoleSession, lang: TestLang) {
  const l = LABELS[lang];
  return {
    async change(password: string, confirmation: string) {
      await passwordField(ui.page, l.newPassword).fill(password);
      await passwordField(ui.page, l.newPasswordConfirm).fill(confirmation);
      await ui.page.getByRole("button", { name: l.changeButton, exact: true }).click();
    },

    /** Asks for a change link on the request screen (which goes on to login, 007) and returns the URL mailed. */
    async mailedLink(account: Account): Promise<string> {
      await ui.page.goto(ui.app.at("/PasswordChangeRequest"));
      await visible(heading(ui.page, l.requestHeading));
      await ui.page.getByRole("textbox", { name: l.companyId, exact: true }).fill(account.companyId);
      await ui.page.getByRole("textbox", { name: l.email, exact: true }).fill(account.email);
      await ui.page.getByRole("button", { name: l.sendMail, exact: true }).click();
      await onPath(ui.page, "/login");
      await visible(textOnPage(ui.page, messageNo(lang, "007")));
      const mail = await ui.app.smtp.waitFor((m) => m.to.includes(account.email), 15_000);
      const link = /https?:\/\/\S+\/v3\/PasswordChange\?token=[^\s"'<>]+/.exec(mail.text)?.[0];
      expect(link, `no password change link in the mail:\n${mail.text}`).toBeDefined();
      return link as string;
    },
  };
}

describe.each(TEST_LANGS)("password reset by e-mail [%s]", (lang) => {
  const l = LABELS[lang];
  const ui = consoleSession(lang);
  const { change, mailedLink } = resetSteps(ui, lang);

  it("requests a link by mail, rejects weak and mismatched passwords, changes it once and refuses the link again", async () => {
    // Request screen, reached from the login screen's link.
    await ui.page.goto(ui.app.at("/login"));
    await ui.page.getByRole("link", { name: l.forgotPassword, exact: true }).click();
    await onPath(ui.page, "/PasswordChangeRequest");
    await visible(heading(ui.page, l.requestHeading));
    await visible(ui.page.getByRole("link", { name: l.returnToLogin, exact: true }));
    await expectNoAxeViolations(ui.page, "Password change request");

    await ui.page.getByRole("textbox", { name: l.companyId, exact: true }).fill(ACCOUNTS.admin.companyId);
    await ui.page.getByRole("textbox", { name: l.email, exact: true }).fill(ACCOUNTS.admin.email);
    await ui.page.getByRole("button", { name: l.sendMail, exact: true }).click();
    await visible(textOnPage(ui.page, messageNo(lang, "007")));
    await expectNoAxeViolations(ui.page, "Password change request (sent)");

    const mail = await ui.app.smtp.waitFor((m) => m.to.includes(ACCOUNTS.admin.email), 15_000);
    const escapedBase = ui.app.at("/PasswordChange").replace(/[.?*+^$()[\]{}|\\/]/g, "\\$&");
    const link = new RegExp(`${escapedBase}\\?token=[^\\s"'<>]+`).exec(mail.text)?.[0];
    expect(link, `no password change link in the mail:\n${mail.text}`).toBeDefined();

    // The change screen, opened from the mail.
    await ui.page.goto(link as string);
    await visible(heading(ui.page, l.changeHeading));
    await visible(ui.page.getByRole("link", { name: l.returnToLogin, exact: true }));
    await expectNoAxeViolations(ui.page, "Password change");

    await change("onlylowercase", "onlylowercase");
    await visible(textOnPage(ui.page, MESSAGES[lang].validation.password));
    await expectNoAxeViolations(ui.page, "Password change with a weak password");

    await change(NEW_PASSWORD, `${NEW_PASSWORD}x`);
    await visible(textOnPage(ui.page, messageNo(lang, "920")));
    await expectNoAxeViolations(ui.page, "Password change with mismatched passwords (920)");
    expect(pathOf(ui.page)).toBe("/PasswordChange");

    await change(NEW_PASSWORD, NEW_PASSWORD);
    await onPath(ui.page, "/login");
    await visible(heading(ui.page, l.loginHeading));
    // The success notice is queued before the navigation and shown in the notifications region after it.
    await visible(
      ui.page.getByRole("region", { name: l.notifications, exact: true }).getByText(messageNo(lang, "006")),
    );
    await expectNoAxeViolations(ui.page, "Login after the password change (message 006)");

    // The old password no longer works; the new one does.
    await fillLogin(ui.page, lang, ACCOUNTS.admin, DEMO_PASSWORD);
    expect((await submitLogin(ui.page, lang)).status()).toBe(401);
    await visible(textOnPage(ui.page, messageNo(lang, "903")));
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin, NEW_PASSWORD);

    // The link was used up.
    const { context: second, page: again } = await ui.browser.newPage(lang);
    try {
      await again.goto(link as string);
      await visible(textOnPage(again, messageNo(lang, "910")));
      await expectNoAxeViolations(again, "Password change with a used link");
    } finally {
      await second.close();
    }
  });

  it("keeps a pasted password longer than 20 characters whole and refuses it, rather than saving its first 20", async () => {
    await ui.page.goto(await mailedLink(ACCOUNTS.reviewer));
    await visible(heading(ui.page, l.changeHeading));

    // A password manager's 24 characters, pasted into both fields.
    const generated = "Gen3rated-Passw0rd!24chr";
    expect(generated).toHaveLength(24);
    for (const name of [l.newPassword, l.newPasswordConfirm]) {
      await passwordField(ui.page, name).focus();
      await ui.page.keyboard.insertText(generated);
      expect(await passwordField(ui.page, name).inputValue()).toBe(generated);
    }
    await ui.page.keyboard.press("Enter");
    // The rule's message (spec section 5: one message for the rule, length included).
    await visible(textOnPage(ui.page, MESSAGES[lang].validation.password));
    expect(pathOf(ui.page)).toBe("/PasswordChange");
    await expectNoAxeViolations(ui.page, "Password change with a password over 20 characters");
    // Nothing was saved: the old password still signs in.
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
  });

  it("refuses the current password with 921 and puts the keyboard focus on the new password", async () => {
    await ui.page.goto(await mailedLink(ACCOUNTS.viewer));
    await visible(heading(ui.page, l.changeHeading));

    // The Change button (disabled while the change is sent) pressed by mouse.
    await change(DEMO_PASSWORD, DEMO_PASSWORD);
    await visible(textOnPage(ui.page, messageNo(lang, "921")));
    await expect.poll(() => hasFocus(passwordField(ui.page, l.newPassword)), { timeout: 2_000 }).toBe(true);
    await expectNoAxeViolations(ui.page, "Password change refused with 921");
    expect(pathOf(ui.page)).toBe("/PasswordChange");
  });

  it("keeps the change screen usable on a PC whose clock runs an hour fast", async () => {
    const link = await mailedLink(ACCOUNTS.acme);
    // The browser's clock is an hour ahead of the server's; the link is valid for 30 minutes.
    await ui.page.clock.install({ time: Date.now() + 60 * 60_000 });
    await ui.page.goto(link);
    await visible(heading(ui.page, l.changeHeading));
    await visible(passwordField(ui.page, l.newPassword));
    await ui.page.clock.runFor(2_000);
    expect(await textOnPage(ui.page, messageNo(lang, "919")).count(), "not told 919").toBe(0);
    await change(NEW_PASSWORD, NEW_PASSWORD);
    await onPath(ui.page, "/login");
  });

  it("says 697 with Reload, not 910, when the link cannot be checked for want of the network; Reload checks it again", async () => {
    const link = await mailedLink(ACCOUNTS.check);
    const check = "**/api/v3/screen/passwordChangeCheck";
    await ui.page.route(check, (route) => route.abort("internetdisconnected"));
    await ui.page.goto(link);
    await visible(heading(ui.page, l.changeHeading));
    const reload = await visible(ui.page.getByRole("button", { name: PASSWORD[lang].reload, exact: true }));
    await visible(ui.page.getByRole("main").getByText(messageNo(lang, "697")));
    // The link may be fine: not called invalid, and no new one offered.
    expect(await textOnPage(ui.page, messageNo(lang, "910")).count()).toBe(0);
    expect(await ui.page.getByRole("link", { name: PASSWORD[lang].requestAgain, exact: true }).count()).toBe(
      0,
    );
    expect(pathOf(ui.page)).toBe("/PasswordChange");
    await expectNoAxeViolations(ui.page, "Password change whose link could not be checked (697)");

    await ui.page.unroute(check);
    await reload.click();
    await visible(passwordField(ui.page, l.newPassword));
    await change(NEW_PASSWORD, NEW_PASSWORD);
    await onPath(ui.page, "/login");
  });

  it("answers a request for an unknown address exactly like a known one and sends no mail", async () => {
    await ui.page.goto(ui.app.at("/PasswordChangeRequest"));
    await visible(heading(ui.page, l.requestHeading));
    const before = ui.app.smtp.messages.length;
    await ui.page.getByRole("textbox", { name: l.companyId, exact: true }).fill("DEMO");
    await ui.page.getByRole("textbox", { name: l.email, exact: true }).fill("nobody@demo.example");
    await ui.page.getByRole("button", { name: l.sendMail, exact: true }).click();
    await visible(textOnPage(ui.page, messageNo(lang, "007")));
    await ui.page.waitForTimeout(1_000);
    expect(
      ui.app.smtp.messages.slice(before).filter((m) => m.to.includes("nobody@demo.example")),
    ).toHaveLength(0);
  });

  it("refuses a password change link with an unknown token with 910", async () => {
    await ui.page.goto(`${ui.app.at("/PasswordChange")}?token=${"x".repeat(43)}`);
    await visible(textOnPage(ui.page, messageNo(lang, "910")));
    await expectNoAxeViolations(ui.page, "Password change with an unknown token");
  });

  it("returns from the request screen to login through its link", async () => {
    await ui.page.goto(ui.app.at("/PasswordChangeRequest"));
    await ui.page.getByRole("link", { name: l.returnToLogin, exact: true }).click();
    await onPath(ui.page, "/login");
    await visible(heading(ui.page, l.loginHeading));
  });
});

// A console of their own: each operator may be mailed a link once a minute, and the suite above has
// mailed every demo operator.
describe.each(TEST_LANGS)("password pages when the network fails [%s]", (lang) => {
  const l = LABELS[lang];
  const ui = consoleSession(lang);
  const { change, mailedLink } = resetSteps(ui, lang);

  it("keeps the request form and says 697 in it when Send E-mail fails on the network; sending again mails the link", async () => {
    await ui.page.goto(ui.app.at("/PasswordChangeRequest"));
    await visible(heading(ui.page, l.requestHeading));
    const companyId = ui.page.getByRole("textbox", { name: l.companyId, exact: true });
    const email = ui.page.getByRole("textbox", { name: l.email, exact: true });
    await companyId.fill(ACCOUNTS.admin.companyId);
    await email.fill(ACCOUNTS.admin.email);
    const call = "**/api/v3/screen/passwordChangeRequest";
    await ui.page.route(call, (route) => route.abort("internetdisconnected"));
    await ui.page.getByRole("button", { name: l.sendMail, exact: true }).click();
    await visible(ui.page.getByRole("main").getByRole("alert").getByText(messageNo(lang, "697")));
    expect(pathOf(ui.page)).toBe("/PasswordChangeRequest");
    expect(await companyId.inputValue()).toBe(ACCOUNTS.admin.companyId);
    expect(await email.inputValue()).toBe(ACCOUNTS.admin.email);
    await expect.poll(() => hasFocus(companyId), { timeout: 2_000 }).toBe(true);
    await expectNoAxeViolations(ui.page, "Password change request whose call failed on the network (697)");

    await ui.page.unroute(call);
    await ui.page.getByRole("button", { name: l.sendMail, exact: true }).click();
    await onPath(ui.page, "/login");
    await visible(textOnPage(ui.page, messageNo(lang, "007")));
    await ui.app.smtp.waitFor((m) => m.to.includes(ACCOUNTS.admin.email), 15_000);
  });

  it("keeps the change form and says 697 in it when Change fails on the network; Change again sets the password", async () => {
    await ui.page.goto(await mailedLink(ACCOUNTS.reviewer));
    await visible(heading(ui.page, l.changeHeading));
    const call = "**/api/v3/screen/passwordChange";
    await ui.page.route(call, (route) => route.abort("internetdisconnected"));
    await change(NEW_PASSWORD, NEW_PASSWORD);
    await visible(ui.page.getByRole("main").getByRole("alert").getByText(messageNo(lang, "697")));
    expect(pathOf(ui.page)).toBe("/PasswordChange");
    // The operator's own typing in this tab, kept as the login form keeps its password.
    const newPassword = passwordField(ui.page, l.newPassword);
    expect(await newPassword.inputValue()).toBe(NEW_PASSWORD);
    expect(await passwordField(ui.page, l.newPasswordConfirm).inputValue()).toBe(NEW_PASSWORD);
    await expect.poll(() => hasFocus(newPassword), { timeout: 2_000 }).toBe(true);
    await expectNoAxeViolations(ui.page, "Password change whose call failed on the network (697)");

    await ui.page.unroute(call);
    await ui.page.getByRole("button", { name: l.changeButton, exact: true }).click();
    await onPath(ui.page, "/login");
    await visible(textOnPage(ui.page, messageNo(lang, "006")));
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer, NEW_PASSWORD);
  });
});
