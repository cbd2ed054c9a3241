import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import reportEn from "../../src/app/i18n/locales/en/eventReport.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import reportJa from "../../src/app/i18n/locales/ja/eventReport.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import {
  REPORT_CSV_COLUMNS,
  REPORT_CSV_HEADERS,
  REPORT_TOTAL_LABEL,
  type ReportFigures,
  type ReportResult,
  RULE_HIT_CSV_COLUMNS,
  RULE_HIT_CSV_HEADERS,
  type RuleHitResult,
} from "../../src/contract/report.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS, type TestLang } from "../support/browser.ts";
import {
  ACCOUNTS,
  consoleSession,
  heading,
  LABELS,
  loginAs,
  messageNo,
  onPath,
  screenReady,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

const SCREEN = { en: reportEn, ja: reportJa } as const;
const MENU_LABELS = { en: menuEn, ja: menuJa } as const;
const BOM = [0xef, 0xbb, 0xbf];
const STANDARD_MODEL = "標準モデル (MODEL01)";
const REPORT_CALL = "/api/v3/screen/eventReportNegative";
const RULE_HIT_CALL = "/api/v3/screen/eventReportNegative/ruleHits";

const numbers = { en: new Intl.NumberFormat("en-US"), ja: new Intl.NumberFormat("ja-JP") } as const;
const rate = (value: number | null) =>
  value === null ? "-" : `${(Math.round(value * 1000) / 10).toFixed(1)}%`;

/** The count of each column the table shows, in its order, as the screen formats it. */
const shownCounts = (figures: ReportFigures, lang: TestLang): string[] =>
  [
    figures.screened,
    figures.auto.ok,
    figures.auto.ng,
    figures.auto.hold,
    figures.auto.review,
    figures.manual.ok,
    figures.manual.ng,
    figures.manual.hold,
    figures.manual.none,
    figures.negative.ok,
    figures.negative.review,
    figures.negative.ng,
  ].map((tally) => numbers[lang].format(tally.count));

/** Each body row as [row header, first line of every cell (the count)]. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [
        (row.querySelector("th")?.textContent ?? "").trim(),
        ...[...row.querySelectorAll("td")].map((cell) =>
          (cell.querySelector("span")?.textContent ?? "").trim(),
        ),
      ]),
    );
}

/** Presses the button and answers the call's telegram (the figures the table must show). */
async function answerOf<T>(page: Page, path: string, press: () => Promise<void>): Promise<T> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === "POST"),
    press(),
  ]);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { telegram: T }).telegram;
}

async function downloadCsv(page: Page, button: Locator): Promise<{ name: string; records: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual(BOM);
  const text = bytes.subarray(3).toString("utf8");
  expect(text.endsWith("\r\n")).toBe(true);
  return { name: download.suggestedFilename(), records: parse(text) };
}

describe.each(TEST_LANGS)("screening result report [%s]", (lang) => {
  const s = SCREEN[lang];
  const ui = consoleSession(lang);

  it("shows the monthly and the daily report of a model with its chart, saves both CSVs and the rule hits", async () => {
    const { page } = ui;
    await loginAs(page, ui.app, lang, ACCOUNTS.viewer);
    const nav = await visible(page.getByRole("navigation", { name: LABELS[lang].mainMenu, exact: true }));
    await nav.getByRole("link", { name: MENU_LABELS[lang].report, exact: true }).click();
    await onPath(page, "/EventReportNegative");
    await visible(heading(page, s.heading));
    await screenReady(page);

    // Monthly (the default unit), the standard model, the default period (the last 12 months).
    const unit = page.getByRole("combobox", { name: s.unit, exact: true });
    expect(await unit.inputValue()).toBe("month");
    await page.getByRole("combobox", { name: s.model, exact: true }).selectOption({ label: STANDARD_MODEL });
    const show = page.getByRole("button", { name: s.show, exact: true });
    const monthly = await answerOf<ReportResult>(page, REPORT_CALL, () => show.click());
    await screenReady(page);
    expect(monthly.models.map((model) => model.modelId)).toEqual(["MODEL01"]);
    const model = monthly.models[0];
    if (!model) throw new Error("no model in the report");
    expect(model.rows).toHaveLength(12);
    // The demo has screened events in the latest months.
    expect(model.totals.screened.count).toBeGreaterThan(100);
    // ... and chargebacks registered negative afterwards (src/server/seed/demoChargebacks.ts).
    expect(model.totals.negative.ok.count).toBeGreaterThan(0);
    expect(model.totals.captureRate).toBeLessThan(1);
    expect(await page.getByRole("textbox", { name: s.from, exact: true }).inputValue()).toBe(monthly.from);

    // The chart: an SVG image named by its title.
    const chartName = s.chart.title.replace("{model}", model.modelName);
    const chart = await visible(page.getByRole("img", { name: chartName, exact: true }));
    expect(await chart.evaluate((element) => element.tagName.toLowerCase())).toBe("svg");
    expect(await chart.locator("rect").count()).toBeGreaterThan(12);

    // The table: every period and the totals, each count as the call answered it.
    const caption = s.tableCaption
      .replace("{model}", STANDARD_MODEL)
      .replace("{from}", monthly.from.replaceAll("-", "/"))
      .replace("{to}", monthly.to.replaceAll("-", "/"));
    const table = await visible(page.getByRole("table", { name: caption, exact: true }));
    const expected = [
      ...model.rows.map((row) => [
        row.period.replaceAll("-", "/"),
        ...shownCounts(row.figures, lang),
        rate(row.figures.captureRate),
      ]),
      [REPORT_TOTAL_LABEL[lang], ...shownCounts(model.totals, lang), rate(model.totals.captureRate)],
    ];
    expect(await tableRows(table)).toEqual(expected);
    await expectNoAxeViolations(page, "screening result report (monthly)");

    // CSV output of the report as shown: the header of the contract, a line per period and the totals.
    const csv = await downloadCsv(page, page.getByRole("button", { name: s.csvOutput, exact: true }));
    await visible(textOnPage(page, messageNo(lang, "005")));
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.records[0]).toEqual(REPORT_CSV_COLUMNS.map((column) => REPORT_CSV_HEADERS[lang][column]));
    expect(csv.records.slice(1).map((record) => record.slice(1, 3))).toEqual([
      ...model.rows.map((row) => [row.period, String(row.figures.screened.count)]),
      [REPORT_TOTAL_LABEL[lang], String(model.totals.screened.count)],
    ]);

    // Daily: the period goes back to its default, the last 31 days.
    await unit.selectOption("day");
    expect(await page.getByRole("textbox", { name: s.from, exact: true }).inputValue()).toBe("");
    const daily = await answerOf<ReportResult>(page, REPORT_CALL, () => show.click());
    await screenReady(page);
    const days = daily.models[0];
    if (!days) throw new Error("no model in the daily report");
    expect(days.rows).toHaveLength(31);
    await visible(page.getByRole("img", { name: chartName, exact: true }));
    const dailyCaption = s.tableCaption
      .replace("{model}", STANDARD_MODEL)
      .replace("{from}", daily.from.replaceAll("-", "/"))
      .replace("{to}", daily.to.replaceAll("-", "/"));
    const dailyRows = await tableRows(
      await visible(page.getByRole("table", { name: dailyCaption, exact: true })),
    );
    expect(dailyRows).toHaveLength(32);
    expect(dailyRows.at(-1)).toEqual([
      REPORT_TOTAL_LABEL[lang],
      ...shownCounts(days.totals, lang),
      rate(days.totals.captureRate),
    ]);
    expect(dailyRows[0]?.slice(0, 2)).toEqual([
      days.rows[0]?.period.replaceAll("-", "/"),
      numbers[lang].format(days.rows[0]?.figures.screened.count ?? -1),
    ]);
    await expectNoAxeViolations(page, "screening result report (daily)");

    // The rule hit statistics tab: the model's rules for the shown period, sorted by hits.
    const hits = await answerOf<RuleHitResult>(page, RULE_HIT_CALL, () =>
      page.getByRole("tab", { name: s.tabs.ruleHits, exact: true }).click(),
    );
    await screenReady(page);
    expect(hits.modelId).toBe("MODEL01");
    expect(hits.normal.length).toBeGreaterThan(0);
    const hitCaption = s.ruleHits.caption
      .replace("{release}", lang === "en" ? "Normal" : "通常")
      .replace("{releaseId}", hits.releaseId ?? "");
    const hitTable = await visible(page.getByRole("table", { name: hitCaption, exact: true }));
    const hitRows = await hitTable
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => [
          (row.querySelector("th")?.textContent ?? "").trim(),
          ...[...row.querySelectorAll("td")].slice(2).map((cell) => (cell.textContent ?? "").trim()),
        ]),
      );
    expect(hitRows).toEqual(
      hits.normal.map((row) => [
        row.ruleCode,
        ...[row.hits, row.reasonHits, row.manualNg, row.manualOk, row.negatived].map((n) =>
          numbers[lang].format(n),
        ),
      ]),
    );
    await expectNoAxeViolations(page, "screening result report (rule hits)");
    const hitCsv = await downloadCsv(page, page.getByRole("button", { name: s.csvOutput, exact: true }));
    expect(hitCsv.records[0]).toEqual(
      RULE_HIT_CSV_COLUMNS.map((column) => RULE_HIT_CSV_HEADERS[lang][column]),
    );
    expect(hitCsv.records.length - 1).toBe(hits.normal.length + hits.simulation.length);
    expect(hitCsv.records[1]?.slice(1, 2)).toEqual([hits.normal[0]?.ruleCode]);
  });
});
