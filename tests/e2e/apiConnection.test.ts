import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import apiEn from "../../src/app/i18n/locales/en/apiConnection.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import apiJa from "../../src/app/i18n/locales/ja/apiConnection.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import { ERROR } from "../../src/contract/errors.ts";
import { SCREEN_TRANSACTION_PATH } from "../../src/contract/screeningPaths.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS, type TestLang } from "../support/browser.ts";
import {
  ACCOUNTS,
  consoleSession,
  gone,
  hasFocus,
  heading,
  LABELS,
  LANDING_PATH,
  loginAs,
  messageNo,
  onPath,
  openMenuEntry,
  pathOf,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

const SCREEN = { en: apiEn, ja: apiJa } as const;
const MENU_LABELS = { en: menuEn, ja: menuJa } as const;
const MASKED = /^••••••••[A-Za-z0-9_-]{4}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const secretText = async (page: Page) => ((await page.getByTestId("secret-key").textContent()) ?? "").trim();
/** The screen's status message that the shown key is a new one and the old one no longer works. */
const newKeyNotice = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** A console call made by the page's own script, with its cookie and its stored anti-forgery token. */
function forgedCall(page: Page, path: string, lang: TestLang, telegram: Record<string, string> = {}) {
  return page.evaluate(
    async ({ path, lang, telegram }) => {
      const stored = JSON.parse(localStorage.getItem("fraudConsole") ?? "{}") as { loginToken?: string };
      const response = await fetch(`/api/v3/screen/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          header: { lang, tz: "Asia/Tokyo", currency: "JPY", version: "3.0" },
          info: { token: stored.loginToken, shopId: "DEMO" },
          telegram,
        }),
      });
      return {
        status: response.status,
        body: (await response.json()) as {
          errors: { code: string; message: string }[];
          telegram: Record<string, unknown> | null;
        },
      };
    },
    { path, lang, telegram },
  );
}

describe.each(TEST_LANGS)("API connection information [%s]", (lang) => {
  const l = LABELS[lang];
  const s = SCREEN[lang];
  const m = MENU_LABELS[lang];
  const ui = consoleSession(lang);

  /** Opens the screen through the "Screening conditions" group of the main menu. */
  async function openFromMenu(): Promise<void> {
    await openMenuEntry(ui.page, lang, {
      group: m.conditions,
      link: m.apiConnectionInfo,
      path: "/apiConnectionInfo",
      heading: s.heading,
    });
    await visible(ui.page.getByTestId("secret-key"));
  }

  it("lets the administrator show, copy and reissue the secret key", async () => {
    await ui.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: ui.app.url });
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    // Login lands on the first screen of the menu, Event list, before API connection information.
    expect(pathOf(ui.page)).toBe(LANDING_PATH);
    await openFromMenu();

    for (const label of [s.companyId, s.applicationId, s.secretKey, s.screeningModel])
      await visible(ui.page.getByText(label, { exact: true }));
    await visible(ui.page.getByText("DEMO", { exact: true }));
    await visible(ui.page.getByText(/^app_[0-9a-f]{16}$/));
    await visible(ui.page.getByText("標準モデル (MODEL01)", { exact: true }));
    // What the shop's developers need: the API's URL on this server and its OpenAPI document.
    await visible(ui.page.getByText(`${ui.app.url}${SCREEN_TRANSACTION_PATH}`, { exact: true }));
    const reference = await visible(ui.page.getByRole("link", { name: s.openApi, exact: true }));
    const href = (await reference.getAttribute("href")) ?? "";
    const openApi = await ui.page.evaluate(async (url) => (await fetch(url)).json(), href);
    expect(Object.keys((openApi as { paths: object }).paths)).toContain(SCREEN_TRANSACTION_PATH);
    const masked = await secretText(ui.page);
    expect(masked).toMatch(MASKED);
    await expectNoAxeViolations(ui.page, "API connection information (administrator)");

    // Copy without showing, by keyboard: the key goes to the clipboard while the screen keeps the
    // mask, and the focus stays on Copy (not dropped while the key was fetched).
    await button(ui.page, s.copy).focus();
    await ui.page.keyboard.press("Enter");
    await visible(textOnPage(ui.page, messageNo(lang, "010")));
    expect(await hasFocus(button(ui.page, s.copy))).toBe(true);
    const copiedMasked = await ui.page.evaluate(() => navigator.clipboard.readText());
    expect(copiedMasked).toMatch(SECRET);
    expect(copiedMasked.slice(-4)).toBe(masked.slice(-4));
    expect(await secretText(ui.page)).toBe(masked);
    await visible(button(ui.page, s.show));
    await ui.page.evaluate(() => navigator.clipboard.writeText(""));

    // Show, by keyboard.
    await button(ui.page, s.show).focus();
    await ui.page.keyboard.press("Enter");
    await visible(button(ui.page, s.hide));
    // Show turned into Hide under the focus, so Enter again would hide the key.
    expect(await hasFocus(button(ui.page, s.hide))).toBe(true);
    const secret = await secretText(ui.page);
    expect(secret).toMatch(SECRET);
    expect(secret.slice(-4)).toBe(masked.slice(-4));
    expect(secret).toBe(copiedMasked);
    // The current key, shown: nothing new about it.
    expect(await ui.page.getByText(s.newKeyNotice, { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(ui.page, "API connection information (key shown)");

    await button(ui.page, s.copy).click();
    await visible(textOnPage(ui.page, messageNo(lang, "010")));
    expect(await ui.page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await button(ui.page, s.hide).click();
    await visible(button(ui.page, s.show));
    expect(await secretText(ui.page)).toBe(masked);

    // Reissue: the dialog warns first; Escape backs out and nothing changes.
    await button(ui.page, s.rotate).focus();
    await ui.page.keyboard.press("Enter");
    const dialog = await visible(ui.page.getByRole("dialog"));
    await visible(dialog.getByText(s.rotateConfirm, { exact: true }));
    await expectNoAxeViolations(ui.page, "reissue confirmation");
    await ui.page.keyboard.press("Escape");
    await gone(ui.page.getByRole("dialog"));
    expect(await secretText(ui.page)).toBe(masked);
    await expect.poll(() => hasFocus(button(ui.page, s.rotate))).toBe(true);
    // Focused at once, usable once the dialog's 50 ms close delay has passed (a press before is ignored).
    await expect.poll(() => button(ui.page, s.rotate).getAttribute("aria-disabled")).toBeNull();

    // The notice's status region is on the page, empty, before the reissue, so that screen readers
    // announce the notice when it appears (a region inserted with its text is often not read).
    const statusRegion = await ui.page.getByTestId("secret-key-status").elementHandle();
    expect(await statusRegion?.getAttribute("role")).toBe("status");
    expect(await statusRegion?.textContent()).toBe("");
    await ui.page.keyboard.press("Enter");
    await (await visible(ui.page.getByRole("dialog")))
      .getByRole("button", { name: l.execute, exact: true })
      .press("Enter");
    await gone(ui.page.getByRole("dialog"));
    await visible(textOnPage(ui.page, messageNo(lang, "002")));
    await visible(button(ui.page, s.hide));
    // Back on Reissue, which stayed focusable while the new key was issued.
    expect(await hasFocus(button(ui.page, s.rotate))).toBe(true);
    const reissued = await secretText(ui.page);
    expect(reissued).toMatch(SECRET);
    expect(reissued).not.toBe(secret);
    // Beside the new key, a status message says the old one stopped working.
    const notice = await visible(newKeyNotice(ui.page, s.newKeyNotice));
    expect((await notice.textContent())?.trim()).toBe(s.newKeyNotice);
    // In the same region, not in one inserted with it.
    expect(await statusRegion?.evaluate((region) => region.isConnected)).toBe(true);
    expect((await statusRegion?.textContent())?.trim()).toBe(s.newKeyNotice);
    await expectNoAxeViolations(ui.page, "API connection information (new key)");
    // Copying the new key keeps it shown, and the notice with it.
    await ui.page.evaluate(() => navigator.clipboard.writeText(""));
    await button(ui.page, s.copy).click();
    await expect.poll(() => ui.page.evaluate(() => navigator.clipboard.readText())).toBe(reissued);
    expect(await secretText(ui.page)).toBe(reissued);
    await visible(newKeyNotice(ui.page, s.newKeyNotice));

    // Hidden again, the mask ends in the new key and the notice goes; a reload still shows the new one.
    await button(ui.page, s.hide).click();
    expect(await secretText(ui.page)).toBe(`••••••••${reissued.slice(-4)}`);
    await gone(ui.page.getByText(s.newKeyNotice, { exact: true }));
    await ui.page.reload();
    await button(ui.page, s.show).click();
    await visible(button(ui.page, s.hide));
    expect(await secretText(ui.page)).toBe(reissued);
    expect(await ui.page.getByText(s.newKeyNotice, { exact: true }).count()).toBe(0);
  });

  it("starts the clipboard write inside the click, before a masked key has come", async () => {
    await ui.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: ui.app.url });
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    await openFromMenu();
    // The key's answer is held back, as by a slow network, until the write is seen to have begun.
    let answerReveal = () => {};
    const held = new Promise<void>((resolve) => {
      answerReveal = resolve;
    });
    await ui.page.route("**/api/v3/screen/apiConnectionInfo/reveal", async (route) => {
      await held;
      await route.continue();
    });
    await ui.page.evaluate(() => {
      const page = window as unknown as { writesBegun: number };
      page.writesBegun = 0;
      const write = navigator.clipboard.write.bind(navigator.clipboard);
      Object.defineProperty(navigator.clipboard, "write", {
        configurable: true,
        value: (items: ClipboardItem[]) => {
          page.writesBegun += 1;
          return write(items);
        },
      });
    });
    const begun = () => ui.page.evaluate(() => (window as unknown as { writesBegun: number }).writesBegun);
    await button(ui.page, s.copy).click();
    // Within the click's user activation, which Safari requires, with the key still on its way.
    await expect.poll(begun).toBe(1);
    answerReveal();
    await visible(textOnPage(ui.page, messageNo(lang, "010")));
    const copied = await ui.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(SECRET);
    expect(copied.slice(-4)).toBe((await secretText(ui.page)).slice(-4));
    expect(await secretText(ui.page)).toMatch(MASKED);
  });

  it("says to press Show and copy by hand when the browser refuses the clipboard", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    await openFromMenu();
    const masked = await secretText(ui.page);
    // A browser that refuses the clipboard (one that wants the click's activation, a denied permission).
    await ui.page.evaluate(() => {
      const refuse = () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
      for (const method of ["write", "writeText"])
        Object.defineProperty(navigator.clipboard, method, { value: refuse, configurable: true });
    });
    // Masked: nothing to select yet, so Show (by its label) comes first.
    await button(ui.page, s.copy).click();
    await visible(textOnPage(ui.page, s.copyFailedMasked.replace("{show}", s.show)));
    expect(await secretText(ui.page)).toBe(masked);
    expect(s.copyFailedMasked).toContain("{show}");
    // Shown: select it and copy it by hand.
    await button(ui.page, s.show).click();
    await visible(button(ui.page, s.hide));
    await button(ui.page, s.copy).click();
    await visible(textOnPage(ui.page, s.copyFailed));
    expect(await secretText(ui.page)).toMatch(SECRET);
  });

  it("withdraws the reissue question when the screen is left by the browser's Back, and reissues nothing", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    await openFromMenu();
    const masked = await secretText(ui.page);
    await button(ui.page, s.rotate).click();
    const dialog = await visible(ui.page.getByRole("dialog"));
    await visible(dialog.getByText(s.rotateConfirm, { exact: true }));
    await ui.page.goBack();
    await onPath(ui.page, LANDING_PATH);
    // The question goes with the screen it was about, rather than staying over the list with an
    // Execute that would reissue nothing.
    await gone(dialog);
    await openFromMenu();
    expect(await secretText(ui.page)).toBe(masked);
  });

  it("reloads the information with 015 when another administrator reissued the key first", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    await openFromMenu();
    // Another administrator reissues the key while this screen shows it (their call, with the
    // rotatedAt their screen showed, the same as this one's).
    const seen = await forgedCall(ui.page, "apiConnectionInfo", lang);
    const other = await forgedCall(ui.page, "apiConnectionInfo/rotate", lang, {
      rotatedAt: String(seen.body.telegram?.rotatedAt),
    });
    expect(other.status).toBe(200);
    const otherKey = String(other.body.telegram?.secretKey);
    expect(otherKey).toMatch(SECRET);

    await button(ui.page, s.rotate).click();
    await (await visible(ui.page.getByRole("dialog")))
      .getByRole("button", { name: l.execute, exact: true })
      .click();
    await gone(ui.page.getByRole("dialog"));
    // Said as an error notification, the code then the message; the screen stays and reloads.
    await visible(textOnPage(ui.page, messageNo(lang, "015")));
    await visible(textOnPage(ui.page, ERROR.conflict));
    expect(pathOf(ui.page)).toBe("/apiConnectionInfo");
    await expect.poll(() => secretText(ui.page)).toBe(`••••••••${otherKey.slice(-4)}`);
    // No key of this operator's was issued: nothing is shown as new, and the one in force is the other's.
    expect(await ui.page.getByText(s.newKeyNotice, { exact: true }).count()).toBe(0);
    await button(ui.page, s.show).click();
    await expect.poll(() => secretText(ui.page)).toBe(otherKey);
  });

  it("shows the viewer the masked key without any control, and refuses a forged reissue with 962", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.viewer);
    expect(pathOf(ui.page)).toBe(LANDING_PATH);
    const nav = await visible(ui.page.getByRole("navigation", { name: l.mainMenu, exact: true }));
    expect(await nav.getByRole("button", { name: l.groupAdmin, exact: true }).count()).toBe(0);
    expect(await nav.getByText(l.groupAdmin, { exact: true }).count()).toBe(0);
    await openFromMenu();

    const masked = await secretText(ui.page);
    expect(masked).toMatch(MASKED);
    for (const name of [s.show, s.hide, s.copy, s.rotate])
      expect(await button(ui.page, name).count()).toBe(0);
    await expectNoAxeViolations(ui.page, "API connection information (viewer)");

    for (const path of ["apiConnectionInfo/rotate", "apiConnectionInfo/reveal"]) {
      const forged = await forgedCall(ui.page, path, lang);
      expect(forged.status).toBe(403);
      expect(forged.body.errors).toEqual([{ code: ERROR.forbidden, message: messageNo(lang, "962") }]);
    }
    await ui.page.reload();
    await visible(heading(ui.page, s.heading));
    await visible(ui.page.getByTestId("secret-key"));
    expect(await secretText(ui.page)).toBe(masked);
  });
});
