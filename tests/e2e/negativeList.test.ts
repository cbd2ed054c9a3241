import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import negativeEn from "../../src/app/i18n/locales/en/negative.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import negativeJa from "../../src/app/i18n/locales/ja/negative.json";
import type { TransactionInput } from "../../src/contract/screening.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS } from "../support/browser.ts";
import {
  ACCOUNTS,
  consoleSession,
  gone,
  heading,
  LABELS,
  loginAs,
  messageNo,
  onPath,
  screenReady,
  textOnPage,
  visible,
} from "./consoleHarness.ts";
import { screenTransaction, shopOf } from "./eventDetailCalls.ts";

const SCREEN = { en: negativeEn, ja: negativeJa } as const;
const MENU = { en: menuEn, ja: menuJa } as const;

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

/** A plain order of a customer no demo event has, with the given phone number. */
function orderWith(tel: string): TransactionInput {
  return {
    shopEventId: `E2E-NEG-${hex(6)}`,
    method: "card",
    amount: 3_300,
    totalAmount: 3_300,
    purchaser: {
      shopMemberId: `M-${hex(6)}`,
      lastNameHash: hex(32).toUpperCase(),
      firstNameHash: hex(32).toUpperCase(),
      zipcode: "1500001",
      fullAddress: `東京都渋谷区神宮前${hex(4)}`,
      tel,
      mailAccountHash: hex(32).toUpperCase(),
      mailDomain: `${hex(4)}.example.jp`,
      existingCustomerFlg: "0",
    },
    items: [{ shopItemId: "PEN-1", itemName: "ボールペン", price: 3_300, quantity: 1, category: "文具" }],
    device: { ipaddress: `10.${[...randomBytes(3)].join(".")}`, cookie: `ck-${hex(6)}`, deviceType: "pc" },
    card: { cardBrand: "VISA", bincode: "411111", cchash: hex(32).toUpperCase(), paymentCount: 1 },
  };
}

const negativeTelFired = (outcome: { firedRules: { ruleCode: string }[] }) =>
  outcome.firedRules.some((rule) => rule.ruleCode === "NEG_TEL");

describe.each(TEST_LANGS)("negative list [%s]", (lang) => {
  const s = SCREEN[lang];
  const l = LABELS[lang];
  const ui = consoleSession(lang);

  async function confirmExecute(): Promise<void> {
    const dialog = await visible(ui.page.getByRole("dialog"));
    await dialog.getByRole("button", { name: l.execute, exact: true }).click();
    await gone(ui.page.getByRole("dialog"));
  }

  it("registers a phone number, which the next screening finds NG; found, opened and deleted, it passes", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const tel = `090${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`;
    expect(negativeTelFired(await screenTransaction(ui.app, shop, orderWith(tel)))).toBe(false);

    // The list, from the menu; then registration without screening.
    // "Negative Registration" is a leaf of the main menu.
    await ui.page
      .getByRole("navigation", { name: l.mainMenu, exact: true })
      .getByRole("link", { name: MENU[lang].negative, exact: true })
      .click();
    await onPath(ui.page, "/NegativeList");
    await visible(heading(ui.page, s.listHeading));
    await screenReady(ui.page);
    await expectNoAxeViolations(ui.page, "NegativeList");
    await ui.page.getByRole("button", { name: s.addLink, exact: true }).click();
    await onPath(ui.page, "/NegativeAdd");
    await visible(heading(ui.page, s.addHeading));
    await screenReady(ui.page);
    await expectNoAxeViolations(ui.page, "NegativeAdd");

    await ui.page.getByLabel(s.item, { exact: true }).selectOption({ label: s.items.tel });
    await ui.page.getByLabel(s.addValues, { exact: true }).fill(tel);
    await ui.page.getByRole("button", { name: s.register, exact: true }).click();
    await confirmExecute();
    await visible(textOnPage(ui.page, messageNo(lang, "001")));
    await screenReady(ui.page);

    const hit = await screenTransaction(ui.app, shop, orderWith(tel));
    expect(hit.aaresult).toBe("NG");
    expect(negativeTelFired(hit)).toBe(true);

    // Found on the list by its phone number, and opened.
    await ui.page.getByRole("button", { name: s.toList, exact: true }).click();
    await onPath(ui.page, "/NegativeList");
    await ui.page.getByLabel(s.item, { exact: true }).selectOption({ label: s.items.tel });
    await ui.page.getByLabel(s.values, { exact: true }).fill(tel);
    await ui.page.getByRole("button", { name: s.search, exact: true }).click();
    const table = await visible(ui.page.getByRole("table", { name: s.tableCaption, exact: true }));
    await visible(table.getByRole("cell", { name: tel, exact: true }));
    expect(await table.locator("tbody tr").count()).toBe(1);
    await screenReady(ui.page);
    await expectNoAxeViolations(ui.page, "NegativeList results");
    await table.getByRole("button", { name: new RegExp(`^${s.details}`) }).click();

    await onPath(ui.page, "/NegativeDetail");
    await visible(heading(ui.page, s.detailHeading));
    const fields = await visible(ui.page.getByRole("table", { name: s.detailCaption, exact: true }));
    await visible(fields.getByRole("cell", { name: tel, exact: true }));
    await visible(ui.page.getByText(s.addTypes["30"], { exact: true }));
    await screenReady(ui.page);
    await expectNoAxeViolations(ui.page, "NegativeDetail");
    await ui.page.getByRole("button", { name: s.delete, exact: true }).click();
    await confirmExecute();

    // Back on the list with its search, which no longer finds the entry.
    await onPath(ui.page, "/NegativeList");
    await visible(textOnPage(ui.page, messageNo(lang, "676")));
    expect(await ui.page.getByLabel(s.values, { exact: true }).inputValue()).toBe(tel);
    expect(negativeTelFired(await screenTransaction(ui.app, shop, orderWith(tel)))).toBe(false);
  });

  it("outputs every entry of a search as CSV through the job and downloads it, Excel-safe", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const tels = [0, 1].map(
      () => `080${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`,
    );
    await ui.page
      .getByRole("navigation", { name: l.mainMenu, exact: true })
      .getByRole("link", { name: MENU[lang].negative, exact: true })
      .click();
    await onPath(ui.page, "/NegativeList");
    await ui.page.getByRole("button", { name: s.addLink, exact: true }).click();
    await onPath(ui.page, "/NegativeAdd");
    await ui.page.getByLabel(s.item, { exact: true }).selectOption({ label: s.items.tel });
    await ui.page.getByLabel(s.addValues, { exact: true }).fill(tels.join("\n"));
    await ui.page.getByLabel(s.addNote, { exact: true }).fill("=1+1 要注意");
    await ui.page.getByRole("button", { name: s.register, exact: true }).click();
    await confirmExecute();
    await visible(textOnPage(ui.page, messageNo(lang, "001")));

    await ui.page.getByRole("button", { name: s.toList, exact: true }).click();
    await onPath(ui.page, "/NegativeList");
    await ui.page.getByLabel(s.item, { exact: true }).selectOption({ label: s.items.tel });
    await ui.page.getByLabel(s.values, { exact: true }).fill(tels.join(" "));
    await ui.page.getByRole("button", { name: s.search, exact: true }).click();
    const table = await visible(ui.page.getByRole("table", { name: s.tableCaption, exact: true }));
    await expect.poll(() => table.locator("tbody tr").count()).toBe(2);

    // English asks for UTF-8 (with its BOM), Japanese for Shift_JIS: both encodings are read back.
    const encoding = lang === "en" ? "utf8" : "cp932";
    await ui.page
      .getByLabel(s.csvEncoding, { exact: true })
      .selectOption({ label: encoding === "utf8" ? s.encodingUtf8 : s.encodingCp932 });
    await ui.page.getByRole("button", { name: s.csvOutput, exact: true }).click();
    const [download] = await Promise.all([
      ui.page.waitForEvent("download", { timeout: 60_000 }),
      confirmExecute(),
    ]);
    await visible(textOnPage(ui.page, messageNo(lang, "005")));
    expect(download.suggestedFilename()).toMatch(/^negativeList_\d{14}\.csv$/);
    const bytes = await readFile(await download.path());
    const utf8Bom = bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(utf8Bom).toBe(encoding === "utf8");
    const text = encoding === "utf8" ? bytes.subarray(3).toString("utf8") : iconv.decode(bytes, "cp932");
    const [header, ...rows] = parse(text) as string[][];
    const column = (name: string) => (header ?? []).indexOf(name);
    expect(rows.map((row) => row[column("tel")]).sort()).toEqual([...tels].sort());
    // The note a spreadsheet would run as a formula is written as text; Japanese survives the encoding.
    for (const row of rows) expect(row[column("note")]).toBe("'=1+1 要注意");
    await screenReady(ui.page);
    await expectNoAxeViolations(ui.page, "NegativeList after the CSV output");
  });
});
