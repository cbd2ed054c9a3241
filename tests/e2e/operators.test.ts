import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import operatorsEn from "../../src/app/i18n/locales/en/operators.json";
import shellEn from "../../src/app/i18n/locales/en/shell.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import operatorsJa from "../../src/app/i18n/locales/ja/operators.json";
import shellJa from "../../src/app/i18n/locales/ja/shell.json";
import type { AuditAction } from "../../src/contract/auditLog.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS } from "../support/browser.ts";
import { AUDIT_TEXTS, type ShownAuditRow, shownAuditRows } from "./auditLogSteps.ts";
import {
  ACCOUNTS,
  consoleSession,
  heading,
  LABELS,
  loginAs,
  MESSAGES,
  messageNo,
  onPath,
  openMenuEntry,
  passwordField,
  screenReady,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

const SCREEN = { en: operatorsEn, ja: operatorsJa } as const;
const MENU = { en: menuEn, ja: menuJa } as const;
const SHELL = { en: shellEn, ja: shellJa } as const;
const NEW_PASSWORD = "Joined-2026!pass";
/** CHECK's operators in the demo data: its admin, the named team of four and 56 staff (demoOperators.ts). */
const CHECK_OPERATORS = 61;
/** Staff whose name has 佐藤: every 14th of the 56. */
const SATO_COUNT = 4;

const bodyRows = (table: Locator) => table.locator("tbody tr");

/**
 * Answers the open Yes/No confirmation with Yes, after checking its question (and, given `axeScreen`,
 * the dialog's axe report: it is one component, checked once per journey).
 */
async function answerYes(page: Page, lang: "en" | "ja", question: string, axeScreen?: string): Promise<void> {
  const dialog = await visible(page.getByRole("dialog"));
  await visible(dialog.getByText(question, { exact: true }));
  await visible(dialog.getByRole("button", { name: SHELL[lang].no, exact: true }));
  if (axeScreen) await expectNoAxeViolations(page, `${axeScreen} (confirmation)`);
  await dialog.getByRole("button", { name: SHELL[lang].yes, exact: true }).click();
}

describe.each(TEST_LANGS)("operators [%s]", (lang) => {
  const s = SCREEN[lang];
  const l = LABELS[lang];
  const a = AUDIT_TEXTS[lang];
  const ui = consoleSession(lang);

  it("adds an operator who sets a password from the mail and signs in, edits and deletes them, whose session then ends", async () => {
    const { page } = ui;
    const email = `joined-${lang}@check.example`;
    await loginAs(page, ui.app, lang, ACCOUNTS.check);
    await openMenuEntry(page, lang, {
      group: l.groupAdmin,
      link: MENU[lang].operatorList,
      path: "/OperatorList",
      heading: s.listHeading,
    });
    await screenReady(page);

    // The list: company ID and count, 200 a page, then 50 a page over two pages.
    const table = await visible(page.getByRole("table", { name: s.tableCaption, exact: true }));
    await visible(page.getByText("CHECK", { exact: true }));
    const countValue = (count: number) =>
      s.countValue.replace("{count, number}", count.toLocaleString(lang === "ja" ? "ja-JP" : "en-US"));
    await visible(page.getByText(countValue(CHECK_OPERATORS), { exact: true }));
    expect(await bodyRows(table).count()).toBe(CHECK_OPERATORS);
    const headers = (await table.getByRole("columnheader").allTextContents()).map((text) => text.trim());
    expect(headers.slice(1)).toEqual(
      (
        ["operatorId", "name", "email", "role", "notifyRule", "notifyUpload", "locked", "createdAt"] as const
      ).map((column) => s.fields[column]),
    );
    await visible(table.getByRole("cell", { name: s.locked, exact: true }));
    await expectNoAxeViolations(page, "Operator list");

    await page.getByRole("combobox", { name: s.pageSize, exact: true }).selectOption({ value: "50" });
    const pageOf = (n: number) => s.pageOf.replace("{page}", String(n)).replace("{pages}", "2");
    await visible(page.getByText(pageOf(1), { exact: true }));
    await screenReady(page);
    expect(await bodyRows(table).count()).toBe(50);
    await page.getByRole("button", { name: s.nextPage, exact: true }).click();
    await visible(page.getByText(pageOf(2), { exact: true }));
    await screenReady(page);
    expect(await bodyRows(table).count()).toBe(CHECK_OPERATORS - 50);

    // The name filter: the count and the rows are the matching operators', from page 1.
    const filters = page.getByRole("form", { name: s.searchConditions, exact: true });
    await filters.getByRole("textbox", { name: s.fields.name, exact: true }).fill("佐藤");
    await filters.getByRole("button", { name: s.search, exact: true }).click();
    await visible(page.getByText(countValue(SATO_COUNT), { exact: true }));
    await screenReady(page);
    expect(await bodyRows(table).count()).toBe(SATO_COUNT);

    // Register: the rules' messages first, then the Yes/No confirmation and 009.
    await page.getByRole("button", { name: s.register, exact: true }).click();
    await onPath(page, "/OperatorAdd");
    await visible(heading(page, s.addHeading));
    await screenReady(page);
    const name = page.getByRole("textbox", { name: s.fields.name, exact: true });
    const mail = page.getByRole("textbox", { name: s.fields.email, exact: true });
    await mail.fill("joined＠check.example");
    await page.getByRole("button", { name: s.save, exact: true }).click();
    await visible(textOnPage(page, MESSAGES[lang].validation.customEmail));
    await visible(textOnPage(page, MESSAGES[lang].validation.required));
    await expectNoAxeViolations(page, "Operator add with refused fields");
    await name.fill(`新人 ${lang}`);
    await mail.fill(email);
    await page.getByRole("combobox", { name: s.fields.role, exact: true }).selectOption({ label: "Viewer" });
    await page.getByRole("checkbox", { name: s.notifyRuleOption, exact: true }).check();
    await page.getByRole("button", { name: s.save, exact: true }).click();
    await answerYes(page, lang, s.addConfirm, "Operator add");
    await onPath(page, "/OperatorList");
    await visible(textOnPage(page, messageNo(lang, "009")));
    await screenReady(page);

    // The detail, then an edit of the name (Yes/No, 002).
    await filters.getByRole("textbox", { name: s.fields.email, exact: true }).fill(email);
    await filters.getByRole("button", { name: s.search, exact: true }).click();
    await visible(page.getByText(countValue(1), { exact: true }));
    await screenReady(page);
    await table.getByRole("link", { name: `新人 ${lang}`, exact: true }).click();
    await onPath(page, "/OperatorDetail");
    await visible(heading(page, s.detailHeading));
    await screenReady(page);
    await visible(page.getByText(email, { exact: true }));
    await visible(page.getByText(s.notify, { exact: true }));
    await expectNoAxeViolations(page, "Operator detail");
    await page.getByRole("button", { name: s.edit, exact: true }).click();
    await onPath(page, "/OperatorEdit");
    await visible(heading(page, s.editHeading));
    await screenReady(page);
    await expectNoAxeViolations(page, "Operator edit");
    expect(await mail.inputValue()).toBe(email);
    await name.fill(`新人 ${lang} 改`);
    await page.getByRole("button", { name: s.update, exact: true }).click();
    await answerYes(page, lang, s.editConfirm);
    await onPath(page, "/OperatorDetail");
    await visible(textOnPage(page, messageNo(lang, "002")));
    await visible(page.getByText(`新人 ${lang} 改`, { exact: true }));

    // The new operator's mail: a single-use link to set the password, no password in it.
    const welcome = await ui.app.smtp.waitFor((m) => m.to.includes(email), 15_000);
    const link = /https?:\/\/\S+\/v3\/PasswordChange\?token=[^\s"'<>]+/.exec(welcome.text)?.[0];
    expect(link, `no set-password link in the mail:\n${welcome.text}`).toBeDefined();
    const { context: theirs, page: them } = await ui.browser.newPage(lang);
    try {
      await them.goto(link as string);
      await visible(heading(them, l.changeHeading));
      await passwordField(them, l.newPassword).fill(NEW_PASSWORD);
      await passwordField(them, l.newPasswordConfirm).fill(NEW_PASSWORD);
      await them.getByRole("button", { name: l.changeButton, exact: true }).click();
      await onPath(them, "/login");
      const joined = { companyId: "CHECK", email, name: `新人 ${lang} 改` } as const;
      await loginAs(them, ui.app, lang, joined as unknown as typeof ACCOUNTS.check, NEW_PASSWORD);

      // Deleted from the list by selection, behind Yes/No (003).
      await page.getByRole("button", { name: s.back, exact: true }).click();
      await onPath(page, "/OperatorList");
      await screenReady(page);
      await filters.getByRole("textbox", { name: s.fields.email, exact: true }).fill(email);
      await filters.getByRole("button", { name: s.search, exact: true }).click();
      await visible(page.getByText(countValue(1), { exact: true }));
      await screenReady(page);
      await page
        .getByRole("checkbox", { name: s.selectRow.replace("{name}", joined.name), exact: true })
        .check();
      await visible(page.getByText(s.selectedCount.replace("{count, number}", "1"), { exact: true }));
      await page.getByRole("button", { name: s.delete, exact: true }).click();
      await answerYes(page, lang, s.deleteConfirm);
      await visible(textOnPage(page, messageNo(lang, "003")));
      await visible(page.getByText(s.noOperators, { exact: true }));
      await expectNoAxeViolations(page, "Operator list after the delete");

      // Their next call finds the session gone: back to login, told to log in again (913).
      await them.reload();
      await onPath(them, "/login");
      await visible(textOnPage(them, messageNo(lang, "913")));
    } finally {
      await theirs.close();
    }

    // The audit log, filtered by this administrator: the add, the edit and the delete of the one
    // operator, each with its target and a summary of the fields before and after.
    const rows = await shownAuditRows(page, lang, { operator: ACCOUNTS.check.email });
    const ofAction = (action: AuditAction) => rows.filter((row) => row.action === a.actions[action]);
    const [added, edited, deleted] = (["operatorAdd", "operatorEdit", "operatorDelete"] as const).map(
      (action) => {
        const found = ofAction(action);
        expect(found, action).toHaveLength(1);
        return found[0] as ShownAuditRow;
      },
    );
    expect(added?.target).toMatch(/^operator:\d+$/);
    for (const row of [edited, deleted]) expect(row?.target).toBe(added?.target);
    for (const row of [added, edited, deleted]) expect(row?.sourceIp).toBe("127.0.0.1");
    expect(added?.summary).toContain(`"email":"${email}"`);
    expect(added?.summary).toContain(`"name":"新人 ${lang}"`);
    expect(added?.summary).toContain('"notifyRule":true');
    const [before, after] = (edited?.summary ?? "").split(" → ");
    expect(before).toContain(`"name":"新人 ${lang}"`);
    expect(after).toContain(`"name":"新人 ${lang} 改"`);
    expect(deleted?.summary).toMatch(new RegExp(`"name":"新人 ${lang} 改".* →$`));
    // Newest first: the delete, the edit, the add.
    expect(rows.indexOf(deleted as ShownAuditRow)).toBeLessThan(rows.indexOf(edited as ShownAuditRow));
    expect(rows.indexOf(edited as ShownAuditRow)).toBeLessThan(rows.indexOf(added as ShownAuditRow));
    // One journey through five screens and two browsers: ~30 s alone, more beside other suites.
  }, 120_000);
});
