import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import csvEn from "../../src/app/i18n/locales/en/csvScreens.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import negativeEn from "../../src/app/i18n/locales/en/negative.json";
import csvJa from "../../src/app/i18n/locales/ja/csvScreens.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import negativeJa from "../../src/app/i18n/locales/ja/negative.json";
import { JAPAN_OFFSET_MS } from "../../src/contract/japanTime.ts";
import type { UploadJob } from "../../src/contract/uploads.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS } from "../support/browser.ts";
import {
  ACCOUNTS,
  consoleSession,
  gone,
  hasFocus,
  LABELS,
  loginAs,
  messageNo,
  onPath,
  screenReady,
  textOnPage,
  visible,
} from "./consoleHarness.ts";
import { countText } from "./countText.ts";
import { consoleCall } from "./eventDetailCalls.ts";

/**
 * /NegativeList's search, paging and delete, and /NegativeHistory's date range (issue 40 part 10),
 * beside negativeList.test.ts's registration journey: entries registered on /NegativeAdd, found by
 * item type, values and update dates, paged 50 at a time, a selection and then every result deleted
 * behind the confirmation (003) with the table and the total following.
 */

const SCREEN = { en: negativeEn, ja: negativeJa } as const;
const MENU = { en: menuEn, ja: menuJa } as const;
const CSV = { en: csvEn, ja: csvJa } as const;

/** A Japan date (yyyy-MM-dd) of an instant, `days` days later. */
const japanDate = (at: Date | string, days = 0): string =>
  new Date(new Date(at).getTime() + JAPAN_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);

/** Distinct phone numbers no demo entry has. */
const telNumbers = (count: number): string[] => {
  const base = randomBytes(4).readUInt32BE() % 90_000_000;
  return Array.from({ length: count }, (_, i) => `080${String(base + i).padStart(8, "0")}`);
};

describe.each(TEST_LANGS)("negative list search, paging and delete [%s]", (lang) => {
  const s = SCREEN[lang];
  const l = LABELS[lang];
  const ui = consoleSession(lang);

  async function confirmExecute(): Promise<void> {
    const dialog = await visible(ui.page.getByRole("dialog"));
    await dialog.getByRole("button", { name: l.execute, exact: true }).click();
    await gone(ui.page.getByRole("dialog"));
  }

  it("searches by item, values and update dates, pages 60 entries, deletes a selection and then all", async () => {
    const page = ui.page;
    await loginAs(page, ui.app, lang, ACCOUNTS.admin);
    const tels = telNumbers(60);

    // Sixty phone numbers registered on /NegativeAdd in one go (the screen's own call, no fixture).
    await page
      .getByRole("navigation", { name: l.mainMenu, exact: true })
      .getByRole("link", { name: MENU[lang].negative, exact: true })
      .click();
    await onPath(page, "/NegativeList");
    await screenReady(page);
    await page.getByRole("button", { name: s.addLink, exact: true }).click();
    await onPath(page, "/NegativeAdd");
    await screenReady(page);
    await page.getByLabel(s.item, { exact: true }).selectOption({ label: s.items.tel });
    await page.getByLabel(s.addValues, { exact: true }).fill(tels.join("\n"));
    await page.getByRole("button", { name: s.register, exact: true }).click();
    await confirmExecute();
    await visible(textOnPage(page, countText(s, "added", tels.length)));
    await screenReady(page);
    await page.getByRole("button", { name: s.toList, exact: true }).click();
    await onPath(page, "/NegativeList");
    await screenReady(page);

    const item = page.getByLabel(s.item, { exact: true });
    const values = page.getByLabel(s.values, { exact: true });
    const from = page.getByLabel(s.updatedFrom, { exact: true });
    const to = page.getByLabel(s.updatedTo, { exact: true });
    const search = page.getByRole("button", { name: s.search, exact: true });
    const table = page.getByRole("table", { name: s.tableCaption, exact: true });
    const totalIs = async (count: number) => {
      await visible(page.getByText(countText(s, "total", count), { exact: true }));
      await screenReady(page);
    };
    const shownIds = () => table.locator("tbody tr th").allInnerTexts();

    // The item type narrows: the same numbers are no mobile phone numbers. Submitted by Enter.
    await item.selectOption({ label: s.items.mobileTel });
    await values.fill(tels.join(" "));
    await values.press("Enter");
    await visible(textOnPage(page, messageNo(lang, "676")));
    await screenReady(page);
    await item.selectOption({ label: s.items.tel });
    await search.click();
    await totalIs(60);
    // The default page size (200) holds all sixty: no next page.
    expect(await table.locator("tbody tr").count()).toBe(60);
    const next = page.getByRole("button", { name: s.next, exact: true });
    const previous = page.getByRole("button", { name: s.previous, exact: true });
    expect(await next.getAttribute("aria-disabled")).toBe("true");

    // Fifty a page: 50, then the other 10 (keyset paging, nothing twice, nothing left out), and back.
    await page.getByLabel(s.pageSize, { exact: true }).selectOption("50");
    await expect.poll(() => table.locator("tbody tr").count()).toBe(50);
    await screenReady(page);
    const firstPage = await shownIds();
    expect(await previous.getAttribute("aria-disabled")).toBe("true");
    await next.click();
    await expect.poll(() => table.locator("tbody tr").count()).toBe(10);
    await screenReady(page);
    const secondPage = await shownIds();
    expect(new Set([...firstPage, ...secondPage]).size).toBe(60);
    const valueColumn = await table.locator("tbody tr td:nth-child(4)").allInnerTexts();
    expect(valueColumn.every((value) => tels.includes(value))).toBe(true);
    expect(await next.getAttribute("aria-disabled")).toBe("true");
    await page.getByText(countText(s, "total", 60), { exact: true }).waitFor();
    await expectNoAxeViolations(page, "NegativeList page 2");
    await previous.click();
    await expect.poll(() => table.locator("tbody tr").count()).toBe(50);
    await screenReady(page);
    expect(await shownIds()).toEqual(firstPage);

    // The update date range: nothing of today's registration was updated before today; all of it today.
    const today = japanDate(new Date());
    await to.fill(japanDate(new Date(), -1));
    await search.click();
    await visible(textOnPage(page, messageNo(lang, "676")));
    await screenReady(page);
    await from.fill(today);
    await to.fill(today);
    await search.click();
    await totalIs(60);

    // Two rows ticked by keyboard (Space, Tab past the row's Details), deleted behind the confirmation.
    const [one, two] = firstPage as [string, string];
    const tickOne = table.getByRole("checkbox", { name: s.selectRow.replace("{id}", one), exact: true });
    const tickTwo = table.getByRole("checkbox", { name: s.selectRow.replace("{id}", two), exact: true });
    await tickOne.focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await hasFocus(tickTwo)).toBe(true);
    await page.keyboard.press("Space");
    expect([await tickOne.isChecked(), await tickTwo.isChecked()]).toEqual([true, true]);
    await visible(page.getByText(countText(s, "selected", 2), { exact: true }));
    const remove = page.getByRole("button", { name: s.delete, exact: true });
    await remove.focus();
    await page.keyboard.press("Enter");
    const dialog = await visible(page.getByRole("dialog"));
    await visible(dialog.getByText(s.deleteConfirm, { exact: true }));
    await expectNoAxeViolations(page, "NegativeList delete confirmation");
    // The focus opens on Cancel; Tab reaches Execute.
    await expect.poll(() => hasFocus(dialog.getByRole("button", { name: l.cancel, exact: true }))).toBe(true);
    await page.keyboard.press("Tab");
    expect(await hasFocus(dialog.getByRole("button", { name: l.execute, exact: true }))).toBe(true);
    await page.keyboard.press("Enter");
    await gone(page.getByRole("dialog"));
    await visible(textOnPage(page, messageNo(lang, "003")));
    await totalIs(58);
    const left = await shownIds();
    expect(left).toHaveLength(50);
    expect(left).not.toContain(one);
    expect(left).not.toContain(two);
    // The focus is back on Delete, where the keyboard user left it.
    await expect.poll(() => hasFocus(remove)).toBe(true);

    // Every search result (both pages) selected and deleted: the search finds nothing any more.
    await page.getByRole("button", { name: s.selectAll, exact: true }).click();
    await visible(page.getByText(countText(s, "allSelected", 58), { exact: true }));
    await remove.click();
    await confirmExecute();
    await visible(textOnPage(page, messageNo(lang, "676")));
    await screenReady(page);
    await from.fill("");
    await to.fill("");
    await search.click();
    await visible(textOnPage(page, messageNo(lang, "676")));
    await screenReady(page);

    // The negative history: its registration date range narrows the demo's two uploads to one.
    const { body } = await consoleCall<{ jobs: UploadJob[] }>(ui.app, ui, "/api/v3/screen/upload/history", {
      fileTypes: ["CsvNegativeEvent", "CsvNegativeItem"],
      from: null,
      to: null,
      page: 1,
    });
    const eventJob = body.telegram.jobs.find((job) => job.fileType === "CsvNegativeEvent");
    if (!eventJob) throw new Error(`no CSV negative event job in ${JSON.stringify(body)}`);
    const day = japanDate(eventJob.uploadedAt);
    const sameDay = body.telegram.jobs.filter((job) => japanDate(job.uploadedAt) === day);
    const c = CSV[lang];
    await page.getByRole("button", { name: s.history, exact: true }).click();
    await onPath(page, "/NegativeHistory");
    await screenReady(page);
    const jobs = await visible(page.getByRole("table", { name: c.negativeHistory.caption, exact: true }));
    await expect.poll(() => jobs.locator("tbody tr").count()).toBe(body.telegram.jobs.length);
    await page.getByLabel(c.negativeHistory.from, { exact: true }).fill(day);
    await page.getByLabel(c.negativeHistory.to, { exact: true }).fill(day);
    await page.getByRole("button", { name: c.history.search, exact: true }).click();
    await visible(page.getByText(countText(c.history, "total", sameDay.length), { exact: true }));
    await screenReady(page);
    expect(await jobs.locator("tbody tr").count()).toBe(sameDay.length);
    await visible(jobs.getByText(c.fileTypes.CsvNegativeEvent, { exact: true }));
    await expectNoAxeViolations(page, "NegativeHistory filtered");
  });
});
