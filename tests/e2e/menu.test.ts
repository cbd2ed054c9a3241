import { describe, expect, it } from "vitest";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import { MENU, type MenuItem } from "../../src/contract/menu.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS } from "../support/browser.ts";
import { ACCOUNTS, type Account, consoleSession, LABELS, loginAs, visible } from "./consoleHarness.ts";

const leaves = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((item) => (item.children ? leaves(item.children) : [item]));
const adminGroup = MENU.find((item) => item.menuId === "admin");
const adminPaths = leaves(adminGroup?.children ?? []).map((leaf) => leaf.path);
const MENU_LABELS = { en: menuEn, ja: menuJa } as const;

describe.each(TEST_LANGS)("main menu by role [%s]", (lang) => {
  const l = LABELS[lang];
  const ui = consoleSession(lang);

  /** Paths of every menu link, including those inside closed groups. */
  async function menuPaths(account: Account): Promise<string[]> {
    await loginAs(ui.page, ui.app, lang, account);
    const nav = await visible(ui.page.getByRole("navigation", { name: l.mainMenu, exact: true }));
    const hrefs = await nav
      .locator("a[href]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    return hrefs.map((href) => new URL(href, "http://x").pathname.replace(/^\/v3/, ""));
  }

  it("never shows the Administration group to the viewer", async () => {
    expect(adminPaths.length).toBeGreaterThan(0);
    const paths = await menuPaths(ACCOUNTS.viewer);
    expect(paths.length, "the viewer's menu is empty").toBeGreaterThan(0);
    const nav = ui.page.getByRole("navigation", { name: l.mainMenu, exact: true });
    // Groups are buttons named by their label; the viewer's menu has Screening conditions (screens it
    // may read) and no Administration, nor any of its entries, not even in a closed panel.
    await visible(nav.getByRole("button", { name: l.groupConditions, exact: true }));
    expect(await nav.getByRole("button", { name: l.groupAdmin, exact: true }).count()).toBe(0);
    expect(await nav.getByText(l.groupAdmin).count()).toBe(0);
    expect(paths.filter((path) => adminPaths.includes(path))).toEqual([]);
    await expectNoAxeViolations(ui.page, "viewer's first screen");
  });

  for (const account of [ACCOUNTS.reviewer, ACCOUNTS.viewer]) {
    it(`offers ${account.email} "Rule list" in Screening conditions, and never Administration`, async () => {
      const paths = await menuPaths(account);
      expect(paths).toContain("/releasedRuleList");
      expect(paths.filter((path) => adminPaths.includes(path))).toEqual([]);
      const nav = ui.page.getByRole("navigation", { name: l.mainMenu, exact: true });
      expect(await nav.getByRole("button", { name: l.groupAdmin, exact: true }).count()).toBe(0);
      await nav.getByRole("button", { name: l.groupConditions, exact: true }).click();
      const ruleList = await visible(
        nav.getByRole("link", { name: MENU_LABELS[lang].releasedRuleList, exact: true }),
      );
      expect(new URL((await ruleList.getAttribute("href")) ?? "", "http://x").pathname).toBe(
        "/v3/releasedRuleList",
      );
      await expectNoAxeViolations(ui.page, `menu of ${account.email} with Screening conditions open`);
    });
  }

  it("offers the administrator every entry the viewer has", async () => {
    const viewerPaths = await menuPaths(ACCOUNTS.viewer);
    await ui.reopen();
    const adminMenu = await menuPaths(ACCOUNTS.admin);
    expect(viewerPaths.filter((path) => !adminMenu.includes(path))).toEqual([]);
  });
});
