import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import commonEn from "../../src/app/i18n/locales/en/common.json";
import detailEn from "../../src/app/i18n/locales/en/eventDetail.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import rulesEn from "../../src/app/i18n/locales/en/rules.json";
import commonJa from "../../src/app/i18n/locales/ja/common.json";
import detailJa from "../../src/app/i18n/locales/ja/eventDetail.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import rulesJa from "../../src/app/i18n/locales/ja/rules.json";
import { ERROR } from "../../src/contract/errors.ts";
import { MENU, type MenuItem } from "../../src/contract/menu.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS } from "../support/browser.ts";
import {
  ACCOUNTS,
  callSessionInfo,
  consoleSession,
  DEMO_COMPANY_NAME,
  DEMO_PASSWORD,
  descriptionOf,
  fillLogin,
  gone,
  hasFocus,
  heading,
  LABELS,
  LANDING_PATH,
  loginAs,
  MESSAGES,
  messageNo,
  onPath,
  openMenuEntry,
  passwordField,
  pathOf,
  screenReady,
  sessionCredentials,
  submitLogin,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

const COMMON = { en: commonEn, ja: commonJa } as const;
const MENU_LABELS = { en: menuEn, ja: menuJa } as const;
const RULES = { en: rulesEn, ja: rulesJa } as const;
const DETAIL = { en: detailEn, ja: detailJa } as const;

const leaves = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((item) => (item.children ? leaves(item.children) : [item]));

/** Computed background colour of the banner, or of the first descendant that paints one. */
async function bannerColour(page: Page): Promise<string> {
  const banner = await visible(page.getByRole("banner"));
  return banner.evaluate((element) => {
    const queue: Element[] = [element];
    while (queue.length > 0) {
      const current = queue.shift() as Element;
      const colour = getComputedStyle(current).backgroundColor;
      if (colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent") return colour;
      queue.push(...Array.from(current.children));
    }
    return "transparent";
  });
}

describe.each(TEST_LANGS)("login, navigation and logout [%s]", (lang) => {
  const l = LABELS[lang];
  const ui = consoleSession(lang, { consoleEnv: "TST" });

  /** Logout from the account menu opened by focus (not hover), confirmed: back on /login. */
  async function logOutByKeyboardMenu() {
    const accountMenu = await visible(ui.page.getByRole("button", { name: l.accountMenu, exact: true }));
    await accountMenu.focus();
    await (await visible(ui.page.getByRole("button", { name: l.logout, exact: true }))).click();
    const confirm = await visible(ui.page.getByRole("dialog").or(ui.page.getByRole("alertdialog")));
    await confirm.getByRole("button", { name: l.execute, exact: true }).click();
    await onPath(ui.page, "/login");
  }

  it("shows the login screen in the browser's language", async () => {
    await ui.page.goto(ui.app.at("/login"));
    await visible(heading(ui.page, l.loginHeading));
    await visible(ui.page.getByRole("textbox", { name: l.companyId, exact: true }));
    await visible(ui.page.getByRole("textbox", { name: l.email, exact: true }));
    await visible(ui.page.getByLabel(l.password, { exact: true }));
    await visible(ui.page.getByRole("link", { name: l.forgotPassword, exact: true }));
    expect(await ui.page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await expectNoAxeViolations(ui.page, "Login");
  });

  it("logs in to the first allowed screen under a green TST header; the account menu shows company and operator", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const landed = pathOf(ui.page);
    const order = leaves(MENU);
    const index = order.findIndex((leaf) => leaf.path === landed);
    expect(index, `landed on ${landed}, which is not a menu screen`).toBeGreaterThanOrEqual(0);
    const nav = ui.page.getByRole("navigation", { name: l.mainMenu, exact: true });
    // No screen before the landing one in menu order is offered to this operator.
    for (const earlier of order.slice(0, index)) {
      expect(await nav.locator(`a[href="/v3${earlier.path}"]`).count(), `${earlier.path} is offered`).toBe(0);
    }
    await expectNoAxeViolations(ui.page, `first screen ${landed}`);
    expect(await bannerColour(ui.page)).toBe("rgb(11, 126, 0)");
    await visible(ui.page.getByRole("banner").getByText(l.testMarker, { exact: true }));
    // The logo is an image file of its own (not inlined in the script): it must have loaded.
    const logo = await visible(ui.page.getByRole("banner").locator("img.top-bar-logo"));
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);

    const accountMenu = await visible(ui.page.getByRole("button", { name: l.accountMenu, exact: true }));
    const logoutItem = ui.page
      .getByRole("menuitem", { name: l.logout, exact: true })
      .or(ui.page.getByRole("button", { name: l.logout, exact: true }));
    // Closed until hovered.
    expect(await logoutItem.isVisible()).toBe(false);
    await accountMenu.hover();
    await visible(ui.page.getByText(DEMO_COMPANY_NAME, { exact: true }));
    await visible(ui.page.getByText(ACCOUNTS.admin.name, { exact: true }));
    await visible(logoutItem);
    await expectNoAxeViolations(ui.page, "account menu (open)");
  });

  it("refuses a wrong password with message 903 and stays on the login screen", async () => {
    await ui.page.goto(ui.app.at("/login"));
    await visible(heading(ui.page, l.loginHeading));
    await fillLogin(ui.page, lang, ACCOUNTS.acme, "Wrong-2026!pass");
    const response = await submitLogin(ui.page, lang);
    expect(response.status()).toBe(401);
    expect(((await response.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe(
      ERROR.loginFailed,
    );
    await visible(textOnPage(ui.page, messageNo(lang, "903")));
    expect(pathOf(ui.page)).toBe("/login");
    await expectNoAxeViolations(ui.page, "Login with error 903");
  });

  it("puts the keyboard focus on the password after a 903 from the Login button, not on the page's body", async () => {
    await ui.page.goto(ui.app.at("/login"));
    await visible(heading(ui.page, l.loginHeading));
    await fillLogin(ui.page, lang, ACCOUNTS.acme, "Wrong-2026!pass");
    const password = ui.page.getByLabel(l.password, { exact: true });
    const loginButton = ui.page.getByRole("button", { name: l.loginButton, exact: true });
    // Pressed by keyboard, then by mouse: the button is disabled while the login is sent.
    for (const press of ["keyboard", "mouse"] as const) {
      const answered = ui.page.waitForResponse((r) => r.url().endsWith("/api/v3/screen/login"));
      if (press === "keyboard") {
        await loginButton.focus();
        await ui.page.keyboard.press("Enter");
      } else await loginButton.click();
      expect((await answered).status()).toBe(401);
      await visible(textOnPage(ui.page, messageNo(lang, "903")));
      await expect.poll(() => hasFocus(password), { timeout: 2_000 }).toBe(true);
      // The wrong password can be typed over at once.
      await password.blur();
    }
  });

  it("keeps the login form and says 697 in it when the login call fails on the network; Login again signs in", async () => {
    await ui.page.goto(ui.app.at("/login"));
    await visible(heading(ui.page, l.loginHeading));
    await fillLogin(ui.page, lang, ACCOUNTS.admin, DEMO_PASSWORD);
    const call = "**/api/v3/screen/login";
    await ui.page.route(call, (route) => route.abort("internetdisconnected"));
    await ui.page.getByRole("button", { name: l.loginButton, exact: true }).click();
    await visible(ui.page.getByRole("main").getByRole("alert").getByText(messageNo(lang, "697")));
    expect(pathOf(ui.page)).toBe("/login");
    const password = passwordField(ui.page, l.password);
    expect(await ui.page.getByRole("textbox", { name: l.companyId, exact: true }).inputValue()).toBe(
      ACCOUNTS.admin.companyId,
    );
    expect(await ui.page.getByRole("textbox", { name: l.email, exact: true }).inputValue()).toBe(
      ACCOUNTS.admin.email,
    );
    // Kept, as after a 903.
    expect(await password.inputValue()).toBe(DEMO_PASSWORD);
    await expect.poll(() => hasFocus(password), { timeout: 2_000 }).toBe(true);
    await expectNoAxeViolations(ui.page, "Login whose call failed on the network (697)");

    await ui.page.unroute(call);
    expect((await submitLogin(ui.page, lang)).status()).toBe(200);
    await onPath(ui.page, LANDING_PATH);
    await screenReady(ui.page);
  });

  it("drops the 903 of the last attempt when the next one is stopped for an empty field", async () => {
    await ui.page.goto(ui.app.at("/login"));
    await visible(heading(ui.page, l.loginHeading));
    await fillLogin(ui.page, lang, ACCOUNTS.acme, "Wrong-2026!pass");
    await submitLogin(ui.page, lang);
    const refusal = textOnPage(ui.page, messageNo(lang, "903"));
    await visible(refusal);
    // The password cleared and the form sent again by keyboard: nothing reaches the server.
    const password = ui.page.getByLabel(l.password, { exact: true });
    await password.fill("");
    await password.press("Enter");
    await visible(textOnPage(ui.page, MESSAGES[lang].validation.required));
    expect(await refusal.count(), "the earlier 903 is no longer shown").toBe(0);
    expect(await hasFocus(password)).toBe(true);
    await expectNoAxeViolations(ui.page, "Login with an empty password after 903");
  });

  it("keeps a pasted Company ID over 50 characters whole and refuses it at the field, on login and on the password change request", async () => {
    // Company DEMO's ID with more pasted after it: cut at 50, it would sign in to another company.
    const pasted = `${ACCOUNTS.admin.companyId}${"X".repeat(56)}`;
    const sent: string[] = [];
    ui.page.on("request", (request) => {
      if (request.url().includes("/api/v3/screen/")) sent.push(new URL(request.url()).pathname);
    });
    const maxMessage = MESSAGES[lang].validation.max.replace("{max}", "50");
    for (const screen of [
      { path: "/login", heading: l.loginHeading, submit: l.loginButton },
      { path: "/PasswordChangeRequest", heading: l.requestHeading, submit: l.sendMail },
    ]) {
      await ui.page.goto(ui.app.at(screen.path));
      await visible(heading(ui.page, screen.heading));
      const companyId = ui.page.getByRole("textbox", { name: l.companyId, exact: true });
      await companyId.focus();
      await ui.page.keyboard.insertText(pasted);
      expect(await companyId.inputValue(), `${screen.path}: the box holds what was pasted`).toBe(pasted);
      await ui.page.getByRole("textbox", { name: l.email, exact: true }).fill(ACCOUNTS.admin.email);
      if (screen.path === "/login") await passwordField(ui.page, l.password).fill(DEMO_PASSWORD);
      await ui.page.getByRole("button", { name: screen.submit, exact: true }).click();
      await expect.poll(() => descriptionOf(companyId)).toContain(maxMessage);
      expect(await companyId.getAttribute("aria-invalid")).toBe("true");
      expect(await hasFocus(companyId)).toBe(true);
      expect(await companyId.inputValue()).toBe(pasted);
      await expectNoAxeViolations(ui.page, `${screen.path} with a Company ID over 50 characters`);
      expect(pathOf(ui.page)).toBe(screen.path);
    }
    expect(sent, "nothing was sent with the Company ID").toEqual([]);
  });

  it("sends a protected route opened while logged out to /login", async () => {
    for (const path of ["/EventList", "/OperatorList", "/AllowedIpAddress"]) {
      await ui.page.goto(ui.app.at(path));
      await onPath(ui.page, "/login");
      await visible(heading(ui.page, l.loginHeading));
    }
    await expectNoAxeViolations(ui.page, "Login after redirect");
  });

  it("shows the login screen at / and /LoginInput too", async () => {
    for (const path of ["/", "/LoginInput"]) {
      await ui.page.goto(ui.app.at(path));
      await visible(heading(ui.page, l.loginHeading));
      await visible(ui.page.getByRole("button", { name: l.loginButton, exact: true }));
    }
  });

  it("shows Page not found for an unknown path", async () => {
    await ui.page.goto(ui.app.at("/no/such/screen"));
    await onPath(ui.page, "/nopage");
    await visible(heading(ui.page, l.notFoundHeading));
    await expectNoAxeViolations(ui.page, "Page not found");
  });

  it("shows the system error screen, whose button leads to login", async () => {
    await ui.page.goto(ui.app.at("/SystemError"));
    await visible(heading(ui.page, l.systemErrorHeading));
    await expectNoAxeViolations(ui.page, "System error");
    await ui.page.getByRole("button", { name: l.toLoginScreen, exact: true }).click();
    await onPath(ui.page, "/login");
    await visible(heading(ui.page, l.loginHeading));
  });

  it("logs out through the confirmation dialog, returns to /login and ends the session", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const credentials = await sessionCredentials(ui.context, ui.page);
    expect((await callSessionInfo(ui.app, credentials)).status).toBe(200);
    const screen = pathOf(ui.page);

    const accountMenu = await visible(ui.page.getByRole("button", { name: l.accountMenu, exact: true }));
    await accountMenu.focus();
    const logout = await visible(
      ui.page
        .getByRole("menuitem", { name: l.logout, exact: true })
        .or(ui.page.getByRole("button", { name: l.logout, exact: true })),
    );
    await logout.click();
    const dialog = await visible(ui.page.getByRole("dialog").or(ui.page.getByRole("alertdialog")));
    await expectNoAxeViolations(ui.page, "logout confirmation");

    // Cancel keeps the session.
    await dialog.getByRole("button", { name: l.cancel, exact: true }).click();
    await gone(ui.page.getByRole("dialog").or(ui.page.getByRole("alertdialog")));
    expect(pathOf(ui.page)).toBe(screen);
    expect((await callSessionInfo(ui.app, credentials)).status).toBe(200);

    await accountMenu.hover();
    await (
      await visible(
        ui.page
          .getByRole("menuitem", { name: l.logout, exact: true })
          .or(ui.page.getByRole("button", { name: l.logout, exact: true })),
      )
    ).click();
    const confirm = await visible(ui.page.getByRole("dialog").or(ui.page.getByRole("alertdialog")));
    await confirm.getByRole("button", { name: l.execute, exact: true }).click();
    await onPath(ui.page, "/login");
    await visible(heading(ui.page, l.loginHeading));
    await expectNoAxeViolations(ui.page, "Login after logout");

    const after = await callSessionInfo(ui.app, credentials);
    expect(after.status).toBe(401);
    expect(after.body.errors[0]?.code).toBe(ERROR.invalidToken);
    // Back in the browser, the protected screen is no longer reachable.
    await ui.page.goto(ui.app.at(screen));
    await onPath(ui.page, "/login");
  });

  it("leaves nothing the screens handed on in the tab after a logout, for the next operator to find", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    // An event opened from the list: the list hands the detail its search and selection.
    const table = ui.page.getByRole("main").getByRole("table");
    const firstEvent = await visible(table.locator('a[href*="/v3/EventDetail?eventId="]'));
    await firstEvent.click();
    await onPath(ui.page, "/EventDetail");
    await visible(heading(ui.page, DETAIL[lang].heading));
    const handedOn = () => ui.page.evaluate(() => sessionStorage.getItem("fraudConsole.transit"));
    expect(await handedOn()).toContain("EventDetail");

    await logOutByKeyboardMenu();
    await visible(heading(ui.page, l.loginHeading));
    expect(await handedOn(), "the last operator's search and selection are gone").toBeNull();
  });

  it("gives the keyboard focus back to the account menu when the logout confirmation is declined", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const accountMenu = await visible(ui.page.getByRole("button", { name: l.accountMenu, exact: true }));
    const logout = ui.page.getByRole("button", { name: l.logout, exact: true });
    const dialog = ui.page.getByRole("dialog").or(ui.page.getByRole("alertdialog"));
    // Once by Escape, once by the Cancel button, all by keyboard.
    for (const decline of ["Escape", "Cancel"] as const) {
      // Focus opens the panel; where the focus already is (after the first round), Enter does.
      if (await hasFocus(accountMenu)) await ui.page.keyboard.press("Enter");
      else await accountMenu.focus();
      await visible(logout);
      await ui.page.keyboard.press("Tab");
      expect(await hasFocus(logout), `${decline}: Tab reaches Logout`).toBe(true);
      await ui.page.keyboard.press("Enter");
      await visible(dialog);
      if (decline === "Escape") await ui.page.keyboard.press("Escape");
      else {
        await dialog.getByRole("button", { name: l.cancel, exact: true }).focus();
        await ui.page.keyboard.press("Enter");
      }
      await gone(dialog);
      await ui.page.waitForFunction(() => document.activeElement !== document.body, undefined, {
        timeout: 2_000,
      });
      expect(await hasFocus(accountMenu), `${decline}: focus returns to the account menu`).toBe(true);
      expect(await accountMenu.getAttribute("aria-expanded")).toBe("false");
      expect(await logout.isVisible()).toBe(false);
      // Still signed in, on the same screen.
      expect(pathOf(ui.page)).toBe(LANDING_PATH);
    }
  });

  it("tells an operator whose session ended on the server to log in again (913), once", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const credentials = await sessionCredentials(ui.context, ui.page);
    // The session ends behind the browser's back (as after the idle timeout): signed out elsewhere.
    const ended = await fetch(`${ui.app.url}/api/v3/screen/logout`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie: `sid=${credentials.sid}` },
      body: JSON.stringify({
        header: { lang, tz: "Asia/Tokyo", currency: "JPY", version: "3.0" },
        info: { token: credentials.token, shopId: ACCOUNTS.admin.companyId },
      }),
    });
    expect(ended.status).toBe(200);
    // The next morning's reload: the event list asks for its page and its count together.
    await ui.page.reload();
    await onPath(ui.page, "/login");
    await visible(heading(ui.page, l.loginHeading));
    const notice = textOnPage(ui.page, messageNo(lang, "913"));
    await visible(notice);
    await ui.page.waitForTimeout(500);
    expect(await notice.count(), "913 is shown once").toBe(1);
    expect(await ui.page.evaluate(() => localStorage.getItem("fraudConsole"))).toBeNull();
    await expectNoAxeViolations(ui.page, "Login after the session ended");
  });

  it("returns to the screen the login interrupted, not after a logout", async () => {
    // A link opened signed out.
    await ui.page.goto(ui.app.at("/releasedRuleList"));
    await onPath(ui.page, "/login");
    await fillLogin(ui.page, lang, ACCOUNTS.admin, DEMO_PASSWORD);
    expect((await submitLogin(ui.page, lang)).status()).toBe(200);
    await onPath(ui.page, "/releasedRuleList");
    await screenReady(ui.page);

    // A session that ended under the screen: back to it, its query kept.
    const credentials = await sessionCredentials(ui.context, ui.page);
    await fetch(`${ui.app.url}/api/v3/screen/logout`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie: `sid=${credentials.sid}` },
      body: JSON.stringify({
        header: { lang, tz: "Asia/Tokyo", currency: "JPY", version: "3.0" },
        info: { token: credentials.token, shopId: ACCOUNTS.admin.companyId },
      }),
    });
    await ui.page.goto(ui.app.at("/EventList?mode=0&q=DEMO-ORD-00000007"));
    await onPath(ui.page, "/login");
    await fillLogin(ui.page, lang, ACCOUNTS.admin, DEMO_PASSWORD);
    expect((await submitLogin(ui.page, lang)).status()).toBe(200);
    await onPath(ui.page, "/EventList");
    expect(new URL(ui.page.url()).search).toBe("?mode=0&q=DEMO-ORD-00000007");
    await screenReady(ui.page);

    // A logout starts afresh: the next login lands on the first screen.
    await openMenuEntry(ui.page, lang, {
      group: l.groupConditions,
      link: MENU_LABELS[lang].releasedRuleList,
      path: "/releasedRuleList",
      heading: RULES[lang].heading,
    });
    await logOutByKeyboardMenu();
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    expect(pathOf(ui.page)).toBe(LANDING_PATH);
  });

  it("titles the CHECK tenant's pages with the checker title", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const standardTitle = await ui.page.title();
    // The app's title template is "{screen}<suffix>"; the checker variant has its own suffix.
    const checkerSuffix = COMMON[lang].title.checker.replace("{screen}", "");
    const { context: checkContext, page: checkPage } = await ui.browser.newPage(lang);
    try {
      await loginAs(checkPage, ui.app, lang, ACCOUNTS.check);
      const checkerTitle = await checkPage.title();
      expect(checkerTitle).not.toBe(standardTitle);
      expect(checkerTitle.endsWith(checkerSuffix), `"${checkerTitle}" is not a checker title`).toBe(true);
      expect(checkerTitle.length).toBeGreaterThan(checkerSuffix.length);
      expect(standardTitle.endsWith(checkerSuffix), `"${standardTitle}" is a checker title`).toBe(false);
      await expectNoAxeViolations(checkPage, "checker tenant first screen");
    } finally {
      await checkContext.close();
    }
  });
});
