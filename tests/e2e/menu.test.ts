import { describe, expect, it } from "vitest";
import apiEn from "../../src/app/i18n/locales/en/apiConnection.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import apiJa from "../../src/app/i18n/locales/ja/apiConnection.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import { MENU, type MenuItem } from "../../src/contract/menu.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS } from "../support/browser.ts";
import {
  ACCOUNTS,
  type Account,
  consoleSession,
  LABELS,
  LANDING_PATH,
  loginAs,
  openMenuEntry,
  pathOf,
  visible,
} from "./consoleHarness.ts";

const leaves = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((item) => (item.children ? leaves(item.children) : [item]));
const adminGroup = MENU.find((item) => item.menuId === "admin");
const adminPaths = leaves(adminGroup?.children ?? []).map((leaf) => leaf.path);
const MENU_LABELS = { en: menuEn, ja: menuJa } as const;
const API_SCREEN = { en: apiEn, ja: apiJa } as const;
const FAQ_URL = "https://faq.example.com/console";

describe.each(TEST_LANGS)("main menu by role [%s]", (lang) => {
  const l = LABELS[lang];
  const ui = consoleSession(lang, { env: { FAQ_URL } });

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

  it("says in the FAQ link's name that it opens a new tab, in Japanese only, signed out and signed in", async () => {
    const banner = ui.page.getByRole("banner");
    await ui.page.goto(ui.app.at("/login"));
    await visible(banner.getByRole("img"));
    if (lang === "en") {
      // The spec shows the FAQ link only in Japanese.
      expect(await banner.getByRole("link").count()).toBe(0);
      expect(await ui.page.locator(`a[href="${FAQ_URL}"]`).count()).toBe(0);
      return;
    }
    for (const signedIn of [false, true]) {
      if (signedIn) await loginAs(ui.page, ui.app, lang, ACCOUNTS.viewer);
      // The visible label first, then what the link does: read out, and shown by an icon.
      const faq = await visible(banner.getByRole("link", { name: /^FAQ\s*（新しいタブで開きます）$/ }));
      expect(await faq.getAttribute("href")).toBe(FAQ_URL);
      expect(await faq.getAttribute("target")).toBe("_blank");
      expect((await faq.getAttribute("rel"))?.split(" ").sort()).toEqual(["noopener", "noreferrer"]);
      expect(await faq.locator("svg").isVisible()).toBe(true);
      await expectNoAxeViolations(ui.page, signedIn ? "top bar signed in, with FAQ" : "login, with FAQ");
    }
  });

  it("keeps the top bar and its menu from one screen to the next, changing only the screen", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    expect(pathOf(ui.page)).toBe(LANDING_PATH);
    // A mark on the DOM nodes themselves: a shell mounted again would come with new nodes.
    await ui.page.evaluate(() => {
      for (const node of document.querySelectorAll("header.top-bar, main.page"))
        (node as { shellMark?: number }).shellMark = 1;
    });
    await openMenuEntry(ui.page, lang, {
      group: l.groupConditions,
      link: MENU_LABELS[lang].apiConnectionInfo,
      path: "/apiConnectionInfo",
      heading: API_SCREEN[lang].heading,
    });
    const marked = await ui.page.evaluate(() =>
      [...document.querySelectorAll("header.top-bar, main.page")].map(
        (node) => (node as { shellMark?: number }).shellMark,
      ),
    );
    expect(marked).toEqual([1, 1]);
    await ui.page.goBack();
    await visible(ui.page.getByRole("main").getByRole("heading", { level: 1 }));
    expect(pathOf(ui.page)).toBe(LANDING_PATH);
    expect(
      await ui.page.evaluate(
        () => (document.querySelector("header.top-bar") as { shellMark?: number } | null)?.shellMark,
      ),
    ).toBe(1);
  });
});
