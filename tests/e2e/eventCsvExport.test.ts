import iconv from "iconv-lite";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import exportEn from "../../src/app/i18n/locales/en/eventExport.json";
import listEn from "../../src/app/i18n/locales/en/eventList.json";
import shellEn from "../../src/app/i18n/locales/en/shell.json";
import exportJa from "../../src/app/i18n/locales/ja/eventExport.json";
import listJa from "../../src/app/i18n/locales/ja/eventList.json";
import shellJa from "../../src/app/i18n/locales/ja/shell.json";
import { EVENT_FIELD_LABELS, EVENT_SECTION_LABELS } from "../../src/contract/eventFields.ts";
import { interpolate } from "../../src/contract/messages.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS, type TestLang } from "../support/browser.ts";
import {
  ACCOUNTS,
  consoleSession,
  gone,
  LABELS,
  loginAs,
  messageNo,
  screenReady,
  visible,
} from "./consoleHarness.ts";
import { countText } from "./countText.ts";
import { reviewEventIds, screenTransaction, shopOf } from "./eventDetailCalls.ts";

const EXPORT = { en: exportEn, ja: exportJa } as const;
const LIST = { en: listEn, ja: listJa } as const;
const SHELL = { en: shellEn, ja: shellJa } as const;

/** The screen's texts fill their placeholders as the contract's messages do. */
const fill = interpolate;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Quick-searches the list for these event IDs and waits for its answer. */
async function searchEvents(page: Page, lang: TestLang, eventIds: string[]) {
  const s = LIST[lang];
  const box = page.getByRole("textbox", { name: s.quickSearch, exact: true });
  await box.fill(eventIds.join(" "));
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith("/api/v3/screen/event/list")),
    box.press("Enter"),
  ]);
  await screenReady(page);
}

describe.each(TEST_LANGS)("event CSV output [%s]", (lang) => {
  const ui = consoleSession(lang);
  const s = EXPORT[lang];

  /** Signs in as admin, searches one demo event, ticks it and opens the CSV output dialog. */
  async function openOutputForOneEvent() {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const [eventId] = await reviewEventIds(ui.app, ui, []);
    if (!eventId) throw new Error("the demo data has no event");
    await searchEvents(ui.page, lang, [eventId]);
    const list = LIST[lang];
    await ui.page.getByRole("checkbox", { name: fill(list.selectRow, { eventId }), exact: true }).check();
    await ui.page.getByRole("button", { name: list.csvOutput, exact: true }).click();
    const dialog = await visible(ui.page.getByRole("dialog", { name: s.title, exact: true }));
    return { eventId, dialog };
  }

  /** Closes the dialog and checks that the list still has the event ticked. */
  async function closeKeepsTick(dialog: Locator, eventId: string) {
    await dialog.getByRole("button", { name: s.close, exact: true }).click();
    await gone(dialog);
    const row = ui.page.getByRole("checkbox", { name: fill(LIST[lang].selectRow, { eventId }), exact: true });
    expect(await row.isChecked()).toBe(true);
  }

  it("outputs the selected events with the chosen groups and delimiter, waits for the link, downloads a safe file", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    // Two events whose values a spreadsheet would run as formulas, screened as a shop sends them.
    const shop = await shopOf(ui.app, ui);
    const stamp = `${lang}-${Date.now()}`;
    const formula = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-csv-${stamp}-1`,
      amount: 1200,
      tenantName: '=HYPERLINK("http://evil.example")',
      memo: "@SUM(A1:A9)",
      purchaser: { fullAddress: "+81 東京都渋谷区神南1-2-3", zipcode: "1500041", tel: "03-1234-5678" },
    });
    const plain = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-csv-${stamp}-2`,
      amount: 3400,
      purchaser: { fullAddress: "大阪府大阪市北区梅田1-1", zipcode: "5300001", tel: "06-1234-5678" },
    });
    const eventIds = [formula.eventId, plain.eventId];
    await searchEvents(ui.page, lang, eventIds);
    const list = LIST[lang];
    for (const eventId of eventIds)
      await ui.page.getByRole("checkbox", { name: fill(list.selectRow, { eventId }), exact: true }).check();
    await ui.page.getByRole("button", { name: list.csvOutput, exact: true }).click();

    const dialog = await visible(ui.page.getByRole("dialog", { name: s.title, exact: true }));
    await visible(dialog.getByText(countText(s, "selected", 2), { exact: true }));
    // Every group is offered, visibly labelled, and chosen by default.
    const sections = EVENT_SECTION_LABELS[lang];
    const groups = dialog.getByRole("group", { name: s.groups, exact: true });
    for (const group of [
      "basic",
      "purchaser",
      "shipping",
      "order",
      "device",
      "card",
      "other",
      "firedRule",
      "relatedEvent",
    ] as const)
      expect(await groups.getByRole("checkbox", { name: sections[group], exact: true }).isChecked()).toBe(
        true,
      );
    await expectNoAxeViolations(ui.page, "CSV output dialog");

    // No group at all is refused before asking (902).
    await dialog.getByRole("button", { name: s.clearGroups, exact: true }).click();
    await dialog.getByRole("button", { name: s.output, exact: true }).click();
    await visible(dialog.getByText(messageNo(lang, "902"), { exact: true }));

    // Basic, purchaser and other; tab-separated; Shift_JIS in Japanese, UTF-8 in English.
    for (const group of ["basic", "purchaser", "other"] as const)
      await groups.getByRole("checkbox", { name: sections[group], exact: true }).check();
    await dialog.getByRole("radio", { name: s.tab, exact: true }).check();
    if (lang === "ja") await dialog.getByRole("radio", { name: s.cp932, exact: true }).check();
    await dialog.getByRole("button", { name: s.output, exact: true }).click();
    // The confirmation dialog, answered by keyboard.
    const execute = ui.page.getByRole("button", { name: LABELS[lang].execute, exact: true });
    await visible(execute);
    await execute.focus();
    await ui.page.keyboard.press("Enter");

    await visible(ui.page.getByText(messageNo(lang, "008")).first());
    // The focus comes back to Output (enabled while the file is made), then goes to the link.
    const linkName = new RegExp(
      `^${escapeRegExp(fill(s.download, { fileName: "@@" })).replace("@@", "eventList_\\d{14}\\.txt")}$`,
    );
    const hasFocus = async (target: Locator) =>
      (await target.count()) === 1 &&
      (await target.evaluate((element) => element === document.activeElement));
    const output = dialog.getByRole("button", { name: s.output, exact: true });
    expect((await hasFocus(output)) || (await hasFocus(dialog.getByRole("link", { name: linkName })))).toBe(
      true,
    );
    const link = await visible(dialog.getByRole("link", { name: linkName }), 60_000);
    await visible(ui.page.getByText(s.ready, { exact: true }).first());
    await expect.poll(() => hasFocus(link)).toBe(true);
    await expectNoAxeViolations(ui.page, "CSV output dialog with the download link");
    const href = (await link.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/api\/v3\/download\/[A-Za-z0-9_-]{43}$/);

    // Downloaded with the browser's own session (its cookies), as clicking the link does.
    const response = await ui.page.request.get(`${ui.app.url}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toMatch(
      /^attachment; filename="eventList_\d{14}\.txt"/,
    );
    const bytes = await response.body();
    const text = lang === "ja" ? iconv.decode(bytes, "cp932") : bytes.toString("utf8");
    expect(response.headers()["content-type"]).toBe(
      lang === "ja"
        ? "text/tab-separated-values; charset=Shift_JIS"
        : "text/tab-separated-values; charset=utf-8",
    );
    expect(text.startsWith("\uFEFF")).toBe(lang === "en");
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines.at(-1)).toBe("");
    const [header = "", ...rows] = lines.slice(0, -1);
    const columns = header.split("\t");
    const field = EVENT_FIELD_LABELS[lang];
    const purchaserAddress = lang === "ja" ? "購入者住所" : "Purchaser address";
    expect(columns[0]).toBe(field.eventId);
    expect(columns).toContain(purchaserAddress);
    expect(columns).toContain(field.memo);
    expect(columns).not.toContain(field.ipaddress);
    expect(columns).not.toContain(field.itemName);
    expect(rows).toHaveLength(2);
    const cells = new Map(
      rows.map((row) => {
        const values = row.split("\t");
        return [values[0], values] as const;
      }),
    );
    const risky = cells.get(formula.eventId) ?? [];
    // Defused with an apostrophe, then quoted because of its quotes (doubled).
    expect(risky[columns.indexOf(field.tenantName)]).toBe('"\'=HYPERLINK(""http://evil.example"")"');
    expect(risky[columns.indexOf(field.memo)]).toBe("'@SUM(A1:A9)");
    expect(risky[columns.indexOf(purchaserAddress)]).toBe("'+81 東京都渋谷区神南1-2-3");
    expect(cells.get(plain.eventId)?.[columns.indexOf(purchaserAddress)]).toBe("大阪府大阪市北区梅田1-1");

    // Another browser that never signed in gets nothing from the same link.
    await ui.reopen();
    const stranger = await ui.page.request.get(`${ui.app.url}${href}`);
    expect(stranger.status()).toBe(401);
  }, 180_000);

  it("stays on the list when the background check of the file fails (network), saying 697 in the dialog", async () => {
    const { eventId, dialog } = await openOutputForOneEvent();
    // The request is accepted; every check of the job's state after it fails as a dropped network does.
    await ui.page.route("**/api/v3/screen/event/csv/status", (route) => route.abort("internetdisconnected"));
    await dialog.getByRole("button", { name: s.output, exact: true }).click();
    await (await visible(ui.page.getByRole("button", { name: LABELS[lang].execute, exact: true }))).click();
    await visible(ui.page.getByText(messageNo(lang, "008")).first());

    await visible(dialog.getByRole("alert").getByText(messageNo(lang, "697"), { exact: true }));
    // Still the list with its search and the dialog (the file is still made, and mailed).
    expect(new URL(ui.page.url()).pathname).toBe("/v3/EventList");
    expect(new URL(ui.page.url()).searchParams.get("q")).toBe(eventId);
    await closeKeepsTick(dialog, eventId);
    expect(new URL(ui.page.url()).pathname).toBe("/v3/EventList");
  });

  it("stays on the list when Output's own request fails (network), saying 697 in the dialog, and outputs once it is back", async () => {
    const { eventId, dialog } = await openOutputForOneEvent();
    const REQUEST = "**/api/v3/screen/event/csv";
    await ui.page.route(REQUEST, (route) => route.abort("internetdisconnected"));
    const output = dialog.getByRole("button", { name: s.output, exact: true });
    await output.click();
    await (await visible(ui.page.getByRole("button", { name: LABELS[lang].execute, exact: true }))).click();

    await visible(dialog.getByRole("alert").getByText(messageNo(lang, "697"), { exact: true }));
    const notices = ui.page.getByRole("region", { name: LABELS[lang].notifications, exact: true });
    await visible(notices.getByText(messageNo(lang, "697"), { exact: true }));
    // Still the list with its search, the dialog open.
    expect(new URL(ui.page.url()).pathname).toBe("/v3/EventList");
    expect(new URL(ui.page.url()).searchParams.get("q")).toBe(eventId);

    // The network back, Output again from the same dialog makes the file: its link shows, the 697 gone.
    await ui.page.unroute(REQUEST);
    await output.click();
    await (await visible(ui.page.getByRole("button", { name: LABELS[lang].execute, exact: true }))).click();
    await visible(dialog.getByRole("link"), 60_000);
    expect(await dialog.getByRole("alert").count()).toBe(0);
    await expectNoAxeViolations(ui.page, "CSV output dialog after a failed request");
    // Closed, the list still has its event ticked.
    await closeKeepsTick(dialog, eventId);
  });

  it("withdraws the output question when the browser's Back leaves the search it was about", async () => {
    const { eventId, dialog } = await openOutputForOneEvent();
    await dialog.getByRole("button", { name: s.output, exact: true }).click();
    const confirmation = ui.page.getByRole("dialog", { name: SHELL[lang].confirmTitle, exact: true });
    await visible(confirmation.getByText(s.confirm, { exact: true }));
    // Back to the list as it was before the search: the output dialog closes with the selection's
    // search, and its question goes with it rather than staying with an Execute that outputs nothing.
    await ui.page.goBack();
    await expect.poll(() => new URL(ui.page.url()).searchParams.toString()).not.toContain(eventId);
    await gone(dialog);
    await gone(confirmation);
  });
});
