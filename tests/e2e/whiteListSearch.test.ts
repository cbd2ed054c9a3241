import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import shellEn from "../../src/app/i18n/locales/en/shell.json";
import whiteEn from "../../src/app/i18n/locales/en/white.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import shellJa from "../../src/app/i18n/locales/ja/shell.json";
import whiteJa from "../../src/app/i18n/locales/ja/white.json";
import { JAPAN_OFFSET_MS } from "../../src/contract/japanTime.ts";
import { DEMO_WHITE_ENTRIES } from "../../src/server/seed/demoLists.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS } from "../support/browser.ts";
import {
  ACCOUNTS,
  consoleSession,
  gone,
  hasFocus,
  heading,
  LABELS,
  loginAs,
  messageNo,
  onPath,
  screenReady,
  textOnPage,
  visible,
} from "./consoleHarness.ts";
import { countText } from "./countText.ts";

/**
 * /white's search and delete (issue 40 part 10), beside whiteAndKeyword.test.ts's journey: entries
 * registered on /white/new are narrowed by type, value prefix and created dates among the demo's,
 * a selection and then every shown row deleted behind the Yes/No confirmation (003), the table
 * following. The white list has no paging: a search answers at most WHITE_SEARCH_LIMIT rows.
 */

const WHITE = { en: whiteEn, ja: whiteJa } as const;
const MENU = { en: menuEn, ja: menuJa } as const;
const SHELL = { en: shellEn, ja: shellJa } as const;
const DEMO_IPS = DEMO_WHITE_ENTRIES.filter((entry) => entry.entryType === "ip").length;
const DEMO_MEMBERS = DEMO_WHITE_ENTRIES.filter((entry) => entry.entryType === "shopMemberId").length;

/** A Japan date (yyyy-MM-dd), `days` days from now. */
const japanDay = (days = 0): string =>
  new Date(Date.now() + JAPAN_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);

/** Answers the open confirmation dialog with its button of that name. */
async function answer(page: Page, button: string): Promise<void> {
  const dialog = await visible(page.getByRole("dialog"));
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await gone(dialog);
}

describe.each(TEST_LANGS)("white list search and delete [%s]", (lang) => {
  const w = WHITE[lang];
  const shell = SHELL[lang];
  const ui = consoleSession(lang);

  it("narrows by type, value prefix and created dates; deletes a selection, then all by keyboard", async () => {
    const page = ui.page;
    await loginAs(page, ui.app, lang, ACCOUNTS.admin);
    // Three IPv4 addresses of the documentation range 192.0.2.0/24 (RFC 5737), under one prefix.
    const prefix = "192.0.2.1";
    const ips = [`${prefix}1`, `${prefix}2`, `${prefix}3`];

    await page
      .getByRole("navigation", { name: LABELS[lang].mainMenu, exact: true })
      .getByRole("link", { name: MENU[lang].white, exact: true })
      .click();
    await onPath(page, "/white");
    await visible(heading(page, w.listHeading));
    await screenReady(page);
    const table = page.getByRole("table", { name: w.tableCaption, exact: true });
    const rows = table.locator("tbody tr");
    const shown = async (count: number) => {
      await expect.poll(() => rows.count()).toBe(count);
      await screenReady(page);
    };
    // Every demo entry, none of today's yet.
    await shown(DEMO_WHITE_ENTRIES.length);

    await page.getByRole("link", { name: w.add, exact: true }).click();
    await onPath(page, "/white/new");
    await screenReady(page);
    await page.getByLabel(w.type, { exact: true }).selectOption({ label: w.types.ip });
    await page.getByLabel(w.values, { exact: true }).fill(ips.join("\n"));
    await page.getByRole("button", { name: w.register, exact: true }).click();
    await answer(page, shell.yes);
    await onPath(page, "/white");
    await visible(textOnPage(page, messageNo(lang, "001")));
    await shown(DEMO_WHITE_ENTRIES.length + ips.length);

    const type = page.getByLabel(w.type, { exact: true });
    const value = page.getByLabel(w.value, { exact: true });
    const from = page.getByLabel(w.createdFrom, { exact: true });
    const to = page.getByLabel(w.createdTo, { exact: true });
    const search = page.getByRole("button", { name: w.search, exact: true });
    const values = () => table.locator("tbody tr td:nth-child(3)").allInnerTexts();

    // The type narrows, then the value's prefix within it; another type has no such value (676).
    await type.selectOption({ label: w.types.shopMemberId });
    await search.click();
    await shown(DEMO_MEMBERS);
    await type.selectOption({ label: w.types.ip });
    await search.click();
    await shown(DEMO_IPS + ips.length);
    await value.fill(prefix);
    await search.click();
    await shown(ips.length);
    expect((await values()).sort()).toEqual(ips);
    await type.selectOption({ label: w.types.shopMemberId });
    await search.click();
    await visible(textOnPage(page, messageNo(lang, "676")));
    await screenReady(page);

    // The created date range: before today only the demo's; from today only the three.
    await type.selectOption({ label: w.types[""] });
    await value.fill("");
    await to.fill(japanDay(-1));
    await search.click();
    await shown(DEMO_WHITE_ENTRIES.length);
    await to.fill("");
    await from.fill(japanDay());
    await search.click();
    await shown(ips.length);
    expect((await values()).sort()).toEqual(ips);
    await expectNoAxeViolations(page, "White list search results");

    // Two ticked and deleted after Yes: the third stays.
    const [first, second, third] = ips as [string, string, string];
    const tick = (ip: string) => table.getByRole("checkbox", { name: w.selectRow.replace("{value}", ip) });
    await tick(first).click();
    await tick(second).click();
    await visible(page.getByText(countText(w, "selected", 2), { exact: true }));
    const remove = page.getByRole("button", { name: w.delete, exact: true });
    await remove.click();
    const dialog = await visible(page.getByRole("dialog"));
    await visible(dialog.getByText(w.deleteConfirm, { exact: true }));
    await expectNoAxeViolations(page, "White delete confirmation");
    await answer(page, shell.yes);
    await visible(textOnPage(page, messageNo(lang, "003")));
    await shown(1);
    expect(await values()).toEqual([third]);
    await visible(page.getByText(countText(w, "selected", 0), { exact: true }));
    // The focus is back on Delete, which opened the confirmation (a keyboard user goes on from there).
    await expect.poll(() => hasFocus(remove), { timeout: 3_000 }).toBe(true);

    // By keyboard: Space on "Select all", Enter on Delete, Tab from No to Yes, Enter: nothing left.
    const all = table.getByRole("checkbox", { name: w.selectAll, exact: true });
    await all.focus();
    await page.keyboard.press("Space");
    await visible(page.getByText(countText(w, "selected", 1), { exact: true }));
    expect(await tick(third).getAttribute("aria-checked")).toBe("true");
    await remove.focus();
    await page.keyboard.press("Enter");
    const confirm = await visible(page.getByRole("dialog"));
    // The focus opens on No.
    await expect
      .poll(() => hasFocus(confirm.getByRole("button", { name: shell.no, exact: true })))
      .toBe(true);
    await page.keyboard.press("Tab");
    expect(await hasFocus(confirm.getByRole("button", { name: shell.yes, exact: true }))).toBe(true);
    await page.keyboard.press("Enter");
    await gone(page.getByRole("dialog"));
    await visible(textOnPage(page, messageNo(lang, "676")));
    await screenReady(page);
    await expectNoAxeViolations(page, "White list emptied");

    // The demo's entries are all still there.
    await from.fill("");
    await search.click();
    await shown(DEMO_WHITE_ENTRIES.length);
  });
});
