import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import detailEn from "../../src/app/i18n/locales/en/eventDetail.json";
import displayEn from "../../src/app/i18n/locales/en/eventDisplay.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import detailJa from "../../src/app/i18n/locales/ja/eventDetail.json";
import displayJa from "../../src/app/i18n/locales/ja/eventDisplay.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import { ERROR } from "../../src/contract/errors.ts";
import {
  DEFAULT_DISPLAY_FORMAT,
  type DisplayFormat,
  FIXED_ITEM_LIMIT,
} from "../../src/contract/eventDisplayFormat.ts";
import {
  DETAIL_CATEGORIES,
  EVENT_FIELD_LABELS,
  EVENT_SECTION_LABELS,
} from "../../src/contract/eventFields.ts";
import { EMPTY_QUICK_SEARCH } from "../../src/contract/eventSearch.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS, type TestLang } from "../support/browser.ts";
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

const SCREEN = { en: displayEn, ja: displayJa } as const;
const DETAIL = { en: detailEn, ja: detailJa } as const;
const MENU = { en: menuEn, ja: menuJa } as const;
const EDIT_PATH = "/EventItemDisplayFormatEdit";
const TRANSIT_KEY = "fraudConsole.transit";

interface Envelope<T> {
  status: number;
  body: { result: string; errors: { code: string; message: string }[]; telegram: T };
}

/** A console call made by the page's own script, with its cookie and its stored anti-forgery token. */
function pageCall<T>(page: Page, path: string, telegram: unknown, lang: TestLang): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ path, telegram, lang }) => {
      const stored = JSON.parse(localStorage.getItem("fraudConsole") ?? "{}") as { loginToken?: string };
      const response = await fetch(`/api/v3/screen/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          header: { lang, tz: "Asia/Tokyo", currency: "JPY", version: "3.0" },
          info: { token: stored.loginToken, shopId: "DEMO" },
          telegram,
        }),
      });
      return { status: response.status, body: await response.json() };
    },
    { path, telegram, lang },
  ) as Promise<Envelope<T>>;
}

/** The operator's layout as the event detail reads it (eventDisplayFormatGet). */
async function layoutOf(page: Page, lang: TestLang) {
  const answer = await pageCall<{ format: DisplayFormat; isDefault: boolean }>(
    page,
    "event/displayFormat",
    {},
    lang,
  );
  expect(answer.status).toBe(200);
  return answer.body.telegram;
}

const button = (scope: Page | Locator, name: string) => scope.getByRole("button", { name, exact: true });
const checkbox = (scope: Page | Locator, name: string) => scope.getByRole("checkbox", { name, exact: true });
const radio = (page: Page, name: string) => page.getByRole("radio", { name, exact: true });

/** The newest DEMO event's ID, as the event list answers it. */
async function demoEventId(page: Page, lang: TestLang): Promise<string> {
  const answer = await pageCall<{ rows: { eventId: string }[] }>(
    page,
    "event/list",
    { search: EMPTY_QUICK_SEARCH, pageSize: 50, cursor: null },
    lang,
  );
  expect(answer.status).toBe(200);
  const eventId = answer.body.telegram.rows[0]?.eventId;
  if (!eventId) throw new Error("the DEMO tenant has no events");
  return eventId;
}

/** Whether the page cancels a beforeunload event now (the browser then asks before leaving). */
const unloadIsQuestioned = (page: Page) =>
  page.evaluate(() => !window.dispatchEvent(new Event("beforeunload", { cancelable: true })));

/** The accessible names of the checkboxes of a list, top to bottom. */
async function checkboxNames(list: Locator): Promise<string[]> {
  return list
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((box) => (box.closest("label")?.textContent ?? "").trim()));
}

/** The accessible name of the focused element (its aria-label, else its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute("aria-label") ?? element?.textContent?.trim() ?? "";
  });

describe.each(TEST_LANGS)("event detail display customisation [%s]", (lang) => {
  const l = LABELS[lang];
  const s = SCREEN[lang];
  /** The fixed items' count against their limit, as mode 2 shows it. */
  const count = (n: number) =>
    s.fixedCount.replace("{count}", String(n)).replaceAll("{max}", String(FIXED_ITEM_LIMIT));
  const fields = EVENT_FIELD_LABELS[lang];
  const sections = EVENT_SECTION_LABELS[lang];
  const ui = consoleSession(lang);

  async function openEditor(): Promise<void> {
    await ui.page.goto(ui.app.at(EDIT_PATH));
    await visible(heading(ui.page, s.heading));
    await screenReady(ui.page);
  }

  /** Answers the open confirmation dialog with Execute (after checking its question) and waits for it to close. */
  async function confirmWithExecute(question: string): Promise<void> {
    const dialog = await visible(ui.page.getByRole("dialog"));
    await visible(dialog.getByText(question, { exact: true }));
    await button(dialog, l.execute).click();
    await gone(ui.page.getByRole("dialog"));
  }

  const listSection = (name: string) => ui.page.getByRole("region", { name, exact: true });

  it("hides a basic field and a section, reorders by keyboard, saves through the dialog; reset restores the default", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    await openEditor();
    await visible(textOnPage(ui.page, s.defaultInUse));
    expect(await radio(ui.page, s.modes["0"]).isChecked()).toBe(true);
    await expectNoAxeViolations(ui.page, "display format edit (event property)");

    // Mode 0: hide the merchant management ID.
    const properties = listSection(s.modes["0"]);
    await checkbox(properties, fields.shopEventId).uncheck();
    await visible(textOnPage(ui.page, s.unsaved));

    // Mode 1 by keyboard (arrow keys move within the radio group); the draft of mode 0 is kept.
    await radio(ui.page, s.modes["0"]).focus();
    await ui.page.keyboard.press("ArrowRight");
    expect(await radio(ui.page, s.modes["1"]).isChecked()).toBe(true);
    const categories = listSection(s.modes["1"]);
    await checkbox(categories, sections.card).uncheck();

    // Keyboard-only reordering: Tab from the Device checkbox to its Move up button, Enter, Space (up
    // twice, focus staying on the button), then Tab to Move down and Enter (down once).
    await checkbox(categories, sections.device).focus();
    await ui.page.keyboard.press("Tab");
    const moveUpDevice = s.moveUp.replace("{name}", sections.device);
    const moveDownDevice = s.moveDown.replace("{name}", sections.device);
    expect(await focusedName(ui.page)).toBe(moveUpDevice);
    await ui.page.keyboard.press("Enter");
    expect(await focusedName(ui.page)).toBe(moveUpDevice);
    await ui.page.keyboard.press("Space");
    await expect
      .poll(() => checkboxNames(categories))
      .toEqual(
        [
          "firedRules",
          "basic",
          "purchaser",
          "device",
          "shipping",
          "items",
          "other",
          "manualHistory",
          "relatedEvents",
          "card",
        ].map((key) => sections[key as keyof typeof sections]),
      );
    expect(await focusedName(ui.page)).toBe(moveUpDevice);
    await ui.page.keyboard.press("Tab");
    expect(await focusedName(ui.page)).toBe(moveDownDevice);
    await ui.page.keyboard.press("Enter");
    const expectedCategories = [
      "firedRules",
      "basic",
      "purchaser",
      "shipping",
      "device",
      "items",
      "other",
      "manualHistory",
      "relatedEvents",
    ] as const;
    await expect
      .poll(() => checkboxNames(categories))
      .toEqual([...expectedCategories.map((key) => sections[key]), sections.card]);
    expect(await focusedName(ui.page)).toBe(moveDownDevice);
    await expectNoAxeViolations(ui.page, "display format edit (item category, edited)");

    // Back in mode 0 the hidden field is still hidden (switching modes keeps the draft).
    await radio(ui.page, s.modes["0"]).check();
    expect(await checkbox(listSection(s.modes["0"]), fields.shopEventId).isChecked()).toBe(false);

    await button(ui.page, s.save).click();
    const dialog = await visible(ui.page.getByRole("dialog"));
    await visible(dialog.getByText(s.saveConfirm, { exact: true }));
    await expectNoAxeViolations(ui.page, "save confirmation");
    await button(dialog, l.execute).click();
    await gone(ui.page.getByRole("dialog"));
    await visible(textOnPage(ui.page, messageNo(lang, "002")));
    await visible(textOnPage(ui.page, s.ownLayout));
    await gone(textOnPage(ui.page, s.unsaved));

    // What the event detail renders from: the saved layout.
    const saved = await layoutOf(ui.page, lang);
    expect(saved.isDefault).toBe(false);
    expect(saved.format.categories).toEqual([...expectedCategories]);
    expect(saved.format.eventProperties).toEqual(
      DEFAULT_DISPLAY_FORMAT.eventProperties.filter((field) => field !== "shopEventId"),
    );
    expect(saved.format.fixedItems).toEqual(DEFAULT_DISPLAY_FORMAT.fixedItems);

    // A reload shows the saved layout.
    await openEditor();
    await visible(textOnPage(ui.page, s.ownLayout));
    expect(await checkbox(listSection(s.modes["0"]), fields.shopEventId).isChecked()).toBe(false);

    // Reset per mode: item categories first, then event properties; then the default is in use.
    await radio(ui.page, s.modes["1"]).check();
    await button(ui.page, s.reset).click();
    await confirmWithExecute(s.resetConfirm["1"]);
    await expect
      .poll(() => checkboxNames(listSection(s.modes["1"])))
      .toEqual(DEFAULT_DISPLAY_FORMAT.categories.map((key) => sections[key]));
    expect((await layoutOf(ui.page, lang)).format.categories).toEqual(DEFAULT_DISPLAY_FORMAT.categories);
    expect((await layoutOf(ui.page, lang)).isDefault).toBe(false);

    await radio(ui.page, s.modes["0"]).check();
    await button(ui.page, s.reset).click();
    await confirmWithExecute(s.resetConfirm["0"]);
    await visible(textOnPage(ui.page, s.defaultInUse));
    expect(await checkbox(listSection(s.modes["0"]), fields.shopEventId).isChecked()).toBe(true);
    expect(await layoutOf(ui.page, lang)).toEqual({ format: DEFAULT_DISPLAY_FORMAT, isDefault: true });
  });

  it("is opened from the event detail, goes back to it, and the detail shows the saved layout", async () => {
    const d = DETAIL[lang];
    const sectionTitles: string[] = DETAIL_CATEGORIES.map((category) => sections[category]);
    /** The detail's sections in the order shown (their level-two headings, fixed items aside). */
    const detailSections = () =>
      ui.page
        .getByRole("main")
        .getByRole("heading", { level: 2 })
        .allTextContents()
        .then((texts) => texts.map((text) => text.trim()).filter((text) => sectionTitles.includes(text)));

    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    // Asked from a page that has settled (the landing event list may still be rewriting its URL).
    await openEditor();
    const eventId = await demoEventId(ui.page, lang);
    const detailUrl = `/EventDetail?eventId=${encodeURIComponent(eventId)}`;
    await ui.page.goto(ui.app.at(detailUrl));
    await visible(heading(ui.page, d.heading));
    await screenReady(ui.page);
    await expect.poll(detailSections).toEqual(DEFAULT_DISPLAY_FORMAT.categories.map((key) => sections[key]));
    const basic = ui.page.getByRole("region", { name: sections.basic, exact: true });
    await visible(basic.getByText(fields.shopEventId, { exact: true }));

    await button(ui.page, d.changeDisplayedItems).click();
    await onPath(ui.page, EDIT_PATH);
    await visible(heading(ui.page, s.heading));
    await screenReady(ui.page);
    await checkbox(listSection(s.modes["0"]), fields.shopEventId).uncheck();
    await radio(ui.page, s.modes["1"]).check();
    await checkbox(listSection(s.modes["1"]), sections.card).uncheck();
    await button(listSection(s.modes["1"]), s.moveUp.replace("{name}", sections.device)).click();
    await button(ui.page, s.save).click();
    await confirmWithExecute(s.saveConfirm);
    await visible(textOnPage(ui.page, s.ownLayout));

    // Back (nothing unsaved, so no question) returns to the same event's detail, in the new layout.
    await button(ui.page, s.back).click();
    await ui.page.waitForURL((url) => `${url.pathname}${url.search}` === `/v3${detailUrl}`);
    await visible(heading(ui.page, d.heading));
    await screenReady(ui.page);
    await expect
      .poll(detailSections)
      .toEqual(
        [
          "firedRules",
          "basic",
          "purchaser",
          "shipping",
          "device",
          "items",
          "other",
          "manualHistory",
          "relatedEvents",
        ].map((key) => sections[key as keyof typeof sections]),
      );
    await visible(basic.getByText(fields.eventId, { exact: true }));
    expect(await basic.getByText(fields.shopEventId, { exact: true }).count()).toBe(0);
    expect(await ui.page.getByRole("region", { name: sections.card, exact: true }).count()).toBe(0);
    await expectNoAxeViolations(ui.page, "event detail in the saved layout");

    // Reset both modes; the detail shows every section again.
    for (const mode of ["0", "1"]) {
      const reset = await pageCall(ui.page, "event/displayFormat/reset", { mode }, lang);
      expect(reset.status).toBe(200);
    }
    expect((await layoutOf(ui.page, lang)).isDefault).toBe(true);
    await ui.page.reload();
    await visible(heading(ui.page, d.heading));
    await expect.poll(detailSections).toEqual(DEFAULT_DISPLAY_FORMAT.categories.map((key) => sections[key]));
  });

  it("shows the fixed items against the limit of 8 and takes no ninth", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    await openEditor();
    await radio(ui.page, s.modes["2"]).check();
    await visible(textOnPage(ui.page, count(DEFAULT_DISPLAY_FORMAT.fixedItems.length)));

    const sectionSelect = ui.page.getByLabel(s.fixedSection, { exact: true });
    const fieldSelect = ui.page.getByLabel(s.fixedField, { exact: true });
    // As many as fill the default's fixed items up to the limit.
    const additions = (
      [
        ["basic", "eventId"],
        ["shipping", "fullAddress"],
        ["card", "cardBrand"],
      ] as const
    ).slice(-(FIXED_ITEM_LIMIT - DEFAULT_DISPLAY_FORMAT.fixedItems.length));
    expect(DEFAULT_DISPLAY_FORMAT.fixedItems.length + additions.length).toBe(FIXED_ITEM_LIMIT);
    for (const [index, [section, field]] of additions.entries()) {
      await sectionSelect.selectOption(section);
      await fieldSelect.selectOption(field);
      await button(ui.page, s.fixedAdd).click();
      await visible(textOnPage(ui.page, count(DEFAULT_DISPLAY_FORMAT.fixedItems.length + index + 1)));
    }
    await visible(textOnPage(ui.page, s.fixedLimitReached.replace("{max}", String(FIXED_ITEM_LIMIT))));
    expect(await button(ui.page, s.fixedAdd).getAttribute("aria-disabled")).toBe("true");
    // The button stays focusable (aria-disabled) and Enter on it adds nothing.
    await sectionSelect.selectOption("device");
    await fieldSelect.selectOption("cookie");
    await button(ui.page, s.fixedAdd).focus();
    await ui.page.keyboard.press("Enter");
    await visible(textOnPage(ui.page, count(FIXED_ITEM_LIMIT)));
    const cookie = s.fixedItemName.replace("{section}", sections.device).replace("{field}", fields.cookie);
    expect(await ui.page.getByRole("button", { name: s.fixedRemove.replace("{name}", cookie) }).count()).toBe(
      0,
    );
    await expectNoAxeViolations(ui.page, "display format edit (fixed items at the limit)");

    // Removing one makes room again; Cancel puts the saved (default) fixed items back.
    const cardBrand = s.fixedItemName
      .replace("{section}", sections.card)
      .replace("{field}", fields.cardBrand);
    await button(ui.page, s.fixedRemove.replace("{name}", cardBrand)).click();
    await visible(textOnPage(ui.page, count(FIXED_ITEM_LIMIT - 1)));
    await button(ui.page, s.cancel).click();
    await visible(textOnPage(ui.page, count(DEFAULT_DISPLAY_FORMAT.fixedItems.length)));
    expect((await layoutOf(ui.page, lang)).isDefault).toBe(true);
  });

  it("asks before leaving with unsaved changes and returns to the screen it was opened from", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    // What the event detail's "Change displayed items" leaves for this screen (rememberReturnForDisplayFormat).
    await ui.page.evaluate(
      ({ key, path }) =>
        sessionStorage.setItem(
          key,
          JSON.stringify({
            [path]: { referrer: "/releasedRuleList", data: { returnUrl: "/releasedRuleList" } },
          }),
        ),
      { key: TRANSIT_KEY, path: EDIT_PATH },
    );
    await openEditor();
    await checkbox(listSection(s.modes["0"]), fields.amount).uncheck();
    await button(ui.page, s.back).click();
    const dialog = await visible(ui.page.getByRole("dialog"));
    await visible(dialog.getByText(s.discardConfirm, { exact: true }));
    await button(dialog, l.cancel).click();
    await gone(ui.page.getByRole("dialog"));
    expect(await checkbox(listSection(s.modes["0"]), fields.amount).isChecked()).toBe(false);

    // Reloading or closing the tab with the change unsaved: the page cancels beforeunload, so the
    // browser asks. (The event is raised by hand: headless Chromium shows that question only
    // sometimes, by its own user-activation heuristics.)
    expect(await unloadIsQuestioned(ui.page)).toBe(true);

    await button(ui.page, s.back).click();
    await confirmWithExecute(s.discardConfirm);
    await onPath(ui.page, "/releasedRuleList");
    expect(await unloadIsQuestioned(ui.page)).toBe(false);
    // Nothing was saved.
    expect((await layoutOf(ui.page, lang)).isDefault).toBe(true);
  });

  it("asks before leaving by a main-menu entry with unsaved changes; Cancel keeps the draft", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const eventEntry = ui.page
      .getByRole("navigation", { name: l.mainMenu, exact: true })
      .getByRole("link", { name: MENU[lang].event, exact: true });
    // Nothing unsaved: the menu entry leaves at once.
    await openEditor();
    await eventEntry.click();
    await onPath(ui.page, "/EventList");
    expect(await ui.page.getByRole("dialog").count()).toBe(0);

    await openEditor();
    await checkbox(listSection(s.modes["0"]), fields.amount).uncheck();
    await eventEntry.click();
    const dialog = await visible(ui.page.getByRole("dialog"));
    await visible(dialog.getByText(s.discardConfirm, { exact: true }));
    await button(dialog, l.cancel).click();
    await gone(ui.page.getByRole("dialog"));
    await onPath(ui.page, EDIT_PATH);
    expect(await checkbox(listSection(s.modes["0"]), fields.amount).isChecked()).toBe(false);
    await visible(textOnPage(ui.page, s.unsaved));

    await eventEntry.click();
    await confirmWithExecute(s.discardConfirm);
    await onPath(ui.page, "/EventList");
    expect(await unloadIsQuestioned(ui.page)).toBe(false);
    // Nothing was saved.
    expect((await layoutOf(ui.page, lang)).isDefault).toBe(true);
  });

  it("shows the viewer the layout without save, cancel or reset, and refuses forged saves with 962", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.viewer);
    await openEditor();
    await visible(textOnPage(ui.page, s.readOnly));
    for (const name of [s.save, s.cancel, s.reset]) expect(await button(ui.page, name).count()).toBe(0);
    await visible(button(ui.page, s.back));
    const properties = listSection(s.modes["0"]);
    expect(await checkbox(properties, fields.eventId).isDisabled()).toBe(true);
    expect(await properties.getByRole("button").count()).toBe(0);
    await expectNoAxeViolations(ui.page, "display format edit (viewer)");
    // Mode 3 lists the part sections' fields in four groups; mode 2 has no picker for the viewer.
    await radio(ui.page, s.modes["3"]).check();
    for (const group of Object.values(s.otherGroups)) await visible(listSection(group));
    expect(await checkbox(listSection(s.otherGroups.party), fields.tel).isChecked()).toBe(true);
    await expectNoAxeViolations(ui.page, "display format edit (other, viewer)");
    await radio(ui.page, s.modes["2"]).check();
    await visible(textOnPage(ui.page, count(DEFAULT_DISPLAY_FORMAT.fixedItems.length)));
    expect(await button(ui.page, s.fixedAdd).count()).toBe(0);

    for (const [path, telegram] of [
      ["event/displayFormat/save", { format: DEFAULT_DISPLAY_FORMAT }],
      ["event/displayFormat/reset", { mode: "0" }],
    ] as const) {
      const forged = await pageCall(ui.page, path, telegram, lang);
      expect(forged.status).toBe(403);
      expect(forged.body.errors).toEqual([{ code: ERROR.forbidden, message: messageNo(lang, "962") }]);
    }
    expect((await layoutOf(ui.page, lang)).isDefault).toBe(true);

    // Opened by URL (no screen left a way back), Back goes to the event list.
    await button(ui.page, s.back).click();
    await onPath(ui.page, "/EventList");
  });
});
