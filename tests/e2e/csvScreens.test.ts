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

/** The body row of a table whose cells include `text`. */
const rowWith = (table: Locator, text: string) => table.getByRole("row").filter({ hasText: text });

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

    // The job followed on the screen to its end, with the encoding it read and its counts.
    const status = page.getByRole("status").filter({ hasText: fileName });
    await visible(status.getByText(s.states.done, { exact: true }), 30_000).catch(async (error) => {
      throw new Error(
        `job not done: ${await page.locator("main").textContent()} (${(error as Error).message})`,
      );
    });
    await visible(status.getByText(s.job.encoding.replace("{encoding}", s.encodings[ENCODING[lang]])));
    await visible(
      status.getByText(
        s.job.counts.replace("{total}", "1").replace("{applied}", "1").replace("{refused}", "0"),
      ),
    );

    // The history shows the job with its encoding; its result file is the row and its outcome.
    await page.getByRole("link", { name: s.panel.toHistory, exact: true }).first().click();
    await onPath(page, "/CsvAuthoriHistory");
    await screenReady(page);
    const table = await visible(page.getByRole("table", { name: s.history.caption, exact: true }));
    const row = rowWith(table, fileName).first();
    await visible(row);
    await visible(row.getByText(s.encodings[ENCODING[lang]], { exact: true }));
    await visible(row.getByText(s.states.done, { exact: true }));
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("cell").last().getByRole("button", { name: s.history.download, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(fileName.replace(".csv", "_result.csv"));
    const bytes = await readFile(await download.path());
    const result = lang === "ja" ? iconv.decode(bytes, "cp932") : bytes.toString("utf8");
    const records = parse(result.replace(/^\uFEFF/, ""), { relax_column_count: true }) as string[][];
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
    const updated = page.getByRole("status").filter({ hasText: "shopEventId.csv" });
    await visible(updated.getByText(s.states.done, { exact: true }), 30_000);

    // CSV negative: the same event registered for purchaser and shipping; its row in the negative history.
    await page.goto(app.at("/CsvNegative"));
    await visible(heading(page, s.negative.heading));
    await screenReady(page);
    await page.getByRole("radio", { name: s.negative.uploadTypes["00"], exact: true }).check();
    await page.getByLabel(s.panel.values["00"], { exact: true }).fill(shopEventId);
    await expectNoAxeViolations(page, "CSV negative");
    await page.getByRole("button", { name: s.panel.upload, exact: true }).click();
    await confirmUpload(page, lang);
    const registered = page.getByRole("status").filter({ hasText: "shopEventId.csv" });
    await visible(registered.getByText(s.states.done, { exact: true }), 30_000);
    await page.getByRole("link", { name: s.negative.toHistory, exact: true }).first().click();
    await onPath(page, "/NegativeHistory");
    await screenReady(page);
    const negatives = await visible(
      page.getByRole("table", { name: s.negativeHistory.caption, exact: true }),
    );
    const negativeRow = rowWith(negatives, "shopEventId.csv").first();
    await visible(negativeRow.getByText(s.fileTypes.CsvNegativeEvent, { exact: true }));
    await visible(negativeRow.getByText(s.states.done, { exact: true }));
    await expectNoAxeViolations(page, "Negative history");
  });
});
