import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import rulesEn from "../../src/app/i18n/locales/en/rules.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import rulesJa from "../../src/app/i18n/locales/ja/rules.json";
import { ERROR } from "../../src/contract/errors.ts";
import { RELEASED_RULE_COLUMNS } from "../../src/contract/releasedRules.ts";
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
  openMenuEntry,
  screenReady,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

const SCREEN = { en: rulesEn, ja: rulesJa } as const;
const MENU_LABELS = { en: menuEn, ja: menuJa } as const;
const BOM = [0xef, 0xbb, 0xbf];
/** The demo's standard model as the chooser shows it (and the CSV's first column reads). */
const STANDARD_MODEL = "標準モデル (MODEL01)";

/** The demo release's first rule (src/server/seed/demoRules.ts): priority 1, unit 1, first rule. */
const FIRST_RULE = {
  en: ["ネガティブ一致", "1", "NG", "1", "OR", "negative hit: purchaser card hash"],
  ja: ["ネガティブ一致", "1", "NG", "1", "OR", "ネガティブ該当: 購入者 カードハッシュ"],
} as const;

/** Every body row of the rule table as the cells' text. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim())),
    );
}

describe.each(TEST_LANGS)("released rule list [%s]", (lang) => {
  const s = SCREEN[lang];
  const m = MENU_LABELS[lang];
  const ui = consoleSession(lang);

  /** Opens the screen through the "Screening conditions" group of the main menu. */
  async function openFromMenu(): Promise<void> {
    await openMenuEntry(ui.page, lang, {
      group: m.conditions,
      link: m.releasedRuleList,
      path: "/releasedRuleList",
      heading: s.heading,
    });
    await screenReady(ui.page);
  }

  it("shows the viewer the demo rules of the chosen model and saves them as CSV, by keyboard", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.viewer);
    await openFromMenu();
    await visible(ui.page.getByText(s.note, { exact: true }));

    const model = ui.page.getByRole("combobox", { name: s.model, exact: true });
    await visible(model);
    await model.selectOption({ label: STANDARD_MODEL });
    await screenReady(ui.page);

    const table = await visible(ui.page.getByRole("table", { name: s.tableCaption, exact: true }));
    const headers = await table.getByRole("columnheader").allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(RELEASED_RULE_COLUMNS.map((column) => s.columns[column]));
    const rows = await tableRows(table);
    expect(rows.length).toBeGreaterThanOrEqual(25);
    expect(rows[0]?.slice(0, 6)).toEqual([...FIRST_RULE[lang]]);
    expect(rows[0]?.[7]).toBe("NEG_CARD");
    // Sorted by priority (then unit and rule).
    const priorities = rows.map((row) => Number(row[1]));
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    await expectNoAxeViolations(ui.page, "released rule list (viewer)");

    // Keyboard only: from the model chooser, Tab reaches CSV output and Enter saves the file.
    await model.focus();
    await ui.page.keyboard.press("Tab");
    const csvButton = ui.page.getByRole("button", { name: s.csvOutput, exact: true });
    expect(await hasFocus(csvButton)).toBe(true);
    const [download] = await Promise.all([ui.page.waitForEvent("download"), ui.page.keyboard.press("Enter")]);
    // Named after the release it holds: its start as the screen shows it, to the minute.
    const since =
      (await ui.page
        .getByText(/\d{4}\/\d\d\/\d\d \d\d:\d\d/)
        .first()
        .textContent()) ?? "";
    const start = since.match(/\d{4}\/\d\d\/\d\d \d\d:\d\d/)?.[0].replace(/\D/g, "");
    expect(download.suggestedFilename()).toBe(`releasedRuleList_MODEL01_${start}.csv`);
    // Said when done (005), and the focus is still on the button, not dropped while the file was made.
    await visible(textOnPage(ui.page, messageNo(lang, "005")));
    expect(await hasFocus(csvButton)).toBe(true);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual(BOM);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/\n/);
    const [headerLine] = text.split("\r\n");
    expect(headerLine).toBe([s.model, ...RELEASED_RULE_COLUMNS.map((column) => s.columns[column])].join(","));

    // The file holds what the table shows, cell for cell, each row led by the chosen model.
    const records: string[][] = parse(text);
    expect(records.slice(1)).toEqual(rows.map((row) => [STANDARD_MODEL, ...row]));
    // Cells with a comma are quoted; none starts as a spreadsheet formula.
    const withComma = rows.flat().find((cell) => cell.includes(","));
    if (withComma !== undefined) expect(text).toContain(`"${withComma.replaceAll('"', '""')}"`);
    for (const cell of records.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    // In a window narrower than the table (a laptop zoomed in), its scroller joins the tab order
    // after CSV output, named by the caption, and the arrow keys scroll it.
    const size = ui.page.viewportSize();
    await ui.page.setViewportSize({ width: 800, height: 768 });
    try {
      const scroller = await visible(ui.page.getByRole("region", { name: s.tableCaption, exact: true }));
      await ui.page.keyboard.press("Tab");
      expect(await hasFocus(scroller)).toBe(true);
      await ui.page.keyboard.press("ArrowRight");
      await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
      await expectNoAxeViolations(ui.page, "released rule list (narrow window)");
    } finally {
      if (size) await ui.page.setViewportSize(size);
    }
  });

  it("offers the reviewer the same list (readable permission)", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    await openFromMenu();
    const table = await visible(ui.page.getByRole("table", { name: s.tableCaption, exact: true }));
    expect((await tableRows(table))[0]?.[7]).toBe("NEG_CARD");
    await visible(ui.page.getByRole("button", { name: s.csvOutput, exact: true }));
    expect(await ui.page.getByRole("button", { name: s.csvOutput, exact: true }).isEnabled()).toBe(true);
  });

  it("tells a tenant whose model has no release: No relevant data found (676)", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.check);
    await openFromMenu();
    await visible(textOnPage(ui.page, messageNo(lang, "676")));
    expect(await ui.page.getByRole("table").count()).toBe(0);
    expect(await ui.page.getByRole("button", { name: s.csvOutput, exact: true }).isDisabled()).toBe(true);
    await visible(ui.page.getByRole("combobox", { name: s.model, exact: true }));
    await expectNoAxeViolations(ui.page, "released rule list without a release (676)");
  });

  it("never shows a refusal other than 676 as no data: a withdrawn permission (962) goes to the system error page", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.viewer);
    // The role lost the screen after the menu was loaded: the list call is refused with 962.
    await ui.page.route("**/api/v3/screen/releasedRuleList", (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({
          result: "20",
          messages: [],
          errors: [{ code: ERROR.forbidden, message: messageNo(lang, "962") }],
          telegram: null,
        }),
      }),
    );
    await ui.page.goto(ui.app.at("/releasedRuleList"));
    await onPath(ui.page, "/SystemError");
    await visible(heading(ui.page, LABELS[lang].systemErrorHeading));
    await visible(textOnPage(ui.page, messageNo(lang, "962")));
    await gone(textOnPage(ui.page, messageNo(lang, "676")));
    expect(await textOnPage(ui.page, messageNo(lang, "676")).count()).toBe(0);
  });
});
