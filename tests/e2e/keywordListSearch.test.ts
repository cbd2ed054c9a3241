import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import keywordEn from "../../src/app/i18n/locales/en/keyword.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import shellEn from "../../src/app/i18n/locales/en/shell.json";
import keywordJa from "../../src/app/i18n/locales/ja/keyword.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import shellJa from "../../src/app/i18n/locales/ja/shell.json";
import { JAPAN_OFFSET_MS } from "../../src/contract/japanTime.ts";
import { DEMO_KEYWORDS } from "../../src/server/seed/demoLists.ts";
import { DEMO_KEYWORD_CATEGORY } from "../../src/server/seed/demoRules.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS } from "../support/browser.ts";
import {
  ACCOUNTS,
  consoleSession,
  gone,
  hasFocus,
  heading,
  loginAs,
  messageNo,
  onPath,
  openMenuEntry,
  screenReady,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

/**
 * /keywordList/{category}'s search and delete and /keywordCategoryList's counts (issue 40 part 10),
 * beside whiteAndKeyword.test.ts's journey: keywords added on /keywordList/{category}/new are narrowed
 * by prefix and updated dates among the demo's (seeded half a year ago, before the default start of
 * three months ago), a selection and then the rest deleted behind the confirmation (003), the table
 * and the category's keyword count following. The keyword list has no paging (KEYWORD_SEARCH_LIMIT).
 */

const KEYWORD = { en: keywordEn, ja: keywordJa } as const;
const MENU = { en: menuEn, ja: menuJa } as const;
const SHELL = { en: shellEn, ja: shellJa } as const;
const CATEGORY = DEMO_KEYWORD_CATEGORY.itemName;
const DEMO = DEMO_KEYWORDS.find((c) => c.categoryId === CATEGORY);
if (!DEMO) throw new Error(`no demo keyword category ${CATEGORY}`);
const CATEGORY_NAME = DEMO.name;
const DEMO_COUNT = DEMO.keywords.length;

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** A Japan date (yyyy-MM-dd), `days` days from now. */
const japanDay = (days = 0): string =>
  new Date(Date.now() + JAPAN_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);

async function confirmExecute(page: Page, execute: string): Promise<void> {
  const dialog = await visible(page.getByRole("dialog"));
  await dialog.getByRole("button", { name: execute, exact: true }).click();
  await gone(dialog);
}

describe.each(TEST_LANGS)("keyword list search and delete [%s]", (lang) => {
  const k = KEYWORD[lang];
  const shell = SHELL[lang];
  const ui = consoleSession(lang);

  it("narrows by prefix and updated dates; deletes a selection, then the rest; the count follows", async () => {
    const page = ui.page;
    await loginAs(page, ui.app, lang, ACCOUNTS.admin);
    const prefix = `E2E${lang}${hex(3)}`;
    const added = [`${prefix}-a`, `${prefix}-b`, `Z${prefix}`];

    await openMenuEntry(page, lang, {
      group: MENU[lang].conditions,
      link: MENU[lang].keyword,
      path: "/keywordCategoryList",
      heading: k.categoryHeading,
    });
    await screenReady(page);
    const categories = page.getByRole("table", { name: k.categoryCaption, exact: true });
    const categoryLink = categories.getByRole("link", { name: CATEGORY_NAME, exact: true });
    const count = categories
      .locator("tbody tr")
      .filter({ has: page.getByRole("link", { name: CATEGORY_NAME, exact: true }) })
      .locator("td:nth-child(3)");
    await expect.poll(() => count.textContent()).toBe(String(DEMO_COUNT));

    // The category opens with the default range (from three months ago): no demo keyword in it.
    await categoryLink.click();
    await onPath(page, `/keywordList/${CATEGORY}`);
    await visible(heading(page, k.listHeading.replace("{name}", CATEGORY_NAME)));
    await visible(textOnPage(page, messageNo(lang, "676")));
    await screenReady(page);
    await page.getByRole("link", { name: k.add, exact: true }).click();
    await onPath(page, `/keywordList/${CATEGORY}/new`);
    await screenReady(page);
    await page.getByLabel(k.keywords, { exact: true }).fill(added.join("\n"));
    await page.getByRole("button", { name: k.register, exact: true }).click();
    await confirmExecute(page, shell.execute);
    await onPath(page, `/keywordList/${CATEGORY}`);
    await visible(textOnPage(page, messageNo(lang, "001")));
    await screenReady(page);

    const table = page.getByRole("table", { name: k.tableCaption, exact: true });
    const keywords = () => table.locator("tbody tr td:nth-child(2)").allInnerTexts();
    const shown = async (expected: string[]) => {
      await expect.poll(async () => (await keywords()).sort()).toEqual([...expected].sort());
      await screenReady(page);
    };
    await shown(added);

    const prefixField = page.getByLabel(k.prefix, { exact: true });
    const from = page.getByLabel(k.updatedFrom, { exact: true });
    const to = page.getByLabel(k.updatedTo, { exact: true });
    const search = page.getByRole("button", { name: k.search, exact: true });

    // The prefix narrows (the keyword holding it further in is not found); updated before today: none.
    await prefixField.fill(prefix);
    await search.click();
    await shown(added.slice(0, 2));
    await to.fill(japanDay(-1));
    await search.click();
    await visible(textOnPage(page, messageNo(lang, "676")));
    await screenReady(page);
    // Without a start, before today: the demo's keywords alone; without either date, all of them.
    await prefixField.fill("");
    await from.fill("");
    await search.click();
    await shown(DEMO.keywords);
    await to.fill("");
    await search.press("Enter");
    await shown([...DEMO.keywords, ...added]);
    await expectNoAxeViolations(page, "Keyword list search results");

    // One of the prefix's two ticked and deleted after the confirmation: the other stays.
    await prefixField.fill(prefix);
    await search.click();
    await shown(added.slice(0, 2));
    const selectedOf = (count: number, total: number) =>
      k.selectedOfTotal.replace("{count}", String(count)).replace("{total}", String(total));
    const tick = (keyword: string) =>
      table.getByRole("checkbox", { name: k.selectRow.replace("{keyword}", keyword), exact: true });
    await tick(added[0] as string).click();
    await visible(page.getByText(selectedOf(1, 2), { exact: true }));
    const remove = page.getByRole("button", { name: k.delete, exact: true });
    await remove.click();
    const dialog = await visible(page.getByRole("dialog"));
    await visible(dialog.getByText(k.deleteConfirm, { exact: true }));
    await expectNoAxeViolations(page, "Keyword delete confirmation");
    await confirmExecute(page, shell.execute);
    await visible(textOnPage(page, messageNo(lang, "003")));
    await shown([added[1] as string]);
    await visible(page.getByText(selectedOf(0, 1), { exact: true }));
    // The focus is back on Delete, which opened the confirmation (a keyboard user goes on from there).
    await expect.poll(() => hasFocus(remove), { timeout: 3_000 }).toBe(true);

    // By keyboard: Space on "Select all", Enter on Delete, Tab to Execute, Enter.
    const all = table.getByRole("checkbox", { name: k.selectAll, exact: true });
    await all.focus();
    await page.keyboard.press("Space");
    await visible(page.getByText(selectedOf(1, 1), { exact: true }));
    await remove.focus();
    await page.keyboard.press("Enter");
    const confirm = await visible(page.getByRole("dialog"));
    // The focus opens on Cancel.
    await expect
      .poll(() => hasFocus(confirm.getByRole("button", { name: shell.cancel, exact: true })))
      .toBe(true);
    await page.keyboard.press("Tab");
    expect(await hasFocus(confirm.getByRole("button", { name: shell.execute, exact: true }))).toBe(true);
    await page.keyboard.press("Enter");
    await gone(page.getByRole("dialog"));
    await visible(textOnPage(page, messageNo(lang, "676")));
    await screenReady(page);

    // The category's count: the demo's six and the one keyword left.
    await page.getByRole("link", { name: k.backToCategories, exact: true }).click();
    await onPath(page, "/keywordCategoryList");
    await screenReady(page);
    await expect.poll(() => count.textContent()).toBe(String(DEMO_COUNT + 1));
    await expectNoAxeViolations(page, "Keyword categories after delete");
  });
});
