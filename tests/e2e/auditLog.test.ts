import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import auditLogEn from "../../src/app/i18n/locales/en/auditLog.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import auditLogJa from "../../src/app/i18n/locales/ja/auditLog.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import { AUDIT_CSV_COLUMNS } from "../../src/contract/auditLog.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS } from "../support/browser.ts";
import {
  ACCOUNTS,
  consoleSession,
  LABELS,
  loginAs,
  messageNo,
  openMenuEntry,
  screenReady,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

const SCREEN = { en: auditLogEn, ja: auditLogJa } as const;
const MENU_LABELS = { en: menuEn, ja: menuJa } as const;
/** English saves UTF-8 (with its BOM), Japanese Shift_JIS: each journey reads one of the two files. */
const ENCODING = { en: "utf8", ja: "cp932" } as const;

/** Every body row of the table as the cells' text. */
async function tableRows(table: Locator): Promise<string[][]> {
  return table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim())),
    );
}

describe.each(TEST_LANGS)("audit log [%s]", (lang) => {
  const s = SCREEN[lang];
  const m = MENU_LABELS[lang];
  const ui = consoleSession(lang);

  it("finds the administrator's own sign-in by the operator filter and reads it in the CSV", async () => {
    // The action: signing in (recorded with the session's start).
    const signedInAt = Date.now();
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    await openMenuEntry(ui.page, lang, {
      group: LABELS[lang].groupAdmin,
      link: m.auditLog,
      path: "/AuditLog",
      heading: s.heading,
    });
    await screenReady(ui.page);
    const table = await visible(ui.page.getByRole("table", { name: s.tableCaption, exact: true }));
    await expectNoAxeViolations(ui.page, "audit log");

    await ui.page
      .getByRole("combobox", { name: s.filter.operator, exact: true })
      .selectOption({ label: ACCOUNTS.admin.email });
    await ui.page
      .getByRole("combobox", { name: s.filter.action, exact: true })
      .selectOption({ label: s.actions.login });
    await ui.page.getByRole("button", { name: s.filter.search, exact: true }).click();
    await screenReady(ui.page);

    const rows = await tableRows(table);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) expect([row[1], row[3]]).toEqual([ACCOUNTS.admin.email, s.actions.login]);
    // Newest first: this sign-in, from the loopback address, at most a minute or two ago (Japan time).
    const [newest] = rows;
    expect(newest?.[2]).toBe("127.0.0.1");
    const shownAt = Date.parse(`${(newest?.[0] ?? "").replaceAll("/", "-").replace(" ", "T")}+09:00`);
    expect(Math.abs(shownAt - signedInAt)).toBeLessThan(120_000);
    await expectNoAxeViolations(ui.page, "audit log filtered by operator");

    await ui.page
      .getByRole("combobox", { name: s.csv.encoding, exact: true })
      .selectOption({ label: s.csv[ENCODING[lang]] });
    const [download] = await Promise.all([
      ui.page.waitForEvent("download"),
      ui.page.getByRole("button", { name: s.csv.output, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^auditLog_\d{14}\.csv$/);
    await visible(textOnPage(ui.page, messageNo(lang, "005")));
    const bytes = await readFile(await download.path());
    const utf8 = ENCODING[lang] === "utf8";
    // UTF-8 starts with its BOM; Shift_JIS has none.
    expect([...bytes.subarray(0, 3)].join() === [0xef, 0xbb, 0xbf].join()).toBe(utf8);
    const text = utf8 ? bytes.subarray(3).toString("utf8") : iconv.decode(bytes, "cp932");
    const records: string[][] = parse(text);
    expect(records[0]).toEqual(AUDIT_CSV_COLUMNS.map((column) => s.columns[column]));
    // The file holds the filtered rows the table shows, the summary aside (JSON in the file).
    expect(records.slice(1).map((record) => record.slice(0, 5))).toEqual(rows.map((row) => row.slice(0, 5)));
  });
});
