import type { Locator, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import detailEn from "../../src/app/i18n/locales/en/eventDetail.json";
import displayEn from "../../src/app/i18n/locales/en/eventDisplay.json";
import menuEn from "../../src/app/i18n/locales/en/menu.json";
import detailJa from "../../src/app/i18n/locales/ja/eventDetail.json";
import displayJa from "../../src/app/i18n/locales/ja/eventDisplay.json";
import menuJa from "../../src/app/i18n/locales/ja/menu.json";
import { PERMISSION } from "../../src/contract/codes.ts";
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
import { PUBLIC_PATHS } from "../../src/contract/screens.ts";
import { openDatabase } from "../../src/server/db/connect.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS, type TestLang } from "../support/browser.ts";
import { freshDataDir } from "../support/testDatabase.ts";
import {
  ACCOUNTS,
  consoleSession,
  gone,
  hasFocus,
  heading,
  LABELS,
  loginAs,
  messageNo,
  onPath,
  pathOf,
  screenReady,
  textOnPage,
  visible,
} from "./consoleHarness.ts";

const SCREEN = { en: displayEn, ja: displayJa } as const;
const DETAIL = { en: detailEn, ja: detailJa } as const;
const MENU = { en: menuEn, ja: menuJa } as const;
const EDIT_PATH = "/EventItemDisplayFormatEdit";
/** The screen's name: the spec's English (section 2) and the Japanese the console uses for it. */
const SCREEN_NAME = {
  en: "Event detail display customisation edit",
  ja: "イベント詳細表示項目変更",
} as const;
const SAVE_CALL = "**/api/v3/screen/event/displayFormat/save";
const RESET_CALL = "**/api/v3/screen/event/displayFormat/reset";
const TRANSIT_KEY = "fraudConsole.transit";

interface Envelope<T> {
  status: number;
  body: { result: string; errors: { code: string; message: string }[]; telegram: T };
}

/** A console call made by the page's own script, with its cookie, its stored anti-forgery token and company. */
function pageCall<T>(page: Page, path: string, telegram: unknown, lang: TestLang): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ path, telegram, lang }) => {
      const stored = JSON.parse(localStorage.getItem("fraudConsole") ?? "{}") as {
        loginToken?: string;
        loginOperator?: { companyId?: string };
      };
      const response = await fetch(`/api/v3/screen/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          header: { lang, tz: "Asia/Tokyo", currency: "JPY", version: "3.0" },
          info: { token: stored.loginToken, shopId: stored.loginOperator?.companyId ?? "DEMO" },
          telegram,
        }),
      });
      return { status: response.status, body: await response.json() };
    },
    { path, telegram, lang },
  ) as Promise<Envelope<T>>;
}

/** The operator's layout as the event detail reads it (eventDisplayFormatGet), without its version. */
async function layoutOf(page: Page, lang: TestLang) {
  const { version: _, ...layout } = await storedLayoutOf(page, lang);
  return layout;
}

/** The operator's layout with the version a save or reset presents. */
async function storedLayoutOf(page: Page, lang: TestLang) {
  const answer = await pageCall<{ format: DisplayFormat; isDefault: boolean; version: number }>(
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

/** A control as assistive technology gets it: Chromium's computed name and description, and its visible text. */
interface Spoken {
  name: string;
  description: string;
  text: string;
}

/**
 * What Chromium's accessibility tree says of the element (the focused one when no target is given):
 * the name and description a screen reader announces, computed by the browser itself.
 */
async function spokenOf(page: Page, target?: Locator): Promise<Spoken> {
  const probe = "data-spoken-probe";
  if (target) await target.evaluate((element, probe) => element.setAttribute(probe, ""), probe);
  const cdp = await page.context().newCDPSession(page);
  try {
    const found = await cdp.send("Runtime.evaluate", {
      expression: target ? `document.querySelector("[${probe}]")` : "document.activeElement",
    });
    const objectId = found.result.objectId;
    if (!objectId) throw new Error("no element to describe");
    await cdp.send("Accessibility.enable");
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { objectId, fetchRelatives: false });
    const text = await cdp.send("Runtime.callFunctionOn", {
      objectId,
      functionDeclaration: "function () { return this.innerText.trim(); }",
      returnByValue: true,
    });
    return {
      name: String(nodes[0]?.name?.value ?? ""),
      description: String(nodes[0]?.description?.value ?? ""),
      text: String(text.result.value ?? ""),
    };
  } finally {
    await cdp.detach();
    if (target) await target.evaluate((element, probe) => element.removeAttribute(probe), probe);
  }
}

/** Every button of the scope named by its visible text, with its description as given. */
async function buttonsSpoken(scope: Locator): Promise<Spoken[]> {
  const page = scope.page();
  const spoken: Spoken[] = [];
  for (const control of await scope.getByRole("button").all()) spoken.push(await spokenOf(page, control));
  return spoken;
}

/** An entry's row of a list, found by the entry's name as shown. */
const rowOf = (scope: Locator, name: string) =>
  scope.getByRole("listitem").filter({ has: scope.page().getByText(name, { exact: true }) });

describe.each(TEST_LANGS)("event detail display customisation [%s]", (lang) => {
  const l = LABELS[lang];
  const s = SCREEN[lang];
  /** The fixed items' count against their limit, as mode 2 shows it. */
  const count = (n: number) =>
    s.fixedCount.replace("{count}", String(n)).replaceAll("{max}", String(FIXED_ITEM_LIMIT));
  const fields = EVENT_FIELD_LABELS[lang];
  const sections = EVENT_SECTION_LABELS[lang];
  const ui = consoleSession(lang);
  /** A fixed item's name as shown: section and field joined by the language's colon. */
  const fixedName = (section: keyof typeof sections, field: keyof typeof fields) =>
    lang === "ja" ? `${sections[section]}：${fields[field]}` : `${sections[section]}: ${fields[field]}`;
  /** A row control as spoken: its visible text as its name, the entry's name as its description. */
  const rowControl = (label: string, entry: string): Spoken => ({
    name: label,
    description: entry,
    text: label,
  });

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
    // The screen's name as the spec gives it, in the heading and the window title.
    await visible(heading(ui.page, SCREEN_NAME[lang]));
    expect(await ui.page.title()).toContain(SCREEN_NAME[lang]);
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
    // Each move button is named by its visible text alone; the entry's name is its description.
    const moveUpDevice = rowControl(s.moveUpButton, sections.device);
    const moveDownDevice = rowControl(s.moveDownButton, sections.device);
    expect(await spokenOf(ui.page)).toEqual(moveUpDevice);
    await ui.page.keyboard.press("Enter");
    expect(await spokenOf(ui.page)).toEqual(moveUpDevice);
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
    expect(await spokenOf(ui.page)).toEqual(moveUpDevice);
    await ui.page.keyboard.press("Tab");
    expect(await spokenOf(ui.page)).toEqual(moveDownDevice);
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
    expect(await spokenOf(ui.page)).toEqual(moveDownDevice);
    // So is every move button of the list, each described by its own entry.
    const shownCategories = [...expectedCategories.map((key) => sections[key])];
    expect(await buttonsSpoken(categories)).toEqual(
      shownCategories.flatMap((name) => [
        rowControl(s.moveUpButton, name),
        rowControl(s.moveDownButton, name),
      ]),
    );
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

  it("answers a tab whose layout another tab saved meanwhile with 015, reloads it and keeps its unsaved change", async () => {
    // Another tenant's operator: the other tests' layouts stay untouched.
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.acme);
    await openEditor();
    // A second tab of the same session hides the amount and saves first.
    const other = await ui.context.newPage();
    try {
      await other.goto(ui.app.at(EDIT_PATH));
      await visible(heading(other, s.heading));
      await screenReady(other);
      await checkbox(other.getByRole("region", { name: s.modes["0"], exact: true }), fields.amount).uncheck();
      await button(other, s.save).click();
      const question = await visible(other.getByRole("dialog"));
      await button(question, l.execute).click();
      await visible(textOnPage(other, s.ownLayout));
    } finally {
      await other.close();
    }

    // This tab, still on the layout it loaded, hides the card section and saves: refused as stale.
    await radio(ui.page, s.modes["1"]).check();
    await checkbox(listSection(s.modes["1"]), sections.card).uncheck();
    await button(ui.page, s.save).click();
    await confirmWithExecute(s.saveConfirm);
    await visible(textOnPage(ui.page, messageNo(lang, "015")));
    // Reloaded under the change: the other tab's hidden amount is shown hidden here too, the card
    // section stays hidden, and the change is still unsaved; nothing of it was stored.
    await visible(textOnPage(ui.page, s.unsaved));
    await screenReady(ui.page);
    expect(await checkbox(listSection(s.modes["1"]), sections.card).isChecked()).toBe(false);
    await radio(ui.page, s.modes["0"]).check();
    expect(await checkbox(listSection(s.modes["0"]), fields.amount).isChecked()).toBe(false);
    expect((await layoutOf(ui.page, lang)).format.categories).toEqual(DEFAULT_DISPLAY_FORMAT.categories);
    await expectNoAxeViolations(ui.page, "display format edit (after 015)");

    // Saved again (now from the version reloaded): both tabs' changes are stored.
    await button(ui.page, s.save).click();
    await confirmWithExecute(s.saveConfirm);
    await visible(textOnPage(ui.page, messageNo(lang, "002")));
    await gone(textOnPage(ui.page, s.unsaved));
    const stored = await layoutOf(ui.page, lang);
    expect(stored.format.eventProperties).not.toContain("amount");
    expect(stored.format.categories).not.toContain("card");
    for (const mode of ["0", "1"]) {
      const { version } = await storedLayoutOf(ui.page, lang);
      expect((await pageCall(ui.page, "event/displayFormat/reset", { mode, version }, lang)).status).toBe(
        200,
      );
    }
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
    await button(rowOf(listSection(s.modes["1"]), sections.device), s.moveUpButton).click();
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
      const { version } = await storedLayoutOf(ui.page, lang);
      const reset = await pageCall(ui.page, "event/displayFormat/reset", { mode, version }, lang);
      expect(reset.status).toBe(200);
    }
    expect((await layoutOf(ui.page, lang)).isDefault).toBe(true);
    await ui.page.reload();
    await visible(heading(ui.page, d.heading));
    await expect.poll(detailSections).toEqual(DEFAULT_DISPLAY_FORMAT.categories.map((key) => sections[key]));
  });

  it("changes in mode 3 (other) what the detail shows of the parties, the order items and the device", async () => {
    const d = DETAIL[lang];
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    await openEditor();
    const eventId = await demoEventId(ui.page, lang);
    const region = (name: string) => ui.page.getByRole("region", { name, exact: true });
    const label = (section: string, field: string) => region(section).getByText(field, { exact: true });
    const itemColumns = async () =>
      (await region(sections.items).getByRole("columnheader").allTextContents()).map((text) => text.trim());
    const openDetail = async () => {
      await ui.page.goto(ui.app.at(`/EventDetail?eventId=${encodeURIComponent(eventId)}`));
      await visible(heading(ui.page, d.heading));
      await screenReady(ui.page);
    };

    // The default layout shows them all.
    await openDetail();
    for (const party of [sections.purchaser, sections.shipping]) await visible(label(party, fields.zipcode));
    await visible(label(sections.device, fields.useragent));
    expect(await itemColumns()).toContain(fields.itemName);

    await openEditor();
    await radio(ui.page, s.modes["3"]).check();
    await checkbox(listSection(s.otherGroups.party), fields.zipcode).uncheck();
    await checkbox(listSection(s.otherGroups.item), fields.itemName).uncheck();
    await checkbox(listSection(s.otherGroups.device), fields.useragent).uncheck();
    await button(ui.page, s.save).click();
    await confirmWithExecute(s.saveConfirm);
    await visible(textOnPage(ui.page, s.ownLayout));

    // Hidden from both parties, from the items table and from the device; the rest stays.
    await openDetail();
    for (const party of [sections.purchaser, sections.shipping]) {
      expect(await label(party, fields.zipcode).count()).toBe(0);
      await visible(label(party, fields.tel));
    }
    expect(await label(sections.device, fields.useragent).count()).toBe(0);
    await visible(label(sections.device, fields.ipaddress));
    const columns = await itemColumns();
    expect(columns).not.toContain(fields.itemName);
    expect(columns).toContain(fields.price);
    await expectNoAxeViolations(ui.page, "event detail (mode 3 fields hidden)");

    // Reset to default (mode 3) shows them again.
    await openEditor();
    await radio(ui.page, s.modes["3"]).check();
    await button(ui.page, s.reset).click();
    await confirmWithExecute(s.resetConfirm["3"]);
    await visible(textOnPage(ui.page, s.defaultInUse));
    await openDetail();
    await visible(label(sections.purchaser, fields.zipcode));
    expect(await itemColumns()).toContain(fields.itemName);
  });

  it("shows the fixed items against the limit of 8 and takes no ninth", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    await openEditor();
    await radio(ui.page, s.modes["2"]).check();
    await visible(textOnPage(ui.page, count(DEFAULT_DISPLAY_FORMAT.fixedItems.length)));
    const fixedList = listSection(s.modes["2"]).getByRole("list");
    // Section and field are joined by the language's colon: full-width and unspaced in Japanese.
    await visible(fixedList.getByText(fixedName("purchaser", "tel"), { exact: true }));
    if (lang === "ja") expect(await fixedList.getByText(`${sections.purchaser}: `).count()).toBe(0);

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
    expect(await rowOf(fixedList, fixedName("device", "cookie")).count()).toBe(0);
    await expectNoAxeViolations(ui.page, "display format edit (fixed items at the limit)");

    // Every row's buttons are named by their visible text and described by the row's item.
    const rowNames = [
      ...DEFAULT_DISPLAY_FORMAT.fixedItems.map((item) => {
        const [section, field] = item.split(".") as [keyof typeof sections, keyof typeof fields];
        return fixedName(section, field);
      }),
      ...additions.map(([section, field]) => fixedName(section, field)),
    ];
    expect(await buttonsSpoken(fixedList)).toEqual(
      rowNames.flatMap((name) => [
        rowControl(s.moveUpButton, name),
        rowControl(s.moveDownButton, name),
        rowControl(s.fixedRemoveButton, name),
      ]),
    );

    // Remove by keyboard on the last row: the focus goes to the row before it, not to the page.
    const removeOf = (name: string) => button(rowOf(fixedList, name), s.fixedRemoveButton);
    await removeOf(fixedName("card", "cardBrand")).focus();
    await ui.page.keyboard.press("Enter");
    await visible(textOnPage(ui.page, count(FIXED_ITEM_LIMIT - 1)));
    expect(await spokenOf(ui.page)).toEqual(
      rowControl(s.fixedRemoveButton, fixedName("shipping", "fullAddress")),
    );

    // Cancel, once the discard is confirmed, puts the saved (default) fixed items back; the focus
    // comes back to Cancel.
    await button(ui.page, s.cancel).click();
    await confirmWithExecute(s.cancelConfirm);
    await visible(textOnPage(ui.page, count(DEFAULT_DISPLAY_FORMAT.fixedItems.length)));
    await expect.poll(() => hasFocus(button(ui.page, s.cancel))).toBe(true);
    expect((await layoutOf(ui.page, lang)).isDefault).toBe(true);

    // Remove on the first row hands the focus to the next row's Remove, so Enter after Enter
    // empties the list; the last one leaves the focus on Add.
    await removeOf(rowNames[0] ?? "").focus();
    for (const [index, next] of rowNames.slice(1, DEFAULT_DISPLAY_FORMAT.fixedItems.length).entries()) {
      await ui.page.keyboard.press("Enter");
      await visible(textOnPage(ui.page, count(DEFAULT_DISPLAY_FORMAT.fixedItems.length - index - 1)));
      expect(await spokenOf(ui.page)).toEqual(rowControl(s.fixedRemoveButton, next));
    }
    await ui.page.keyboard.press("Enter");
    await visible(textOnPage(ui.page, s.fixedNone));
    expect(await hasFocus(button(ui.page, s.fixedAdd))).toBe(true);
    await expectNoAxeViolations(ui.page, "display format edit (no fixed items)");
    await button(ui.page, s.cancel).click();
    await confirmWithExecute(s.cancelConfirm);
    await visible(textOnPage(ui.page, count(DEFAULT_DISPLAY_FORMAT.fixedItems.length)));
  });

  it("asks before Cancel discards unsaved changes of any mode; declined, they all stay", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    await openEditor();
    await checkbox(listSection(s.modes["0"]), fields.amount).uncheck();
    await radio(ui.page, s.modes["3"]).check();
    await checkbox(listSection(s.otherGroups.device), fields.cookie).uncheck();

    await button(ui.page, s.cancel).click();
    const dialog = await visible(ui.page.getByRole("dialog"));
    await visible(dialog.getByText(s.cancelConfirm, { exact: true }));
    await expectNoAxeViolations(ui.page, "cancel (discard) confirmation");
    await button(dialog, l.cancel).click();
    await gone(ui.page.getByRole("dialog"));
    // Declined: both modes' edits are still there, unsaved.
    await visible(textOnPage(ui.page, s.unsaved));
    expect(await checkbox(listSection(s.otherGroups.device), fields.cookie).isChecked()).toBe(false);
    await radio(ui.page, s.modes["0"]).check();
    expect(await checkbox(listSection(s.modes["0"]), fields.amount).isChecked()).toBe(false);

    // Agreed: the saved layout is back in every mode.
    await button(ui.page, s.cancel).click();
    await confirmWithExecute(s.cancelConfirm);
    await gone(textOnPage(ui.page, s.unsaved));
    expect(await checkbox(listSection(s.modes["0"]), fields.amount).isChecked()).toBe(true);
    await radio(ui.page, s.modes["3"]).check();
    expect(await checkbox(listSection(s.otherGroups.device), fields.cookie).isChecked()).toBe(true);
    expect((await layoutOf(ui.page, lang)).isDefault).toBe(true);
  });

  it("keeps the focus on Save and Reset to default through Escape and through a slow save and reset", async () => {
    // The server's answer waits until the test lets it through, so the focus is seen mid-call.
    let release: () => void = () => undefined;
    const hold = async (route: Route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    };
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    await openEditor();
    const save = button(ui.page, s.save);
    const reset = button(ui.page, s.reset);
    const dialog = ui.page.getByRole("dialog");
    /** The focus is on the control now and still there a while later (past the dialog's closing delay). */
    const keepsFocus = async (control: Locator) => {
      await expect.poll(() => hasFocus(control)).toBe(true);
      await ui.page.waitForTimeout(300);
      expect(await hasFocus(control)).toBe(true);
    };

    await checkbox(listSection(s.modes["0"]), fields.amount).uncheck();
    // Escape closes the question and gives the focus back to the button that asked it.
    await save.focus();
    await ui.page.keyboard.press("Enter");
    await visible(dialog.getByText(s.saveConfirm, { exact: true }));
    await ui.page.keyboard.press("Escape");
    await gone(dialog);
    await keepsFocus(save);

    // Execute while the server takes its time: the focus is on Save all through the call and after.
    await ui.page.route(SAVE_CALL, hold);
    try {
      await ui.page.keyboard.press("Enter");
      await confirmWithExecute(s.saveConfirm);
      await keepsFocus(save);
      expect(await save.getAttribute("aria-disabled")).toBe("true");
      release();
      await visible(textOnPage(ui.page, s.ownLayout));
      await screenReady(ui.page);
      await keepsFocus(save);
    } finally {
      release();
      await ui.page.unroute(SAVE_CALL, hold);
    }
    expect((await layoutOf(ui.page, lang)).format.eventProperties).not.toContain("amount");

    // The same for Reset to default.
    await reset.focus();
    await ui.page.keyboard.press("Enter");
    await visible(dialog.getByText(s.resetConfirm["0"], { exact: true }));
    await ui.page.keyboard.press("Escape");
    await gone(dialog);
    await keepsFocus(reset);
    await ui.page.route(RESET_CALL, hold);
    try {
      await ui.page.keyboard.press("Enter");
      await confirmWithExecute(s.resetConfirm["0"]);
      await keepsFocus(reset);
      expect(await reset.getAttribute("aria-disabled")).toBe("true");
      release();
      await visible(textOnPage(ui.page, s.defaultInUse));
      await screenReady(ui.page);
      await keepsFocus(reset);
    } finally {
      release();
      await ui.page.unroute(RESET_CALL, hold);
    }
    expect(await layoutOf(ui.page, lang)).toEqual({ format: DEFAULT_DISPLAY_FORMAT, isDefault: true });
    await expectNoAxeViolations(ui.page, "display format edit (after reset)");
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

  it("asks before the browser's Back leaves with unsaved changes; declined, the edits stay", async () => {
    const d = DETAIL[lang];
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    await openEditor();
    const eventId = await demoEventId(ui.page, lang);
    const detailUrl = `/EventDetail?eventId=${encodeURIComponent(eventId)}`;
    const onDetail = () => ui.page.waitForURL((url) => `${url.pathname}${url.search}` === `/v3${detailUrl}`);
    await ui.page.goto(ui.app.at(detailUrl));
    await visible(heading(ui.page, d.heading));
    await screenReady(ui.page);
    // Opened in the page (a history entry of the same document, as the browser's Back then goes to).
    await button(ui.page, d.changeDisplayedItems).click();
    await onPath(ui.page, EDIT_PATH);
    await screenReady(ui.page);
    await checkbox(listSection(s.modes["0"]), fields.amount).uncheck();

    await ui.page.goBack();
    const dialog = await visible(ui.page.getByRole("dialog"));
    await visible(dialog.getByText(s.discardConfirm, { exact: true }));
    expect(pathOf(ui.page)).toBe(EDIT_PATH);
    await button(dialog, l.cancel).click();
    await gone(ui.page.getByRole("dialog"));
    // Declined: the screen and its edit stay (the editor takes input again once the dialog is closed).
    await expect.poll(() => button(ui.page, s.back).getAttribute("aria-disabled")).not.toBe("true");
    expect(pathOf(ui.page)).toBe(EDIT_PATH);
    await visible(textOnPage(ui.page, s.unsaved));
    expect(await checkbox(listSection(s.modes["0"]), fields.amount).isChecked()).toBe(false);

    // Agreed: back to the event detail, nothing saved.
    await ui.page.goBack();
    await confirmWithExecute(s.discardConfirm);
    await onDetail();
    await visible(heading(ui.page, d.heading));
    expect(await unloadIsQuestioned(ui.page)).toBe(false);
    expect((await layoutOf(ui.page, lang)).isDefault).toBe(true);

    // Nothing unsaved: Back leaves at once.
    await screenReady(ui.page);
    await button(ui.page, d.changeDisplayedItems).click();
    await onPath(ui.page, EDIT_PATH);
    await screenReady(ui.page);
    await ui.page.goBack();
    await onDetail();
    expect(await ui.page.getByRole("dialog").count()).toBe(0);
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

  it("says a section whose items the layout all hides is hidden, not that the event has no data", async () => {
    const d = DETAIL[lang];
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    await openEditor();
    const eventId = await demoEventId(ui.page, lang);
    // Mode 3: no device field, no order item column, and of the party fields only the shipping one.
    const { version } = await storedLayoutOf(ui.page, lang);
    const saved = await pageCall(
      ui.page,
      "event/displayFormat/save",
      {
        format: {
          ...DEFAULT_DISPLAY_FORMAT,
          otherItems: {
            ...DEFAULT_DISPLAY_FORMAT.otherItems,
            party: ["deliveryCompany"],
            item: [],
            device: [],
          },
        },
        version,
      },
      lang,
    );
    expect(saved.status).toBe(200);
    await ui.page.goto(ui.app.at(`/EventDetail?eventId=${encodeURIComponent(eventId)}`));
    await visible(heading(ui.page, d.heading));
    await screenReady(ui.page);
    const region = (name: string) => ui.page.getByRole("region", { name, exact: true });
    for (const name of [sections.purchaser, sections.device]) {
      await visible(region(name).getByText(d.allHidden, { exact: true }));
      expect(await region(name).getByText(d.noData, { exact: true }).count()).toBe(0);
    }
    await visible(region(sections.items).getByText(d.allColumnsHidden, { exact: true }));
    expect(await region(sections.items).getByRole("table").count()).toBe(0);
    expect(await region(sections.items).getByText(d.noEntries, { exact: true }).count()).toBe(0);
    // Sections with a field shown say nothing of the kind.
    for (const name of [sections.shipping, sections.card, sections.basic])
      expect(await region(name).getByText(d.allHidden, { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(ui.page, "event detail (sections hidden by the layout)");

    const reset = await pageCall(
      ui.page,
      "event/displayFormat/reset",
      { mode: "3", version: (await storedLayoutOf(ui.page, lang)).version },
      lang,
    );
    expect(reset.status).toBe(200);
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
      ["event/displayFormat/save", { format: DEFAULT_DISPLAY_FORMAT, version: 0 }],
      ["event/displayFormat/reset", { mode: "0", version: 0 }],
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

/** A demo database whose viewer role may not open the display customisation (permission 20). */
async function viewerWithoutDisplayFormat(): Promise<string> {
  const dataDir = await freshDataDir();
  const handle = await openDatabase({ dataDir });
  try {
    await handle.db
      .updateTable("role_permissions")
      .set({ permission: PERMISSION.none })
      .where("company_id", "=", "DEMO")
      .where("role_id", "=", "viewer")
      .where("screen_id", "=", "EventItemDisplayFormatEdit")
      .execute();
  } finally {
    await handle.close();
  }
  return dataDir;
}

describe.each(TEST_LANGS)("event detail for a role without the display customisation [%s]", (lang) => {
  const ui = consoleSession(lang, { dataDir: viewerWithoutDisplayFormat });

  it("does not offer Change displayed items, and the screen opened by address answers 962", async () => {
    const d = DETAIL[lang];
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.viewer);
    await screenReady(ui.page);
    const eventId = await demoEventId(ui.page, lang);
    await ui.page.goto(ui.app.at(`/EventDetail?eventId=${encodeURIComponent(eventId)}`));
    await visible(heading(ui.page, d.heading));
    await screenReady(ui.page);
    const navigation = ui.page.getByRole("navigation", { name: d.navigation, exact: true });
    await visible(button(navigation, d.back));
    await visible(button(navigation, d.next));
    expect(await button(ui.page, d.changeDisplayedItems).count()).toBe(0);
    await expectNoAxeViolations(ui.page, "event detail (no display customisation)");

    await ui.page.goto(ui.app.at(EDIT_PATH));
    await onPath(ui.page, PUBLIC_PATHS.systemError);
    await visible(textOnPage(ui.page, messageNo(lang, "962")));
  });
});
