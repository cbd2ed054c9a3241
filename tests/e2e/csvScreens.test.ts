import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import csvEn from "../../src/app/i18n/locales/en/csvScreens.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import csvJa from "../../src/app/i18n/locales/ja/csvScreens.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import { uploadSamplePath } from "../../src/contract/uploadOptions.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS } from "../support/browser.ts";
import {
  ACCOUNTS,
  consoleSession,
  heading,
  LABELS,
  loginAs,
  MESSAGES,
  messageNo,
  onPath,
  screenReady,
  visible,
} from "./consoleHarness.ts";

const TEXTS = { en: csvEn, ja: csvJa } as const;
const MENU = { en: menuEn, ja: menuJa } as const;
/** What each language's journey uploads in: UTF-8 (en) and CP932, as Excel writes it (ja). */
const ENCODING = { en: "utf8", ja: "cp932" } as const;
/** Japanese text the CP932 file carries and the result file must give back exactly. */
const ADDRESS = { en: "1-1 Jingumae, Shibuya", ja: "東京都渋谷区神宮前①髙－ｶﾅ" } as const;
const RESULT_COLUMNS = { en: ["result", "message"], ja: ["処理結果", "メッセージ"] } as const;
const APPLIED = { en: "applied", ja: "登録" } as const;

/**
 * After an accepted upload: the notice 004, then the history screen at `path` with the new job at the
 * top of its table (`caption`); the job watched there to its end without a reload, its result file
 * downloaded and read back in the upload's `encoding`. Returns the top row and the result's records.
 */
async function watchOnHistory(
  page: Page,
  lang: "en" | "ja",
  {
    path,
    caption,
    fileName,
    encoding,
  }: { path: string; caption: string; fileName: string; encoding: "utf8" | "cp932" },
): Promise<{ row: Locator; records: string[][] }> {
  const s = TEXTS[lang];
  await visible(page.getByText(messageNo(lang, "004"), { exact: true }).first());
  await onPath(page, path);
  await screenReady(page);
  const table = await visible(page.getByRole("table", { name: caption, exact: true }));
  // Row 0 is the header: the new job is the first body row.
  const row = table.getByRole("row").nth(1);
  await visible(row.getByText(fileName, { exact: true }));
  await visible(row.getByText(s.states.done, { exact: true }), 30_000).catch(async (error) => {
    throw new Error(`job not done: ${await row.textContent()} (${(error as Error).message})`);
  });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("cell").last().getByRole("button", { name: s.history.download, exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName.replace(".csv", "_result.csv"));
  const bytes = await readFile(await download.path());
  // Result files are written in the upload's encoding (issue 39 part 1).
  const result = iconv.decode(bytes, encoding);
  const records = parse(result.replace(/^\uFEFF/, ""), { relax_column_count: true }) as string[][];
  return { row, records };
}

/** Confirms the upload in the app's confirmation dialog. */
async function confirmUpload(page: Page, lang: "en" | "ja"): Promise<void> {
  const dialog = await visible(page.getByRole("alertdialog").or(page.getByRole("dialog")));
  await dialog.getByRole("button", { name: LABELS[lang].execute, exact: true }).click();
}

describe.each(TEST_LANGS)("CSV screens [%s]", (lang) => {
  const s = TEXTS[lang];
  const ui = consoleSession(lang);

  it("screens a CSV file, updates and registers its event as negative, and downloads the results", async () => {
    const { page, app } = ui;
    const stamp = `${lang.toUpperCase()}-${Date.now()}`;
    const shopEventId = `E2E-CSV-${stamp}`;
    const fileName = `screening-${lang}.csv`;

    await loginAs(page, app, lang, ACCOUNTS.admin);
    // The menu's "CSV Detection/Update" opens the history, which links the three upload screens.
    const nav = await visible(page.getByRole("navigation", { name: LABELS[lang].mainMenu, exact: true }));
    await nav.getByRole("link", { name: MENU[lang].csv, exact: true }).click();
    await onPath(page, "/CsvAuthoriHistory");
    await screenReady(page);

    // CSV screening registration: the sample's columns, one row, in the journey's encoding.
    await page.getByRole("link", { name: s.authori.heading, exact: true }).click();
    await onPath(page, "/CsvAuthori");
    await visible(heading(page, s.authori.heading));
    await screenReady(page);
    const sample = await page.request.get(`${app.url}${uploadSamplePath("CsvAuthori")}`);
    expect(sample.status()).toBe(200);
    const [columns = []] = parse((await sample.text()).replace(/^\uFEFF/, ""), { to: 1 }) as string[][];
    expect(columns).toContain("shopEventId");
    const values: Record<string, string> = {
      shopEventId,
      amount: "4800",
      method: "card",
      "purchaser.fullAddress": ADDRESS[lang],
    };
    const cell = (value: string) => (/[",]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
    const text = `${columns.join(",")}\r\n${columns.map((column) => cell(values[column] ?? "")).join(",")}\r\n`;
    await page.getByRole("radio", { name: s.authori.priority["20"], exact: true }).check();
    // No file, then a file that is not .csv: the spec's messages at the field, nothing sent.
    const fileInput = page.getByLabel(s.panel.file, { exact: true });
    await page.getByRole("button", { name: s.panel.upload, exact: true }).click();
    await visible(page.getByText(MESSAGES[lang].validation.csvRequired, { exact: true }));
    await fileInput.setInputFiles({
      name: "screening.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("x\n"),
    });
    await page.getByRole("button", { name: s.panel.upload, exact: true }).click();
    await visible(page.getByText(MESSAGES[lang].validation.csvExtension, { exact: true }));
    await fileInput.setInputFiles({
      name: fileName,
      mimeType: "text/csv",
      buffer: lang === "ja" ? iconv.encode(text, "cp932") : Buffer.from(text, "utf8"),
    });
    await expectNoAxeViolations(page, "CSV screening registration");
    await page.getByRole("button", { name: s.panel.upload, exact: true }).click();
    await confirmUpload(page, lang);

    // 004, then the history with the job at the top, watched to its end: its encoding, counts, result.
    const { row, records } = await watchOnHistory(page, lang, {
      path: "/CsvAuthoriHistory",
      caption: s.history.caption,
      fileName,
      encoding: ENCODING[lang],
    });
    await visible(row.getByText(s.encodings[ENCODING[lang]], { exact: true }));
    await visible(row.getByText("1 (1 / 0)", { exact: true }));
    expect(records[0]).toEqual([...columns, ...RESULT_COLUMNS[lang]]);
    const addressAt = columns.indexOf("purchaser.fullAddress");
    expect(records[1]?.[addressAt]).toBe(ADDRESS[lang]);
    expect(records[1]?.at(-2)).toBe(APPLIED[lang]);
    await expectNoAxeViolations(page, "CSV screening/update history with the job");

    // CSV update: the event named by its merchant management ID, its settle status changed.
    await page.getByRole("link", { name: s.update.heading, exact: true }).click();
    await onPath(page, "/CsvUpdate");
    await screenReady(page);
    await page.getByRole("radio", { name: s.update.uploadTypes["00"], exact: true }).check();
    await page.getByLabel(s.update.settleStatus, { exact: true }).selectOption("20");
    await page.getByLabel(s.panel.values["00"], { exact: true }).fill(shopEventId);
    await expectNoAxeViolations(page, "CSV update");
    await page.getByRole("button", { name: s.panel.upload, exact: true }).click();
    await confirmUpload(page, lang);
    const updated = await watchOnHistory(page, lang, {
      path: "/CsvAuthoriHistory",
      caption: s.history.caption,
      fileName: "shopEventId.csv",
      // Values typed on the screen go up as a UTF-8 file of their own.
      encoding: "utf8",
    });
    await visible(updated.row.getByText(s.fileTypes.CsvUpdate, { exact: true }));
    expect(updated.records[0]).toEqual(["shopEventId", ...RESULT_COLUMNS[lang]]);
    expect(updated.records[1]?.slice(0, 2)).toEqual([shopEventId, APPLIED[lang]]);

    // CSV negative: the same event registered for purchaser and shipping; its row in the negative history.
    await page.goto(app.at("/CsvNegative"));
    await visible(heading(page, s.negative.heading));
    await screenReady(page);
    await page.getByRole("radio", { name: s.negative.uploadTypes["00"], exact: true }).check();
    await page.getByLabel(s.panel.values["00"], { exact: true }).fill(shopEventId);
    await expectNoAxeViolations(page, "CSV negative");
    await page.getByRole("button", { name: s.panel.upload, exact: true }).click();
    await confirmUpload(page, lang);
    const registered = await watchOnHistory(page, lang, {
      path: "/NegativeHistory",
      caption: s.negativeHistory.caption,
      fileName: "shopEventId.csv",
      // Values typed on the screen go up as a UTF-8 file of their own.
      encoding: "utf8",
    });
    await visible(registered.row.getByText(s.fileTypes.CsvNegativeEvent, { exact: true }));
    expect(registered.records[0]).toEqual(["shopEventId", ...RESULT_COLUMNS[lang]]);
    expect(registered.records[1]?.slice(0, 2)).toEqual([shopEventId, APPLIED[lang]]);
    await expectNoAxeViolations(page, "Negative history");
  });
});
