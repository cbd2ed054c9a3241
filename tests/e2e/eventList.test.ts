import type { Locator, Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import commonEn from "../../src/app/i18n/locales/en/common.json";
import detailEn from "../../src/app/i18n/locales/en/eventDetail.json";
import listEn from "../../src/app/i18n/locales/en/eventList.json";
import shellEn from "../../src/app/i18n/locales/en/shell.json";
import shortcutsEn from "../../src/app/i18n/locales/en/shortcuts.json";
import commonJa from "../../src/app/i18n/locales/ja/common.json";
import detailJa from "../../src/app/i18n/locales/ja/eventDetail.json";
import listJa from "../../src/app/i18n/locales/ja/eventList.json";
import shellJa from "../../src/app/i18n/locales/ja/shell.json";
import shortcutsJa from "../../src/app/i18n/locales/ja/shortcuts.json";
import { PERMISSION } from "../../src/contract/codes.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { eventAssign, eventManualOk } from "../../src/contract/eventActions.ts";
import { codeLabel } from "../../src/contract/eventCodeLabels.ts";
import { CSV_DELIMITER, eventCsvExport } from "../../src/contract/eventExport.ts";
import { EVENT_FIELD_LABELS, EVENT_SECTION_LABELS } from "../../src/contract/eventFields.ts";
import {
  type DetailSearch,
  EMPTY_DETAIL_SEARCH,
  MANUAL_RESULT_NONE,
  MAX_SEARCH_VALUES,
  SETTLE_STATUS_NONE,
  searchToQuery,
} from "../../src/contract/eventSearch.ts";
import { interpolate } from "../../src/contract/messages.ts";
import { STANDARD_MODEL } from "../../src/server/services/apiConnectionService.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS, type TestLang } from "../support/browser.ts";
import { BULK_EVENTS_YEAR, freshBulkDataDir } from "../support/bulkEventsDatabase.ts";
import { TEST_DEMO_EVENTS } from "../support/testDatabase.ts";
import {
  ACCOUNTS,
  consoleSession,
  descriptionOf,
  gone,
  heading,
  LABELS,
  LANDING_PATH,
  loginAs,
  MESSAGES,
  messageNo,
  pathOf,
  screenReady,
  visible,
} from "./consoleHarness.ts";
import { countText } from "./countText.ts";
import { consoleCall, screenTransaction, shopOf } from "./eventDetailCalls.ts";

const SCREEN = { en: listEn, ja: listJa } as const;
const DETAIL = { en: detailEn, ja: detailJa } as const;
const SHORTCUTS = { en: shortcutsEn, ja: shortcutsJa } as const;
const COMMON = { en: commonEn, ja: commonJa } as const;
const SHELL = { en: shellEn, ja: shellJa } as const;
/** Just above the selection limit of 150,000: select all must open the split-period dialog. */
const BULK_EVENTS = 150_001;

/** Cells of a result row: checkbox, event ID, merchant management ID, time, automatic result, ... model. */
const CELL = {
  createdAt: 3,
  aaresult: 4,
  maresult: 5,
  settleStatus: 7,
  modelId: 9,
  assigneeName: 15,
} as const;

/** The demo tenant's one detection model (the seed's). */
const DEMO_MODEL = STANDARD_MODEL;

/** The screen's texts fill their placeholders as the contract's messages do. */
const fill = interpolate;

function screenOf(page: Page, lang: TestLang) {
  const s = SCREEN[lang];
  const field = EVENT_FIELD_LABELS[lang];
  const table = page.getByRole("table", { name: s.tableCaption, exact: true });
  return {
    s,
    field,
    table,
    quickBox: page.getByRole("textbox", { name: s.quickSearch, exact: true }),
    searchButton: page.getByRole("button", { name: s.search, exact: true }),
    detailMode: page.getByRole("radio", { name: s.modeDetail, exact: true }),
    /** A detailed-search input by its visible label (date and time inputs have no textbox role). */
    input: (label: string) => page.getByLabel(label, { exact: true }),
    eventLinks: () => table.locator("tbody tr[data-index] a"),
    selectedText: (count: number | string) =>
      page.getByText(countText(s, "selectedCount", count), { exact: true }),
  };
}

/** The event IDs of the rows rendered now, in order. */
const renderedEventIds = (links: Locator) => links.allTextContents();

/** Each rendered row's cells' text. */
async function renderedRows(table: Locator): Promise<string[][]> {
  return table
    .locator("tbody tr[data-index]")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim())),
    );
}

/** The background colours of the rendered rows' marks in a cell, by the mark's text. */
async function markColours(table: Locator, cell: number): Promise<Map<string, Set<string>>> {
  const marks = await table
    .locator(`tbody tr[data-index] td:nth-child(${cell + 1}) > span`)
    .evaluateAll((spans) =>
      spans.map((span) => [span.textContent ?? "", getComputedStyle(span).backgroundColor]),
    );
  const colours = new Map<string, Set<string>>();
  for (const [text = "", colour = ""] of marks)
    colours.set(text, (colours.get(text) ?? new Set()).add(colour));
  return colours;
}

/** The text of the element that has the focus (a button's name). */
const focusedText = (page: Page) =>
  page.evaluate(() =>
    !document.activeElement || document.activeElement === document.body
      ? "<body>"
      : (document.activeElement.textContent?.trim() ?? ""),
  );

const isListCall = (response: Response) =>
  response.url().endsWith("/api/v3/screen/event/list") && response.request().method() === "POST";

/** Does what starts a search and waits until the list has answered and shows it (nothing busy). */
async function searched(page: Page, start: () => Promise<unknown>): Promise<void> {
  await Promise.all([page.waitForResponse(isListCall), start()]);
  await screenReady(page);
}

const LIST_CALL = "**/api/v3/screen/event/list";

/** The shell's notifications. */
const noticesOf = (page: Page, lang: TestLang) =>
  page.getByRole("region", { name: LABELS[lang].notifications, exact: true });

/** Logs out by the account menu and its confirmation, as an analyst leaving a shared PC does. */
async function logOut(page: Page, lang: TestLang): Promise<void> {
  const shell = SHELL[lang];
  await (await visible(page.getByRole("button", { name: shell.accountMenu, exact: true }))).hover();
  await (await visible(page.getByRole("button", { name: shell.logout, exact: true }))).click();
  const confirm = await visible(page.getByRole("dialog", { name: shell.confirmTitle, exact: true }));
  await confirm.getByRole("button", { name: shell.execute, exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/v3/login");
}

describe.each(TEST_LANGS)("event list [%s]", (lang) => {
  const ui = consoleSession(lang);

  it("lands after login, searches by one and by several event IDs by Enter, keeps the search in the URL across a reload", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    expect(pathOf(ui.page)).toBe(LANDING_PATH);
    const screen = screenOf(ui.page, lang);
    await visible(screen.table);
    // The default search lists the newest events, 200 per page.
    await visible(
      ui.page.getByText(countText(screen.s, "total", TEST_DEMO_EVENTS), {
        exact: true,
      }),
    );
    const perPage = ui.page.getByRole("combobox", { name: screen.s.pageSize, exact: true });
    expect(await perPage.inputValue()).toBe("200");
    expect((await perPage.locator("option").allTextContents()).map((text) => text.trim())).toEqual(
      [50, 100, 200, 500].map((count) => fill(screen.s.perPage, { count })),
    );
    const [first, second, third] = await renderedEventIds(screen.eventLinks());
    if (!first || !second || !third) throw new Error("the default search shows fewer than 3 events");
    await expectNoAxeViolations(ui.page, "event list with results");

    await screen.quickBox.fill(first);
    await searched(ui.page, () => screen.quickBox.press("Enter"));
    await ui.page.waitForURL((url) => url.searchParams.get("q") === first);
    expect(await renderedEventIds(screen.eventLinks())).toEqual([first]);
    await visible(ui.page.getByText(countText(screen.s, "total", 1), { exact: true }));

    // Several values separated by spaces; the ends are trimmed.
    await screen.quickBox.fill(` ${third} ${first} ${second} `);
    await searched(ui.page, () => screen.searchButton.click());
    await ui.page.waitForURL((url) => url.searchParams.get("q") === `${third} ${first} ${second}`);
    expect(await renderedEventIds(screen.eventLinks())).toEqual([first, second, third]);
    const url = new URL(ui.page.url());
    expect(url.searchParams.get("mode")).toBe("0");

    await searched(ui.page, () => ui.page.reload());
    expect(await renderedEventIds(screen.eventLinks())).toEqual([first, second, third]);
    expect(await screen.quickBox.inputValue()).toBe(`${third} ${first} ${second}`);
  });

  it("shows the rows while the total is counted; a failed count keeps them and counts again", async () => {
    // The count answers only when let through, so "Counting…" is seen beside the rows.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let failNext = false;
    await ui.page.route("**/api/v3/screen/event/count", async (route) => {
      if (failNext) {
        failNext = false;
        await route.abort("failed");
        return;
      }
      await held;
      await route.continue();
    });
    try {
      await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
      const screen = screenOf(ui.page, lang);
      await visible(screen.table);
      await visible(ui.page.getByRole("status").filter({ hasText: screen.s.counting }));
      expect((await renderedEventIds(screen.eventLinks())).length).toBeGreaterThan(0);
      release();
      const total = countText(screen.s, "total", TEST_DEMO_EVENTS);
      await visible(ui.page.getByText(total, { exact: true }));

      // The next search's count fails: the rows stay, the count says so and is asked again.
      const [first] = await renderedEventIds(screen.eventLinks());
      if (!first) throw new Error("the default search shows no event");
      failNext = true;
      await screen.quickBox.fill(first);
      await searched(ui.page, () => screen.quickBox.press("Enter"));
      const failure = await visible(ui.page.getByRole("alert").filter({ hasText: screen.s.countFailed }));
      // Failing outright (the network), it says 697 there too, as the notice does.
      expect(await failure.textContent()).toContain(messageNo(lang, "697"));
      expect(await renderedEventIds(screen.eventLinks())).toEqual([first]);
      await expectNoAxeViolations(ui.page, "event list with a failed count");
      await ui.page.getByRole("button", { name: screen.s.countRetry, exact: true }).click();
      await gone(failure);
      await visible(ui.page.getByText(countText(screen.s, "total", 1), { exact: true }));
    } finally {
      release();
      await ui.page.unroute("**/api/v3/screen/event/count");
    }
  });

  it("stays on the list when its search fails on the network, saying 697, and searches again once it is back", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    await visible(screen.table);
    const [newest] = await renderedEventIds(screen.eventLinks());
    if (!newest) throw new Error("the default search shows no event");
    await ui.page.route(LIST_CALL, (route) => route.abort("internetdisconnected"));
    await screen.quickBox.fill(newest);
    await screen.quickBox.press("Enter");

    const failure = await visible(
      ui.page.getByRole("main").getByRole("alert").getByText(messageNo(lang, "697"), { exact: true }),
    );
    await visible(noticesOf(ui.page, lang).getByText(messageNo(lang, "697"), { exact: true }));
    // Still the list, with the search typed in its box and in the URL.
    expect(pathOf(ui.page)).toBe("/EventList");
    expect(new URL(ui.page.url()).searchParams.get("q")).toBe(newest);
    expect(await screen.quickBox.inputValue()).toBe(newest);

    // The network back, the Search button searches again: the rows, the 697 gone.
    await ui.page.unroute(LIST_CALL);
    await searched(ui.page, () => screen.searchButton.click());
    expect(await renderedEventIds(screen.eventLinks())).toEqual([newest]);
    await gone(failure);
    await expectNoAxeViolations(ui.page, "event list searched again after a network failure");
  });

  it("keeps the page shown and its ticked row when the next page or select all fails on the network", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    await visible(screen.table);
    const pageOne = await renderedEventIds(screen.eventLinks());
    const tickedBox = ui.page.getByRole("checkbox", {
      name: fill(screen.s.selectRow, { eventId: pageOne[0] ?? "" }),
      exact: true,
    });
    await tickedBox.check();
    await visible(screen.selectedText(1));
    const landingUrl = ui.page.url();
    const inMain = (no: "697") =>
      ui.page.getByRole("main").getByRole("alert").getByText(messageNo(lang, no), { exact: true });

    await ui.page.route(LIST_CALL, (route) => route.abort("internetdisconnected"));
    const next = ui.page.getByRole("button", { name: screen.s.nextPage, exact: true });
    await next.click();
    const failure = await visible(inMain("697"));
    // Page 1 as it was, its row ticked, on the same list.
    expect(ui.page.url()).toBe(landingUrl);
    await visible(ui.page.getByText(fill(screen.s.pageNumber, { page: 1 }), { exact: true }));
    expect(await renderedEventIds(screen.eventLinks())).toEqual(pageOne);
    expect(await tickedBox.isChecked()).toBe(true);
    await visible(screen.selectedText(1));
    await expectNoAxeViolations(ui.page, "event list whose next page failed on the network");

    // Select all failing the same way says 697 beside the selection, which stays.
    const SELECT_ALL_CALL = "**/api/v3/screen/event/selectAll";
    await ui.page.route(SELECT_ALL_CALL, (route) => route.abort("internetdisconnected"));
    await ui.page.getByRole("button", { name: screen.s.selectAll, exact: true }).click();
    await expect.poll(() => inMain("697").count()).toBe(2);
    expect(pathOf(ui.page)).toBe("/EventList");
    expect(await tickedBox.isChecked()).toBe(true);
    await visible(screen.selectedText(1));

    // A page size whose page fails leaves the page at its size, and is not kept as the operator's.
    const perPage = ui.page.getByRole("combobox", { name: screen.s.pageSize, exact: true });
    await perPage.selectOption({ label: fill(screen.s.perPage, { count: 500 }) });
    await expect.poll(() => perPage.inputValue()).toBe("200");
    expect(await renderedEventIds(screen.eventLinks())).toEqual(pageOne);

    // The network back, Next shows page 2 and the 697s go; page 1 still has its tick.
    await ui.page.unroute(LIST_CALL);
    await ui.page.unroute(SELECT_ALL_CALL);
    await searched(ui.page, () => next.click());
    await visible(ui.page.getByText(fill(screen.s.pageNumber, { page: 2 }), { exact: true }));
    expect((await renderedEventIds(screen.eventLinks())).filter((id) => pageOne.includes(id))).toEqual([]);
    await gone(failure);
    expect(await inMain("697").count()).toBe(0);
    await searched(ui.page, () =>
      ui.page.getByRole("button", { name: screen.s.previousPage, exact: true }).click(),
    );
    expect(await renderedEventIds(screen.eventLinks())).toEqual(pageOne);
    expect(await tickedBox.isChecked()).toBe(true);
    await expectNoAxeViolations(ui.page, "event list paged again after a network failure");
    // The size whose page failed was not kept: a reload lists 200 per page.
    await searched(ui.page, () => ui.page.reload());
    await visible(screen.table);
    expect(await perPage.inputValue()).toBe("200");
  });

  it("pages through the results by keyset: 50 per page, next and previous", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    await visible(screen.table);
    const [newest] = await renderedEventIds(screen.eventLinks());
    const perPage = ui.page.getByRole("combobox", { name: screen.s.pageSize, exact: true });
    await searched(ui.page, () => perPage.selectOption({ label: fill(screen.s.perPage, { count: 50 }) }));
    expect(await screen.table.getAttribute("aria-rowcount")).toBe("51");
    expect((await renderedEventIds(screen.eventLinks()))[0]).toBe(newest);
    const pageOne = await renderedEventIds(screen.eventLinks());

    const previous = ui.page.getByRole("button", { name: screen.s.previousPage, exact: true });
    const next = ui.page.getByRole("button", { name: screen.s.nextPage, exact: true });
    expect(await previous.isDisabled()).toBe(true);
    // By keyboard: the focus stays on Next while the page loads and after.
    await next.focus();
    await searched(ui.page, () => ui.page.keyboard.press("Enter"));
    await visible(ui.page.getByText(fill(screen.s.pageNumber, { page: 2 }), { exact: true }));
    expect(await focusedText(ui.page)).toBe(screen.s.nextPage);
    const pageTwo = await renderedEventIds(screen.eventLinks());
    expect(pageTwo.length).toBeGreaterThan(0);
    expect(pageTwo.filter((id) => pageOne.includes(id))).toEqual([]);
    // The total stays the search's, whatever the page.
    await visible(
      ui.page.getByText(countText(screen.s, "total", TEST_DEMO_EVENTS), {
        exact: true,
      }),
    );

    // A detail opened from page 2 goes back to page 2 at 50 per page, by the browser's Back as by
    // the detail's, with the row it opened focused and the ticks kept; previous still leads to page 1.
    const opened = pageTwo[3] ?? "";
    // A row ticked before the detail is opened is still ticked on the way back.
    const tickedBox = ui.page.getByRole("checkbox", {
      name: fill(screen.s.selectRow, { eventId: pageTwo[0] ?? "" }),
    });
    await tickedBox.check();
    await visible(screen.selectedText(1));
    for (const goBack of [
      () => ui.page.goBack(),
      () => ui.page.getByRole("button", { name: DETAIL[lang].back, exact: true }).click(),
    ]) {
      await ui.page.getByRole("link", { name: opened, exact: true }).click();
      await visible(heading(ui.page, DETAIL[lang].heading));
      await searched(ui.page, goBack);
      await visible(ui.page.getByText(fill(screen.s.pageNumber, { page: 2 }), { exact: true }));
      expect(await perPage.inputValue()).toBe("50");
      expect(await renderedEventIds(screen.eventLinks())).toEqual(pageTwo);
      await ui.page.waitForFunction((id) => document.activeElement?.textContent === id, opened, {
        timeout: 5_000,
      });
      await visible(screen.selectedText(1));
      expect(await tickedBox.isChecked()).toBe(true);
    }

    // Previous, disabled on page 1, hands the focus to Next.
    await previous.focus();
    await searched(ui.page, () => ui.page.keyboard.press("Enter"));
    await visible(ui.page.getByText(fill(screen.s.pageNumber, { page: 1 }), { exact: true }));
    expect(await renderedEventIds(screen.eventLinks())).toEqual(pageOne);
    await expect.poll(() => focusedText(ui.page)).toBe(screen.s.nextPage);

    // The size chosen is this operator's in this browser from now on: a reload lists page 1 at 50
    // per page.
    await searched(ui.page, () => ui.page.reload());
    await visible(screen.table);
    expect(await perPage.inputValue()).toBe("50");
    expect(await screen.table.getAttribute("aria-rowcount")).toBe("51");
    expect(await renderedEventIds(screen.eventLinks())).toEqual(pageOne);

    // At a shared PC the next analyst who signs in lists the default 200, and the first finds 50 again.
    await logOut(ui.page, lang);
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    await visible(screen.table);
    expect(await perPage.inputValue()).toBe("200");
    await logOut(ui.page, lang);
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    await visible(screen.table);
    expect(await perPage.inputValue()).toBe("50");
  });

  it("says a URL's search is not valid, shows its values with the reasons and searches nothing", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    await visible(screen.table);
    let listCalls = 0;
    ui.page.on("request", (request) => {
      if (request.url().endsWith("/api/v3/screen/event/list")) listCalls++;
    });
    const tel = "0836-36-0999";
    await ui.page.goto(ui.app.at(`/EventList?mode=1&tel=${tel}&amountFrom=abc&aaresult=NG,BOGUS`));
    await visible(ui.page.getByText(screen.s.invalidSearch, { exact: true }));
    expect(await screen.table.count()).toBe(0);
    expect(await screen.input(screen.field.tel).inputValue()).toBe(tel);
    const amountFrom = screen.input(fill(screen.s.rangeFrom, { field: screen.field.amount }));
    expect(await amountFrom.inputValue()).toBe("abc");
    expect(await amountFrom.getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(amountFrom)).toContain(MESSAGES[lang].validation.numeric);
    await expectNoAxeViolations(ui.page, "event list with a URL's search that is not valid");
    expect(listCalls).toBe(0);

    // Corrected, it searches, and the URL says the corrected search.
    await screen.input(screen.field.tel).fill("");
    await amountFrom.fill("1000");
    await searched(ui.page, () => screen.searchButton.click());
    await visible(screen.table);
    const url = new URL(ui.page.url());
    expect([
      url.searchParams.get("tel"),
      url.searchParams.get("amountFrom"),
      url.searchParams.get("aaresult"),
    ]).toEqual([null, "1000", "NG"]);
    expect(await amountFrom.getAttribute("aria-invalid")).not.toBe("true");

    // A key the search does not know is no more dropped than a wrong value: the list names it.
    await ui.page.goto(ui.app.at("/EventList?mode=1&amountFrm=100"));
    const alert = await visible(ui.page.getByRole("alert").filter({ hasText: screen.s.invalidSearch }));
    expect(await alert.textContent()).toBe(
      `${screen.s.invalidSearch}\n${fill(MESSAGES[lang].error.unknownKey, { key: "amountFrm" })}`,
    );
    expect(await screen.table.count()).toBe(0);
    expect(listCalls).toBe(1);
  });

  it("offers the tenant's screening models in a dropdown, and refuses at it a URL's model the tenant does not have", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    await visible(screen.table);
    await screen.detailMode.check();
    const modelBox = ui.page.getByRole("combobox", { name: screen.field.modelId, exact: true });
    await expect
      .poll(() => modelBox.locator("option").allTextContents())
      .toEqual([screen.s.any, `${DEMO_MODEL.modelName} (${DEMO_MODEL.modelId})`]);
    expect(await modelBox.inputValue()).toBe("");

    // A bookmark naming a model the tenant does not have (any more) searches nothing: the dropdown
    // shows that model marked unknown with the server's reason, instead of "any".
    await searched(ui.page, () => ui.page.goto(ui.app.at("/EventList?mode=1&modelId=GONE01")));
    // The refusal reads as every error notification does: its code, then the message (spec section 8).
    const refusal = await visible(ui.page.getByRole("alert").filter({ hasText: screen.s.searchRefused }));
    expect(await refusal.textContent()).toBe(`${ERROR.validation}\n${screen.s.searchRefused}`);
    expect(await screen.table.count()).toBe(0);
    expect(await modelBox.inputValue()).toBe("GONE01");
    expect(await modelBox.locator("option:checked").textContent()).toBe(
      fill(screen.s.unknownModel, { modelId: "GONE01" }),
    );
    expect(await modelBox.getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(modelBox)).toContain(MESSAGES[lang].validation.unknownModel);
    await expectNoAxeViolations(ui.page, "event list refusing a screening model");

    // Choosing the tenant's model searches it.
    await modelBox.selectOption(DEMO_MODEL.modelId);
    await searched(ui.page, () => modelBox.press("Enter"));
    await ui.page.waitForURL((url) => url.searchParams.get("modelId") === DEMO_MODEL.modelId);
    await visible(screen.table);
    expect(await modelBox.getAttribute("aria-invalid")).not.toBe("true");
  });

  it("keeps the focus on its row when the table scrolls it away, and gives it back after the shortcut help", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    await visible(screen.table);
    const [first, second] = await renderedEventIds(screen.eventLinks());
    await screen.eventLinks().first().focus();
    // PageDown scrolls the table well past the row (16 rows are in view): the row stays, focused.
    const scroller = ui.page.getByTestId("event-table-scroll");
    for (let i = 0; i < 4; i++) await ui.page.keyboard.press("PageDown");
    await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(1000);
    expect(await focusedText(ui.page)).toBe(first);
    // j goes on from it.
    await ui.page.keyboard.press("j");
    await expect.poll(() => focusedText(ui.page)).toBe(second);
    // The shortcut help opened from the row gives the focus back to it.
    await ui.page.keyboard.press("?");
    const help = await visible(ui.page.getByRole("dialog", { name: SHORTCUTS[lang].title, exact: true }));
    // The table re-renders while the help is open (here: a narrower window); the row stays for the focus.
    const viewport = ui.page.viewportSize();
    if (viewport) await ui.page.setViewportSize({ ...viewport, width: viewport.width - 120 });
    await ui.page.waitForTimeout(300);
    await ui.page.keyboard.press("Escape");
    await gone(help);
    await expect.poll(() => focusedText(ui.page)).toBe(second);
  });

  it("detailed search by automatic result and a date-time range, with the form open clean for axe", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    // The landing search has answered.
    await visible(screen.table);
    // Results read by colour as well as by name: one colour per result, OK's not NG's. An event
    // without a settlement status says so, as the detail and the CSV do.
    const landingColours = await markColours(screen.table, CELL.aaresult);
    const okColours = [...(landingColours.get("OK") ?? [])];
    expect(okColours).toHaveLength(1);
    const settleNone = codeLabel(lang, "settleStatus", SETTLE_STATUS_NONE);
    expect((await renderedRows(screen.table)).map((row) => row[CELL.settleStatus])).toContain(settleNone);
    await screen.detailMode.check();
    const ng = ui.page
      .getByRole("group", { name: screen.field.aaresult, exact: true })
      .getByRole("checkbox", { name: "NG", exact: true });
    await ng.check();
    await searched(ui.page, () => screen.searchButton.click());
    await ui.page.waitForURL((url) => url.searchParams.get("aaresult") === "NG");
    const ngRows = await renderedRows(screen.table);
    expect(ngRows.length).toBeGreaterThan(0);
    for (const row of ngRows) expect(row[CELL.aaresult]).toBe("NG");
    const ngColours = [...((await markColours(screen.table, CELL.aaresult)).get("NG") ?? [])];
    expect(ngColours).toHaveLength(1);
    expect(ngColours[0]).not.toBe(okColours[0]);

    // The day of the newest NG event, as a range from 00:00 to 23:59.
    const day = ngRows[0]?.[CELL.createdAt]?.slice(0, 10) ?? "";
    expect(day).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    const isoDay = day.replaceAll("/", "-");
    const name = screen.field.createdAt;
    await screen.input(fill(screen.s.dateFrom, { field: name })).fill(isoDay);
    await screen.input(fill(screen.s.timeFrom, { field: name })).fill("00:00");
    await screen.input(fill(screen.s.dateTo, { field: name })).fill(isoDay);
    await screen.input(fill(screen.s.timeTo, { field: name })).fill("23:59");
    await searched(ui.page, () => screen.input(fill(screen.s.timeTo, { field: name })).press("Enter"));
    await ui.page.waitForURL((url) => url.searchParams.get("createdToDate") === isoDay);
    const dayRows = await renderedRows(screen.table);
    expect(dayRows.length).toBeGreaterThan(0);
    for (const row of dayRows) {
      expect(row[CELL.createdAt]?.startsWith(day)).toBe(true);
      expect(row[CELL.aaresult]).toBe("NG");
    }
    await expectNoAxeViolations(ui.page, "event list with the detailed search open");

    // Enter searches from a dropdown too, as from the text boxes and check boxes.
    const negatived = screen.input(screen.field.negatived);
    await negatived.selectOption("0");
    await searched(ui.page, () => negatived.press("Enter"));
    await ui.page.waitForURL((url) => url.searchParams.get("negatived") === "0");
  });

  it("shows the spec's message at each invalid field and sends nothing", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    // The landing search has answered.
    await visible(screen.table);
    const before = ui.page.url();
    await screen.detailMode.check();
    const eventId = screen.input(screen.field.eventId);
    await eventId.fill("E".repeat(48));
    const fromTime = screen.input(fill(screen.s.timeFrom, { field: screen.field.createdAt }));
    await fromTime.fill("10:00");
    await screen.searchButton.click();

    const v = MESSAGES[lang].validation;
    await visible(ui.page.getByText(fill(v.delimiterItemMax, { max: 47 }), { exact: true }));
    expect(await eventId.getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(eventId)).toContain(fill(v.delimiterItemMax, { max: 47 }));
    const fromDate = screen.input(fill(screen.s.dateFrom, { field: screen.field.createdAt }));
    expect(await fromDate.getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(fromDate)).toContain(v.dateTimeSelectionField);
    // Focus lands on the first invalid field (in the frame after the messages render); the URL (the
    // search in force) is unchanged.
    await expect.poll(() => eventId.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(ui.page.url()).toBe(before);
    await expectNoAxeViolations(ui.page, "event list with field messages");
  });

  it("refuses a date or time typed in part at its box instead of searching every day; Clear empties it", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    // The landing search has answered.
    await visible(screen.table);
    await screen.detailMode.check();
    const name = screen.field.createdAt;
    const fromDate = screen.input(fill(screen.s.dateFrom, { field: name }));
    const fromTime = screen.input(fill(screen.s.timeFrom, { field: name }));
    await fromDate.fill("2026-02-10");
    await fromTime.fill("10:00");
    // Backspace empties the first part of each (the month or the year, the hour): the box still
    // shows the rest, while its value, all the form can read, is "".
    for (const box of [fromDate, fromTime]) {
      await box.focus();
      await box.press("Backspace");
      expect(await box.inputValue()).toBe("");
      expect(await box.evaluate((element: HTMLInputElement) => element.validity.badInput)).toBe(true);
    }
    const listCalls: string[] = [];
    ui.page.on("request", (request) => {
      if (request.url().endsWith("/api/v3/screen/event/list")) listCalls.push(request.url());
    });
    const before = ui.page.url();
    await screen.input(screen.field.eventId).press("Enter");

    const v = MESSAGES[lang].validation;
    const dateMessage = fill(v.dateFormat, { format: "YYYY-MM-DD" });
    const timeMessage = fill(v.timeFormat, { format: "HH:mm" });
    await visible(ui.page.getByText(dateMessage, { exact: true }));
    expect(await fromDate.getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(fromDate)).toBe(dateMessage);
    expect(await fromTime.getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(fromTime)).toBe(timeMessage);
    await expect.poll(() => fromDate.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(listCalls).toEqual([]);
    expect(ui.page.url()).toBe(before);
    await expectNoAxeViolations(ui.page, "event list with a date typed in part");

    // Clear empties the boxes as shown, so the next search is the one the form shows.
    await ui.page.getByRole("button", { name: screen.s.clear, exact: true }).click();
    for (const box of [fromDate, fromTime])
      expect(await box.evaluate((element: HTMLInputElement) => element.validity.badInput)).toBe(false);
    await searched(ui.page, () => screen.input(screen.field.eventId).press("Enter"));
    await ui.page.waitForURL((url) => url.searchParams.get("mode") === "1");
    expect(new URL(ui.page.url()).searchParams.has("createdFromDate")).toBe(false);
  });

  it("shows 676 when nothing matches, and takes a search of 500 space-separated values", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    // The landing search has answered.
    await visible(screen.table);
    const [newest] = await renderedEventIds(screen.eventLinks());
    if (!newest) throw new Error("no event listed");

    await screen.quickBox.fill("NO-SUCH-EVENT-0001");
    await searched(ui.page, () => screen.quickBox.press("Enter"));
    await ui.page.waitForURL((url) => url.searchParams.get("q") === "NO-SUCH-EVENT-0001");
    await visible(ui.page.getByText(messageNo(lang, "676"), { exact: true }));
    expect(await screen.table.count()).toBe(0);

    const values = Array.from({ length: MAX_SEARCH_VALUES - 1 }, (_, i) => `NO-SUCH-${i}`);
    await screen.quickBox.fill([...values, newest].join(" "));
    await searched(ui.page, () => screen.quickBox.press("Enter"));
    await ui.page.waitForURL((url) => (url.searchParams.get("q") ?? "").endsWith(newest));
    expect(await renderedEventIds(screen.eventLinks())).toEqual([newest]);
  });

  it("selects rows, the page and all search results; deselects all; CSV output waits for a selection", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    // The landing search has answered.
    await visible(screen.table);
    const csv = ui.page.getByRole("button", { name: screen.s.csvOutput, exact: true });
    const deselect = ui.page.getByRole("button", { name: screen.s.deselectAll, exact: true });
    await visible(screen.selectedText(0));
    expect(await csv.isDisabled()).toBe(true);
    expect(await deselect.isDisabled()).toBe(true);

    // Narrow to the events of one screening model, so any selection is allowed: chosen from the
    // tenant's models by keyboard, Enter searches.
    const [newest] = await renderedEventIds(screen.eventLinks());
    const model = (await renderedRows(screen.table))[0]?.[CELL.modelId] ?? "";
    await screen.detailMode.check();
    const modelBox = ui.page.getByRole("combobox", { name: screen.field.modelId, exact: true });
    await modelBox.selectOption(model);
    await searched(ui.page, () => modelBox.press("Enter"));
    await ui.page.waitForURL((url) => url.searchParams.get("modelId") === model);

    const firstBox = ui.page.getByRole("checkbox", {
      name: fill(screen.s.selectRow, { eventId: newest ?? "" }),
    });
    // Keyboard: Space ticks the row's checkbox.
    await firstBox.focus();
    await ui.page.keyboard.press("Space");
    await visible(screen.selectedText(1));
    expect(await csv.isEnabled()).toBe(true);
    // CSV output opens its dialog for the selection (by Enter); Escape closes it, the selection
    // stays and the focus is back on the button.
    await csv.focus();
    await ui.page.keyboard.press("Enter");
    const csvDialog = await visible(ui.page.getByRole("dialog", { name: screen.s.csvOutput, exact: true }));
    await ui.page.keyboard.press("Escape");
    await gone(csvDialog);
    await visible(screen.selectedText(1));
    await expect.poll(() => focusedText(ui.page)).toBe(screen.s.csvOutput);

    // By keyboard, select all keeps the focus while it runs and after.
    await ui.page.getByRole("button", { name: screen.s.selectAll, exact: true }).focus();
    await Promise.all([
      ui.page.waitForResponse((response) => response.url().endsWith("/api/v3/screen/event/selectAll")),
      ui.page.keyboard.press("Enter"),
    ]);
    await screenReady(ui.page);
    await expect.poll(() => focusedText(ui.page)).toBe(screen.s.selectAll);
    // Every result of the search is selected: the selected count is the total.
    const totalPattern = new RegExp(`^${countText(screen.s, "total", "([\\d,]+)")}$`);
    const totalText = await (await visible(ui.page.getByText(totalPattern))).textContent();
    const total = totalText?.match(totalPattern)?.[1] ?? "";
    expect(total).toMatch(/^[\d,]+$/);
    await visible(ui.page.getByText(countText(screen.s, "selectedCount", total), { exact: true }));

    // Deselect all disables itself and CSV output: the focus goes to the nearest enabled control.
    await deselect.focus();
    await ui.page.keyboard.press("Enter");
    await visible(screen.selectedText(0));
    expect(await csv.isDisabled()).toBe(true);
    await expect.poll(() => focusedText(ui.page)).toBe(screen.s.selectAll);
  });

  it("moves between rows with the arrow keys and j / k, ticks one with x, opens a detail and comes back to the same search and scroll", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    // The landing search has answered.
    await visible(screen.table);
    const links = screen.eventLinks();
    const [first, second] = await renderedEventIds(links);
    const focusedIs = (eventId: string | undefined) =>
      ui.page.waitForFunction((id) => document.activeElement?.textContent === id, eventId, {
        timeout: 5_000,
      });
    await links.first().focus();
    await ui.page.keyboard.press("ArrowDown");
    await focusedIs(second);
    await ui.page.keyboard.press("ArrowUp");
    await focusedIs(first);
    // j and k do as the arrows, x ticks the focused row; from outside the table j enters it at the top.
    await ui.page.keyboard.press("j");
    await focusedIs(second);
    await ui.page.keyboard.press("k");
    await focusedIs(first);
    const firstBox = ui.page.getByRole("checkbox", {
      name: fill(screen.s.selectRow, { eventId: first ?? "" }),
      exact: true,
    });
    await ui.page.keyboard.press("x");
    await expect.poll(() => firstBox.isChecked()).toBe(true);
    await ui.page.keyboard.press("x");
    await expect.poll(() => firstBox.isChecked()).toBe(false);
    // A check box takes no letters, so the keys work from it too, staying in the check box column.
    await firstBox.focus();
    await ui.page.keyboard.press("j");
    await expect
      .poll(() => ui.page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe(fill(screen.s.selectRow, { eventId: second ?? "" }));
    await ui.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await ui.page.keyboard.press("j");
    await focusedIs(first);

    // Scrolled down the page of 200 and sideways to the last column, the row in view opens its
    // detail: its check box and event ID stay in view, on top of the columns scrolled beneath them.
    const scroller = ui.page.getByTestId("event-table-scroll");
    await scroller.evaluate((element) => {
      element.scrollTop = 1800;
      element.scrollLeft = element.scrollWidth;
    });
    expect(await scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await ui.page.waitForFunction(() => document.querySelector('tr[data-index="50"]') !== null, undefined, {
      timeout: 5_000,
    });
    const target = ui.page.locator('tr[data-index="50"] a');
    for (const frozen of [ui.page.locator('tr[data-index="50"] input[type="checkbox"]'), target])
      expect(
        await frozen.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === element;
        }),
      ).toBe(true);
    const eventId = (await target.textContent()) ?? "";
    expect(await target.getAttribute("href")).toBe(`/v3/EventDetail?eventId=${encodeURIComponent(eventId)}`);
    await target.click();
    await ui.page.waitForURL(
      (url) => url.pathname === "/v3/EventDetail" && url.searchParams.get("eventId") === eventId,
    );
    // The detail's Back returns to the list it came from (its URL from the transit entry).
    await visible(heading(ui.page, DETAIL[lang].heading));
    await searched(ui.page, () =>
      ui.page.getByRole("button", { name: DETAIL[lang].back, exact: true }).click(),
    );
    await ui.page.waitForURL((url) => url.pathname === `/v3${LANDING_PATH}`);
    await visible(ui.page.locator('tr[data-index="50"]'));
    const offset = await scroller.evaluate((element) => element.scrollTop);
    expect(Math.abs(offset - 1800)).toBeLessThan(40);
    // The focus is back on the event it opened, so the keyboard goes on from there.
    await focusedIs(eventId);
  });

  it("lists the events awaiting manual screening (REVIEW or HOLD without a manual result) in one click, as a detailed search in the URL", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    await visible(screen.table);
    await searched(ui.page, () =>
      ui.page.getByRole("button", { name: screen.s.awaitingManualScreening, exact: true }).click(),
    );
    const url = new URL(ui.page.url());
    expect(url.searchParams.get("mode")).toBe("1");
    expect(url.searchParams.get("aaresult")).toBe("REVIEW,HOLD");
    expect(url.searchParams.get("maresult")).toBe(MANUAL_RESULT_NONE);
    // The form shows the search it ran.
    expect(await screen.detailMode.isChecked()).toBe(true);
    const rows = await renderedRows(screen.table);
    expect(rows.length).toBeGreaterThan(0);
    const open = [codeLabel(lang, "aaresult", "REVIEW"), codeLabel(lang, "aaresult", "HOLD")];
    for (const cells of rows) {
      expect(open).toContain(cells[CELL.aaresult]);
      expect(cells[CELL.maresult]).toBe(codeLabel(lang, "maresult", null));
    }
  });

  it("lists the signed-in operator's own queue (assigned to them, not screened) in one click", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const screen = screenOf(ui.page, lang);
    await visible(screen.table);
    const me = await ui.page.evaluate(
      () =>
        (
          JSON.parse(localStorage.getItem("fraudConsole") ?? "{}") as {
            loginOperator: { operatorId: string; operatorName: string };
          }
        ).loginOperator,
    );
    // A new event assigned to this operator, and one assigned and then decided (not in the queue).
    const shop = await shopOf(ui.app, ui);
    const assign = async (shopEventId: string) => {
      const { eventId } = await screenTransaction(ui.app, shop, {
        shopEventId,
        amount: 2100,
        purchaser: { tel: "03-5555-0101", fullAddress: "東京都港区1-1", zipcode: "1050001" },
      });
      const assigned = await consoleCall(ui.app, ui, eventAssign.path, {
        eventId,
        version: 1,
        assigneeId: Number(me.operatorId),
      });
      expect(assigned.body.result).toBe("10");
      return eventId;
    };
    const waiting = await assign(`e2e-mine-${lang}-1-${Date.now()}`);
    const decided = await assign(`e2e-mine-${lang}-2-${Date.now()}`);
    const ok = await consoleCall(ui.app, ui, eventManualOk.path, {
      eventId: decided,
      version: 2,
      reason: "",
      memo: "",
      labelIds: [],
    });
    expect(ok.body.result).toBe("10");

    await searched(ui.page, () =>
      ui.page.getByRole("button", { name: screen.s.assignedToMe, exact: true }).click(),
    );
    const url = new URL(ui.page.url());
    expect(url.searchParams.get("mode")).toBe("1");
    expect(url.searchParams.get("assigneeId")).toBe(me.operatorId);
    expect(url.searchParams.get("maresult")).toBe(MANUAL_RESULT_NONE);
    expect(await screen.detailMode.isChecked()).toBe(true);
    const rows = await renderedRows(screen.table);
    const ids = await screen.eventLinks().allTextContents();
    expect(ids).toContain(waiting);
    expect(ids).not.toContain(decided);
    for (const cells of rows) {
      expect(cells[CELL.assigneeName]).toBe(me.operatorName);
      expect(cells[CELL.maresult]).toBe(codeLabel(lang, "maresult", null));
    }
  });

  it("marks a manual screening deadline that has passed without a manual result as overdue, in the list and on the detail", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    const overdue = COMMON[lang].overdue;
    // Screened more than the 72 hours of the deadline ago, REVIEW or HOLD: the deadline has passed.
    const before = new Date(Date.now() - 4 * 86_400_000 + 9 * 3_600_000).toISOString();
    const search = (maresult: DetailSearch["maresult"]) =>
      `/EventList?${searchToQuery({
        ...EMPTY_DETAIL_SEARCH,
        aaresult: ["REVIEW", "HOLD"],
        maresult,
        createdToDate: before.slice(0, 10),
        createdToTime: before.slice(11, 16),
      })}`;
    const deadlines = async () => (await renderedRows(screen.table)).map((cells) => cells.at(-1) ?? "");

    await searched(ui.page, () => ui.page.goto(ui.app.at(search([MANUAL_RESULT_NONE]))));
    const open = await deadlines();
    expect(open.length).toBeGreaterThan(0);
    for (const cell of open)
      expect(cell).toMatch(new RegExp(`^\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}${overdue}$`));
    await expectNoAxeViolations(ui.page, "event list with overdue events");

    // Decided ones are not overdue, however old their deadline.
    await searched(ui.page, () => ui.page.goto(ui.app.at(search(["10", "20", "30"]))));
    const decided = await deadlines();
    expect(decided.length).toBeGreaterThan(0);
    for (const cell of decided) expect(cell).not.toContain(overdue);

    await searched(ui.page, () => ui.page.goto(ui.app.at(search([MANUAL_RESULT_NONE]))));
    await screen.eventLinks().first().click();
    await visible(heading(ui.page, DETAIL[lang].heading));
    const basic = ui.page.getByRole("region", { name: EVENT_SECTION_LABELS[lang].basic, exact: true });
    await visible(basic.getByText(overdue, { exact: true }));
  });

  it("shows the viewer the list, without any action on events", async () => {
    // Signing in asks for the CSV output dialog's permission with the menu's: its answer decides the button.
    const csvPermission = ui.page.waitForResponse(
      (response) =>
        response.url().endsWith("/api/v3/screen/screenPermissionList") &&
        (response.request().postData() ?? "").includes("EventDialogCsvDownload"),
    );
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.viewer);
    expect(pathOf(ui.page)).toBe(LANDING_PATH);
    const screen = screenOf(ui.page, lang);
    await visible(screen.table);
    expect((await renderedEventIds(screen.eventLinks())).length).toBeGreaterThan(0);
    const buttons = (await ui.page.getByRole("main").getByRole("button").allTextContents()).map((text) =>
      text.trim(),
    );
    for (const action of lang === "en"
      ? ["OK", "NG", "HOLD", "Update negative"]
      : ["OK", "NG", "保留", "ネガティブ更新"])
      expect(buttons).not.toContain(action);
    // Nor CSV output (the role may not read EventDialogCsvDownload), and the server refuses it forged.
    expect((await (await csvPermission).json()).telegram.screenPermissions).toContainEqual({
      screenId: "EventDialogCsvDownload",
      permission: PERMISSION.none,
    });
    await screenReady(ui.page);
    expect(buttons).toContain(screen.s.selectAll);
    expect(await ui.page.getByRole("button", { name: screen.s.csvOutput, exact: true }).count()).toBe(0);
    const [eventId = ""] = await renderedEventIds(screen.eventLinks());
    const forged = await consoleCall(ui.app, ui, eventCsvExport.path, {
      selection: { kind: "ids", eventIds: [eventId] },
      options: { delimiter: CSV_DELIMITER.comma, groups: ["basic"], encoding: "utf8" },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.errors.map((error) => error.code)).toEqual([ERROR.forbidden]);
    await expectNoAxeViolations(ui.page, "event list (viewer)");
  });
});

describe.each(TEST_LANGS)("event list with more than 150,000 matches [%s]", (lang) => {
  const ui = consoleSession(lang, { dataDir: () => freshBulkDataDir(BULK_EVENTS) });

  it("shows the total as 150,000+ and asks to split the search period on select all", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const screen = screenOf(ui.page, lang);
    // The landing search has answered.
    await visible(screen.table);
    await screen.detailMode.check();
    const name = screen.field.createdAt;
    await screen.input(fill(screen.s.dateFrom, { field: name })).fill(`${BULK_EVENTS_YEAR}-01-01`);
    await screen.input(fill(screen.s.timeFrom, { field: name })).fill("00:00");
    await screen.input(fill(screen.s.dateTo, { field: name })).fill(`${BULK_EVENTS_YEAR}-12-31`);
    await screen.input(fill(screen.s.timeTo, { field: name })).fill("23:59");
    await searched(ui.page, () => screen.searchButton.click());
    await ui.page.waitForURL(
      (url) => url.searchParams.get("createdFromDate") === `${BULK_EVENTS_YEAR}-01-01`,
    );
    // The count of more than 150,000 answers after the rows (a call of its own).
    await visible(ui.page.getByText(countText(screen.s, "totalCapped", 150_000), { exact: true }), 30_000);

    await ui.page.getByRole("button", { name: screen.s.selectAll, exact: true }).click();
    const dialog = await visible(
      ui.page.getByRole("dialog", { name: screen.s.splitTitle, exact: true }),
      30_000,
    );
    await visible(
      dialog.getByText(fill(MESSAGES[lang].error.tooManyRows, { max: "150,000" }), { exact: true }),
    );
    await expectNoAxeViolations(ui.page, "split-period dialog");
    await dialog.getByRole("button", { name: screen.s.close, exact: true }).click();
    await gone(dialog);
    await visible(screen.selectedText(0));
  });
});
