import type { Locator, Page } from "playwright-core";
import auditLogEn from "../../src/app/i18n/locales/en/auditLog.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import auditLogJa from "../../src/app/i18n/locales/ja/auditLog.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import type { AuditAction } from "../../src/contract/auditLog.ts";
import type { TestLang } from "../support/browser.ts";
import { openMenuEntry, screenReady, visible } from "./consoleHarness.ts";

export const AUDIT_TEXTS = { en: auditLogEn, ja: auditLogJa } as const;
const MENU = { en: menuEn, ja: menuJa } as const;

/** One row of the /AuditLog table as shown: its six cells' text. */
export interface ShownAuditRow {
  at: string;
  actor: string;
  sourceIp: string;
  action: string;
  target: string;
  summary: string;
}

/**
 * Opens /AuditLog through the menu (the page is signed in as someone who may), filters by operator
 * (their e-mail address, as the choice shows it) and/or action, searches, and reads the rows shown.
 */
export async function shownAuditRows(
  page: Page,
  lang: TestLang,
  filter: { operator?: string; action?: AuditAction },
): Promise<ShownAuditRow[]> {
  const s = AUDIT_TEXTS[lang];
  if (new URL(page.url()).pathname !== "/v3/AuditLog")
    await openMenuEntry(page, lang, {
      group: MENU[lang].admin,
      link: MENU[lang].auditLog,
      path: "/AuditLog",
      heading: s.heading,
    });
  await screenReady(page);
  const table = await visible(page.getByRole("table", { name: s.tableCaption, exact: true }));
  await page
    .getByRole("combobox", { name: s.filter.operator, exact: true })
    .selectOption(filter.operator ? { label: filter.operator } : { value: "" });
  await page
    .getByRole("combobox", { name: s.filter.action, exact: true })
    .selectOption(filter.action ? { label: s.actions[filter.action] } : { value: "" });
  await page.getByRole("button", { name: s.filter.search, exact: true }).click();
  // The rows shown before the search may still be there for a moment: read until every row is one
  // the filter asks for (each filter is given so that some row matches).
  const wanted = (row: ShownAuditRow) =>
    (!filter.operator || row.actor === filter.operator) &&
    (!filter.action || row.action === s.actions[filter.action]);
  for (const deadline = Date.now() + 15_000; ; ) {
    await screenReady(page);
    const rows = await readRows(table);
    if ((rows.length > 0 && rows.every(wanted)) || Date.now() > deadline) return rows;
    await page.waitForTimeout(200);
  }
}

async function readRows(table: Locator): Promise<ShownAuditRow[]> {
  const cells = await table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim())),
    );
  return cells.map(([at = "", actor = "", sourceIp = "", action = "", target = "", summary = ""]) => ({
    at,
    actor,
    sourceIp,
    action,
    target,
    summary,
  }));
}
