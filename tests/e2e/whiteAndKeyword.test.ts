import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import keywordEn from "../../src/app/i18n/locales/en/keyword.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import shellEn from "../../src/app/i18n/locales/en/shell.json";
import whiteEn from "../../src/app/i18n/locales/en/white.json";
import keywordJa from "../../src/app/i18n/locales/ja/keyword.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import shellJa from "../../src/app/i18n/locales/ja/shell.json";
import whiteJa from "../../src/app/i18n/locales/ja/white.json";
import type { TransactionInput } from "../../src/contract/screening.ts";
import { DEMO_KEYWORDS } from "../../src/server/seed/demoLists.ts";
import { DEMO_KEYWORD_CATEGORY } from "../../src/server/seed/demoRules.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS } from "../support/browser.ts";
import {
  ACCOUNTS,
  consoleSession,
  DEMO_PASSWORD,
  fillLogin,
  gone,
  heading,
  LABELS,
  loginAs,
  MESSAGES,
  messageNo,
  onPath,
  openMenuEntry,
  screenReady,
  submitLogin,
  textOnPage,
  visible,
} from "./consoleHarness.ts";
import { screenTransaction, shopOf } from "./eventDetailCalls.ts";

const WHITE = { en: whiteEn, ja: whiteJa } as const;
const KEYWORD = { en: keywordEn, ja: keywordJa } as const;
const MENU = { en: menuEn, ja: menuJa } as const;
const SHELL = { en: shellEn, ja: shellJa } as const;
const ITEM_CATEGORY = DEMO_KEYWORD_CATEGORY.itemName;
const ITEM_CATEGORY_NAME = DEMO_KEYWORDS.find((c) => c.categoryId === ITEM_CATEGORY)?.name ?? "";

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** A plain order of a fresh customer, its item named `itemName`, from `ip`. */
const order = (itemName: string, ip: string): TransactionInput => ({
  shopEventId: `e2e-lists-${hex(6)}`,
  method: "card",
  amount: 3_300,
  totalAmount: 3_300,
  purchaser: {
    shopMemberId: `M-${hex(6)}`,
    zipcode: "1500001",
    fullAddress: `東京都渋谷区神宮前${hex(3)}`,
    tel: `090${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`,
    mailAccountHash: hex(32).toUpperCase(),
    mailDomain: `shop${hex(3)}.example.jp`,
    existingCustomerFlg: "0",
  },
  items: [{ shopItemId: "E2E-1", itemName, price: 3_300, quantity: 1, category: "雑貨" }],
  device: { ipaddress: ip, cookie: `ck-${hex(6)}`, primaryDid: `did-${hex(6)}`, deviceType: "pc" },
  card: { cardBrand: "VISA", bincode: "411111", cchash: hex(32).toUpperCase(), paymentCount: 1 },
});

/** Answers the open confirmation dialog with its button of that name. */
async function answer(page: Page, button: string): Promise<void> {
  const dialog = await visible(page.getByRole("alertdialog").or(page.getByRole("dialog")));
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await gone(dialog);
}

describe.each(TEST_LANGS)("white list and keywords [%s]", (lang) => {
  const w = WHITE[lang];
  const k = KEYWORD[lang];
  const m = MENU[lang];
  const shell = SHELL[lang];
  const ui = consoleSession(lang);

  it("a white IP makes the next order OK; a keyword fires its rule; search, delete, sign-in return", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const page = ui.page;
    const keyword = `E2E${lang}${hex(4)}`;
    const ip = `10.${[...randomBytes(3)].join(".")}`;
    const item = `特選 ${keyword} セット`;

    // Before: the keyword is not on the item-name list, so its rule does not fire.
    const before = await screenTransaction(ui.app, shop, order(item, ip));
    expect(before.firedRules.map((rule) => rule.ruleCode)).not.toContain("KW_ITEM_CASHABLE");

    // Keyword categories -> the item-name category -> add a keyword.
    await openMenuEntry(page, lang, {
      group: m.conditions,
      link: m.keyword,
      path: "/keywordCategoryList",
      heading: k.categoryHeading,
    });
    await screenReady(page);
    await visible(page.getByRole("table", { name: k.categoryCaption, exact: true }));
    await expectNoAxeViolations(page, "Keyword categories");
    await page.getByRole("link", { name: ITEM_CATEGORY_NAME, exact: true }).click();
    await onPath(page, `/keywordList/${ITEM_CATEGORY}`);
    await screenReady(page);
    await visible(heading(page, k.listHeading.replace("{name}", ITEM_CATEGORY_NAME)));
    await expectNoAxeViolations(page, "Keyword list");
    await page.getByRole("link", { name: k.add, exact: true }).click();
    await onPath(page, `/keywordList/${ITEM_CATEGORY}/new`);
    await screenReady(page);
    const keywords = page.getByLabel(k.keywords, { exact: true });
    // Only wildcards: the spec's message, in place, before anything is asked.
    await keywords.fill("%%\n");
    await page.getByRole("button", { name: k.register, exact: true }).click();
    await visible(textOnPage(page, MESSAGES[lang].validation.keywordWildcardsOnly));
    await expectNoAxeViolations(page, "Keyword add");
    await keywords.fill(`${keyword}\n`);
    await page.getByRole("button", { name: k.register, exact: true }).click();
    await answer(page, shell.execute);
    await onPath(page, `/keywordList/${ITEM_CATEGORY}`);
    await visible(textOnPage(page, messageNo(lang, "001")));
    await screenReady(page);
    await visible(page.getByRole("cell", { name: keyword, exact: true }));

    const fired = await screenTransaction(ui.app, shop, order(item, ip));
    expect(fired.firedRules.map((rule) => rule.ruleCode)).toContain("KW_ITEM_CASHABLE");
    expect(fired.aaresult).toBe("HOLD");

    // White registration: the IP, Yes; the same order is OK now (a white entry decides OK).
    await page
      .getByRole("navigation", { name: LABELS[lang].mainMenu, exact: true })
      .getByRole("link", { name: m.white, exact: true })
      .click();
    await onPath(page, "/white");
    await visible(heading(page, w.listHeading));
    await screenReady(page);
    await expectNoAxeViolations(page, "White list");
    await page.getByRole("link", { name: w.add, exact: true }).click();
    await onPath(page, "/white/new");
    await screenReady(page);
    await page.getByRole("button", { name: w.register, exact: true }).click();
    await visible(textOnPage(page, MESSAGES[lang].validation.whiteTypeRequired));
    await expectNoAxeViolations(page, "White add");
    await page.getByLabel(w.type, { exact: true }).selectOption({ label: w.types.ip });
    await page.getByLabel(w.values, { exact: true }).fill(`\n${ip}\n`);
    await page.getByLabel(w.noteField, { exact: true }).fill("E2E");
    await page.getByRole("button", { name: w.register, exact: true }).click();
    await answer(page, shell.yes);
    await onPath(page, "/white");
    await visible(textOnPage(page, messageNo(lang, "001")));
    await screenReady(page);
    const ok = await screenTransaction(ui.app, shop, order(item, ip));
    expect(ok.aaresult).toBe("OK");

    // Search the white list by the value's prefix, delete the entry (Yes): 003, then 676.
    await page.getByLabel(w.value, { exact: true }).fill(ip);
    await page.getByRole("button", { name: w.search, exact: true }).click();
    await screenReady(page);
    const whiteTable = await visible(page.getByRole("table", { name: w.tableCaption, exact: true }));
    expect(await whiteTable.locator("tbody tr").count()).toBe(1);
    await page.getByRole("checkbox", { name: w.selectRow.replace("{value}", ip), exact: true }).click();
    await page.getByRole("button", { name: w.delete, exact: true }).click();
    await answer(page, shell.yes);
    await visible(textOnPage(page, messageNo(lang, "003")));
    await visible(textOnPage(page, messageNo(lang, "676")));
    await screenReady(page);
    await expectNoAxeViolations(page, "White list after delete");
    expect((await screenTransaction(ui.app, shop, order(item, ip))).aaresult).toBe("HOLD");

    // A signed-out visit to a keyword list goes to login and comes back after it.
    await ui.reopen();
    await ui.page.goto(ui.app.at(`/keywordList/${ITEM_CATEGORY}`));
    await onPath(ui.page, "/login");
    await fillLogin(ui.page, lang, ACCOUNTS.admin, DEMO_PASSWORD);
    expect((await submitLogin(ui.page, lang)).status()).toBe(200);
    await onPath(ui.page, `/keywordList/${ITEM_CATEGORY}`);
    await screenReady(ui.page);

    // Search the keyword by its prefix and delete it after the confirmation: 676, the rule silent.
    await ui.page.getByLabel(k.prefix, { exact: true }).fill(keyword.slice(0, 6));
    await ui.page.getByRole("button", { name: k.search, exact: true }).click();
    await screenReady(ui.page);
    await ui.page
      .getByRole("checkbox", { name: k.selectRow.replace("{keyword}", keyword), exact: true })
      .click();
    await ui.page.getByRole("button", { name: k.delete, exact: true }).click();
    await answer(ui.page, shell.execute);
    await visible(textOnPage(ui.page, messageNo(lang, "003")));
    await visible(textOnPage(ui.page, messageNo(lang, "676")));
    const after = await screenTransaction(ui.app, shop, order(item, ip));
    expect(after.firedRules.map((rule) => rule.ruleCode)).not.toContain("KW_ITEM_CASHABLE");
  });
});
