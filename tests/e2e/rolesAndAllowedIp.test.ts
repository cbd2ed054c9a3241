import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import ipEn from "../../src/app/i18n/locales/en/allowedIp.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import operatorsEn from "../../src/app/i18n/locales/en/operators.json";
import rolesEn from "../../src/app/i18n/locales/en/roles.json";
import shellEn from "../../src/app/i18n/locales/en/shell.json";
import ipJa from "../../src/app/i18n/locales/ja/allowedIp.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import operatorsJa from "../../src/app/i18n/locales/ja/operators.json";
import rolesJa from "../../src/app/i18n/locales/ja/roles.json";
import shellJa from "../../src/app/i18n/locales/ja/shell.json";
import type { AuditAction } from "../../src/contract/auditLog.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS, type TestLang } from "../support/browser.ts";
import { AUDIT_TEXTS, shownAuditRows } from "./auditLogSteps.ts";
import {
  ACCOUNTS,
  consoleSession,
  gone,
  heading,
  LABELS,
  LANDING_PATH,
  loginAs,
  MESSAGES,
  messageNo,
  onPath,
  openMenuEntry,
  pathOf,
  screenReady,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

const ROLES = { en: rolesEn, ja: rolesJa } as const;
const IP = { en: ipEn, ja: ipJa } as const;
const MENU = { en: menuEn, ja: menuJa } as const;
const SHELL = { en: shellEn, ja: shellJa } as const;
const OPERATORS = { en: operatorsEn, ja: operatorsJa } as const;

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const mainMenu = (page: Page, lang: TestLang) =>
  page.getByRole("navigation", { name: LABELS[lang].mainMenu, exact: true });

/** A console call made by the page's own script, with its cookie and its stored anti-forgery token. */
function pageCall(page: Page, lang: TestLang, path: string, method: string, telegram: object) {
  return page.evaluate(
    async ({ lang, path, method, telegram }) => {
      const stored = JSON.parse(localStorage.getItem("fraudConsole") ?? "{}") as { loginToken?: string };
      const response = await fetch(`/api/v3/screen/${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          header: { lang, tz: "Asia/Tokyo", currency: "JPY", version: "3.0" },
          info: { token: stored.loginToken, shopId: "DEMO" },
          telegram,
        }),
      });
      return (await response.json()) as {
        errors: { code: string; message: string }[];
        telegram: Record<string, unknown> | null;
      };
    },
    { lang, path, method, telegram },
  );
}

/** Answers the confirmation dialog with Yes. */
async function confirmYes(page: Page, lang: TestLang) {
  const dialog = await visible(page.getByRole("dialog"));
  await dialog.getByRole("button", { name: SHELL[lang].yes, exact: true }).click();
  await gone(page.getByRole("dialog"));
}

describe.each(TEST_LANGS)("Roles and allowed IP addresses [%s]", (lang) => {
  const ui = consoleSession(lang);
  const r = ROLES[lang];
  const ip = IP[lang];
  const m = MENU[lang];
  const o = OPERATORS[lang];
  const a = AUDIT_TEXTS[lang];
  const roleName = lang === "en" ? "Rule reader" : "ルール閲覧者";

  it("a custom role without event screens, created and edited, changes its operator's menu and buttons; a viewer has no administration", async () => {
    // The viewer before: the event list is theirs, the administration group is not.
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.viewer);
    expect(pathOf(ui.page)).toBe(LANDING_PATH);
    const viewerMenu = mainMenu(ui.page, lang);
    await visible(viewerMenu.getByRole("link", { name: m.event, exact: true }));
    expect(await viewerMenu.getByRole("button", { name: m.admin, exact: true }).count()).toBe(0);

    await ui.reopen();
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    await openMenuEntry(ui.page, lang, {
      group: m.admin,
      link: m.operatorRoleList,
      path: "/OperatorRoleList",
      heading: r.heading,
    });
    await screenReady(ui.page);
    const roles = ui.page.getByRole("table", { name: r.rolesCaption, exact: true });
    await visible(roles.getByRole("rowheader", { name: "administrator", exact: true }));
    const functions = ui.page.getByRole("table", { name: r.permissionsCaption, exact: true });
    await visible(functions.getByRole("rowheader", { name: r.screens.EventDialogOk, exact: true }));
    await expectNoAxeViolations(ui.page, "Role list");

    // Create a role that reads the rule list and nothing else (no event screen).
    await button(ui.page, r.create).click();
    await visible(heading(ui.page, r.newHeading));
    await ui.page.getByLabel(r.name, { exact: true }).fill(roleName);
    await ui.page.getByLabel(r.screens.ReleasedRuleList, { exact: true }).selectOption("10");
    await expectNoAxeViolations(ui.page, "Role list: new role");
    await button(ui.page, r.save).click();
    await confirmYes(ui.page, lang);
    await visible(textOnPage(ui.page, messageNo(lang, "001")));
    await gone(heading(ui.page, r.newHeading));
    const row = roles.getByRole("row").filter({ hasText: roleName });
    await visible(row);
    const roleId = ((await row.getByRole("rowheader").textContent()) ?? "").trim();
    expect(roleId).not.toBe("");

    // Edit it: the operator list writable and the detail readable, without register (OperatorAdd) or
    // edit (OperatorEdit), so its operators may delete operators but neither add nor change one.
    await button(ui.page, r.editRole.replace("{name}", roleName)).click();
    await visible(heading(ui.page, r.editHeading.replace("{roleId}", roleId)));
    await ui.page.getByLabel(r.screens.OperatorList, { exact: true }).selectOption("00");
    await ui.page.getByLabel(r.screens.OperatorDetail, { exact: true }).selectOption("10");
    await ui.page.getByLabel(r.screens.OperatorAdd, { exact: true }).selectOption("20");
    await ui.page.getByLabel(r.screens.OperatorEdit, { exact: true }).selectOption("20");
    await button(ui.page, r.save).click();
    await confirmYes(ui.page, lang);
    await visible(textOnPage(ui.page, messageNo(lang, "002")));
    await gone(heading(ui.page, r.editHeading.replace("{roleId}", roleId)));

    // Give it to the viewer (the operator edit screen has its journey in operators.test.ts; the
    // server call is the same).
    const list = await pageCall(ui.page, lang, "operatorList", "POST", {});
    const operators = (list.telegram?.operators ?? []) as {
      operatorId: number;
      version: number;
      name: string;
      email: string;
      notifyRule: boolean;
      notifyUpload: boolean;
    }[];
    const viewer = operators.find((operator) => operator.email === ACCOUNTS.viewer.email);
    if (!viewer) throw new Error(`no viewer in ${JSON.stringify(list)}`);
    const edited = await pageCall(ui.page, lang, "operatorEdit", "PUT", {
      operatorId: viewer.operatorId,
      version: viewer.version,
      name: viewer.name,
      email: viewer.email,
      roleId,
      notifyRule: viewer.notifyRule,
      notifyUpload: viewer.notifyUpload,
    });
    expect(edited.errors).toEqual([]);

    // The viewer after, in a browser of their own: no event list, the rule list is where the console
    // opens, and of the administration only the operator list, offering what the role may do there.
    const { context: theirs, page: them } = await ui.browser.newPage(lang);
    try {
      await loginAs(them, ui.app, lang, ACCOUNTS.viewer);
      await onPath(them, "/releasedRuleList");
      const menuAfter = mainMenu(them, lang);
      await visible(menuAfter.getByRole("button", { name: m.conditions, exact: true }));
      expect(await menuAfter.getByRole("link", { name: m.event, exact: true }).count()).toBe(0);
      await menuAfter.getByRole("button", { name: m.admin, exact: true }).click();
      await visible(menuAfter.getByRole("link", { name: m.operatorList, exact: true }));
      for (const other of [m.operatorRoleList, m.allowedIpAddress, m.auditLog])
        expect(await menuAfter.getByRole("link", { name: other, exact: true }).count()).toBe(0);
      await menuAfter.getByRole("link", { name: m.operatorList, exact: true }).click();
      await onPath(them, "/OperatorList");
      await visible(heading(them, o.listHeading));
      await screenReady(them);
      const theirList = them.getByRole("table", { name: o.tableCaption, exact: true });
      await visible(theirList.getByRole("link", { name: ACCOUNTS.admin.name, exact: true }));
      // Delete (OperatorList writable) with its selection, no Register (OperatorAdd not available).
      await visible(button(them, o.delete));
      await visible(them.getByRole("checkbox", { name: o.selectRow.replace("{name}", ACCOUNTS.admin.name) }));
      expect(await button(them, o.register).count()).toBe(0);
      // The detail (readable): Delete, but no Edit (OperatorEdit not available).
      await theirList.getByRole("link", { name: ACCOUNTS.admin.name, exact: true }).click();
      await onPath(them, "/OperatorDetail");
      await visible(heading(them, o.detailHeading));
      await screenReady(them);
      await visible(them.getByText(ACCOUNTS.admin.email, { exact: true }));
      await visible(button(them, o.delete));
      expect(await button(them, o.edit).count()).toBe(0);
    } finally {
      await theirs.close();
    }

    // The audit log: the role's creation and edit and the operator's role change, each with its
    // target and a summary of before and after.
    const rows = await shownAuditRows(ui.page, lang, { operator: ACCOUNTS.admin.email });
    const ofAction = (action: AuditAction) => rows.filter((row) => row.action === a.actions[action]);
    const [added] = ofAction("roleAdd");
    expect(added?.target).toBe(`role:${roleId}`);
    expect(added?.summary).toContain(`"name":"${roleName}"`);
    const [roleEdited] = ofAction("roleEdit");
    expect(roleEdited?.target).toBe(`role:${roleId}`);
    const [roleBefore, roleAfter] = (roleEdited?.summary ?? "").split(" → ");
    expect(roleBefore).toContain('"ReleasedRuleList":"10"');
    expect(roleBefore).not.toContain('"OperatorList"');
    expect(roleAfter).toContain('"OperatorList":"00"');
    expect(roleAfter).toContain('"OperatorDetail":"10"');
    const [changed] = ofAction("operatorEdit");
    expect(changed?.target).toBe(`operator:${viewer.operatorId}`);
    const [operatorBefore, operatorAfter] = (changed?.summary ?? "").split(" → ");
    expect(operatorBefore).toContain('"roleId":"viewer"');
    expect(operatorAfter).toContain(`"roleId":"${roleId}"`);
    for (const row of [added, roleEdited, changed]) expect(row?.sourceIp).toBe("127.0.0.1");
  }, 120_000);

  it("edits the console's allowed IP list, reverts, updates, and refuses to lock the operator out", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    await openMenuEntry(ui.page, lang, {
      group: m.admin,
      link: m.allowedIpAddress,
      path: "/AllowedIpAddress",
      heading: ip.heading,
    });
    await screenReady(ui.page);
    await visible(textOnPage(ui.page, ip.emptyAllowsAll));
    const consoleSection = ui.page.getByRole("region", { name: ip.kinds.console, exact: true });
    const consoleTable = consoleSection.getByRole("table");
    const address = consoleSection.getByLabel(ip.address, { exact: true });
    const subnet = consoleSection.getByLabel(ip.subnet, { exact: true });
    const add = consoleSection.getByRole("button", { name: ip.add, exact: true });
    const revert = consoleSection.getByRole("button", { name: `${ip.revert} (${ip.kinds.console})` });
    const update = consoleSection.getByRole("button", { name: `${ip.update} (${ip.kinds.console})` });
    await visible(consoleTable.getByText(ip.empty, { exact: true }));
    await expectNoAxeViolations(ui.page, "Allowed IP address");

    // The rules' messages, then a row added (subnet left empty is 32), then reverted.
    await address.fill("198.51.100");
    await subnet.fill("40");
    await add.click();
    await visible(consoleSection.getByText(MESSAGES[lang].validation.ipAddressV4, { exact: true }));
    await visible(consoleSection.getByText(MESSAGES[lang].validation.ipAddressV4Subnet, { exact: true }));
    await address.fill("198.51.100.7");
    await subnet.fill("");
    await add.click();
    await visible(consoleTable.getByRole("rowheader", { name: "198.51.100.7", exact: true }));
    await visible(consoleTable.getByRole("cell", { name: "32", exact: true }));
    await address.fill("198.51.100.7");
    await add.click();
    await visible(consoleSection.getByText(MESSAGES[lang].validation.uniqueIpAddress, { exact: true }));
    await revert.click();
    await visible(consoleTable.getByText(ip.empty, { exact: true }));

    // Edit again, keeping this browser's own address, and Update: the preview, Yes, saved.
    await address.fill("127.0.0.1");
    await add.click();
    await visible(consoleTable.getByRole("rowheader", { name: "127.0.0.1", exact: true }));
    await address.fill("198.51.100.0");
    await subnet.fill("24");
    await add.click();
    await visible(consoleTable.getByRole("rowheader", { name: "198.51.100.0", exact: true }));
    await update.click();
    await visible(ui.page.getByRole("dialog").getByText(ip.updateConfirm, { exact: true }));
    await confirmYes(ui.page, lang);
    await visible(textOnPage(ui.page, messageNo(lang, "002")));
    await gone(consoleSection.getByText(ip.unsaved, { exact: true }));
    const saved = await pageCall(ui.page, lang, "allowedIpList", "POST", {});
    expect(saved.telegram?.console).toEqual([
      { address: "127.0.0.1", subnet: 32 },
      { address: "198.51.100.0", subnet: 24 },
    ]);

    // Without this browser's address: the preview counts the sign-ins it would refuse, and the
    // server refuses the update with a message saying why.
    await consoleTable
      .getByRole("button", { name: ip.deleteRow.replace("{address}", "127.0.0.1").replace("{subnet}", "32") })
      .click();
    await update.click();
    // The dialog hides the page from assistive technology while it asks; the preview stays after.
    await visible(ui.page.getByRole("dialog").getByText(ip.updateConfirmRefuses, { exact: true }));
    await confirmYes(ui.page, lang);
    const preview = await visible(consoleSection.getByTestId("allowed-ip-console-preview"));
    expect(await preview.textContent()).toContain("127.0.0.1");
    const lockout = MESSAGES[lang].error.selfLockout.replace("{address}", "127.0.0.1");
    await visible(consoleSection.getByRole("alert").filter({ hasText: lockout }));
    const still = await pageCall(ui.page, lang, "allowedIpList", "POST", {});
    expect(still.telegram?.console).toEqual(saved.telegram?.console);
    await expectNoAxeViolations(ui.page, "Allowed IP address: refused");
    await revert.click();
    await visible(consoleTable.getByRole("rowheader", { name: "127.0.0.1", exact: true }));

    // The audit log: the Update is the newest row of its action, with the list before and after it.
    // The refused Update came later, changed nothing and left no row (docs/architecture.md, "Audit
    // log"); the older rows are the demo data's.
    const updates = await shownAuditRows(ui.page, lang, { action: "allowedIpUpdate" });
    expect(updates.map((row) => [row.actor, row.sourceIp, row.target, row.summary])[0]).toEqual([
      ACCOUNTS.admin.email,
      "127.0.0.1",
      "allowedIp:console",
      '[] → ["127.0.0.1/32","198.51.100.0/24"]',
    ]);
    expect(updates.filter((row) => row.summary.endsWith('→ ["198.51.100.0/24"]'))).toEqual([]);
  });
});
