import { createHash } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import detailEn from "../../src/app/i18n/locales/en/eventDetail.json";
import displayEn from "../../src/app/i18n/locales/en/eventDisplay.json";
import listEn from "../../src/app/i18n/locales/en/eventList.json";
import shellEn from "../../src/app/i18n/locales/en/shell.json";
import shortcutsEn from "../../src/app/i18n/locales/en/shortcuts.json";
import detailJa from "../../src/app/i18n/locales/ja/eventDetail.json";
import displayJa from "../../src/app/i18n/locales/ja/eventDisplay.json";
import listJa from "../../src/app/i18n/locales/ja/eventList.json";
import shellJa from "../../src/app/i18n/locales/ja/shell.json";
import shortcutsJa from "../../src/app/i18n/locales/ja/shortcuts.json";
import { EDIT_LOCK_RENEW_MINUTES } from "../../src/contract/eventActions.ts";
import { codeLabel } from "../../src/contract/eventCodeLabels.ts";
import { DEFAULT_DISPLAY_FORMAT } from "../../src/contract/eventDisplayFormat.ts";
import { EVENT_FIELD_LABELS, EVENT_SECTION_LABELS } from "../../src/contract/eventFields.ts";
import { EMPTY_DETAIL_SEARCH, searchToQuery } from "../../src/contract/eventSearch.ts";
import { messageText } from "../../src/contract/messages.ts";
import { FORCED_NG_DESCRIPTION, FORCED_NG_RULE_CODE } from "../../src/contract/screening.ts";
import { SETTLE_STATUS } from "../../src/contract/screeningApi.ts";
import { expectNoAxeViolations } from "../support/axe.ts";
import { TEST_LANGS, type TestLang } from "../support/browser.ts";
import {
  ACCOUNTS,
  type Account,
  type ConsoleSession,
  consoleSession,
  descriptionOf,
  gone,
  hasFocus,
  heading,
  LABELS,
  loginAs,
  messageNo,
  onPath,
  screenReady,
  textOnPage,
  visible,
} from "./consoleHarness.ts";
import {
  consoleCall,
  reportSettleStatus,
  reviewEventIds,
  screenTransaction,
  shopOf,
} from "./eventDetailCalls.ts";

const SCREEN = { en: detailEn, ja: detailJa } as const;
const SHELL = { en: shellEn, ja: shellJa } as const;
const DISPLAY = { en: displayEn, ja: displayJa } as const;
const SHORTCUTS = { en: shortcutsEn, ja: shortcutsJa } as const;
const LIST = { en: listEn, ja: listJa } as const;

/** Every body row of a table as its cells' text. */
const tableRows = (table: Locator): Promise<string[][]> =>
  table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].map((cell) => (cell.textContent ?? "").trim())),
    );

describe.each(TEST_LANGS)("event detail [%s]", (lang: TestLang) => {
  const s = SCREEN[lang];
  const ui: ConsoleSession = consoleSession(lang);
  const action = (page: Page, name: keyof typeof s.actions) =>
    page.getByRole("button", { name: s.actions[name], exact: true });
  const dialogOf = (page: Page, name: keyof typeof s.dialogTitle) =>
    page.getByRole("dialog", { name: s.dialogTitle[name], exact: true });

  async function openDetail(page: Page, eventId: string): Promise<void> {
    await page.goto(ui.app.at(`/EventDetail?eventId=${encodeURIComponent(eventId)}`));
    await visible(heading(page, s.heading));
    await screenReady(page);
  }

  /** Save in the open dialog, then Execute in the confirmation dialog. */
  async function saveAndConfirm(page: Page, dialog: Locator): Promise<void> {
    await dialog.getByRole("button", { name: s.save, exact: true }).click();
    const confirm = await visible(page.getByRole("dialog", { name: SHELL[lang].confirmTitle, exact: true }));
    await confirm.getByRole("button", { name: LABELS[lang].execute, exact: true }).click();
  }

  /** The edit-discard question a dialog holding typed values asks as it is cancelled. */
  const discardQuestion = async (page: Page): Promise<Locator> => {
    const question = await visible(page.getByRole("dialog", { name: SHELL[lang].confirmTitle, exact: true }));
    await visible(question.getByText(s.discardConfirm, { exact: true }));
    return question;
  };

  /** Cancel in a dialog holding typed values, agreeing to throw them away. */
  async function cancelTyped(page: Page, dialog: Locator): Promise<void> {
    await dialog.getByRole("button", { name: s.cancel, exact: true }).click();
    const question = await discardQuestion(page);
    await question.getByRole("button", { name: LABELS[lang].execute, exact: true }).click();
    await gone(dialog);
  }

  /** A second operator in a browser of their own, signed in and on the same event. */
  async function secondOperator(account: Account, eventId: string) {
    const other = await ui.browser.newPage(lang);
    await loginAs(other.page, ui.app, lang, account);
    await openDetail(other.page, eventId);
    return other;
  }

  it("gives a REVIEW event NG with a reason through the confirmation, and the history shows it", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const [eventId] = await reviewEventIds(ui.app, ui);
    if (!eventId) throw new Error("the demo data has no REVIEW event");
    await openDetail(ui.page, eventId);
    await expectNoAxeViolations(ui.page, "event detail");

    // By keyboard: Enter on NG opens its dialog with focus inside it, on the reason.
    await action(ui.page, "ng").focus();
    await ui.page.keyboard.press("Enter");
    const dialog = await visible(dialogOf(ui.page, "ng"));
    await expectNoAxeViolations(ui.page, "NG dialog");
    const reason = dialog.getByLabel(s.fields.reason, { exact: true });
    await expect.poll(() => reason.evaluate((field) => field === document.activeElement)).toBe(true);
    // The event's labels come ticked (a result keeps them); the history records them.
    const labels = (
      await dialog
        .getByRole("checkbox", { checked: true })
        .evaluateAll((boxes) => boxes.map((box) => (box.closest("label")?.textContent ?? "").trim()))
    ).join(", ");
    // NG needs a reason: Enter without one is refused in the browser, focus stays on the reason.
    await ui.page.keyboard.press("Enter");
    await expect.poll(() => reason.getAttribute("aria-invalid")).toBe("true");
    // The reason's 200 characters are code points, as the server counts them: 150 of 𠮷 (two UTF-16
    // units each) are kept whole, not cut at 100.
    await reason.fill("𠮷".repeat(150));
    expect([...(await reason.inputValue())].length).toBe(150);
    await reason.fill("");
    await ui.page.keyboard.type("Card reported stolen");
    // A memo of two lines (the issuer's answer on its own line) keeps them in the history.
    await dialog.getByLabel(s.fields.memo, { exact: true }).fill("Called the issuer\nCard blocked");
    await reason.focus();
    await ui.page.keyboard.press("Enter");
    const confirm = await visible(
      ui.page.getByRole("dialog", { name: SHELL[lang].confirmTitle, exact: true }),
    );
    await expectNoAxeViolations(ui.page, "NG confirmation");
    await confirm.getByRole("button", { name: LABELS[lang].execute, exact: true }).focus();
    await ui.page.keyboard.press("Enter");

    await gone(dialogOf(ui.page, "ng"));
    await visible(textOnPage(ui.page, messageNo(lang, "002")));
    const history = ui.page.getByRole("table", { name: s.tables.manualHistory, exact: true });
    // Newest first: the NG just given, with its reason, operator and the event's labels.
    await expect
      .poll(async () => (await tableRows(history))[0])
      .toEqual([
        expect.stringMatching(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/),
        codeLabel(lang, "maresult", "20"),
        "Card reported stolen",
        ACCOUNTS.admin.name,
        "Called the issuer\nCard blocked",
        labels,
      ]);
    // As shown, not only as held: the memo's line break is not folded into a space.
    await expect
      .poll(() =>
        history
          .locator("tbody tr")
          .first()
          .locator("td")
          .nth(4)
          // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered is what is checked
          .evaluate((cell) => (cell as HTMLElement).innerText),
      )
      .toBe("Called the issuer\nCard blocked");
    // Focus is back on the button the dialog was opened with.
    await expect
      .poll(() => action(ui.page, "ng").evaluate((button) => button === document.activeElement))
      .toBe(true);

    // The next NG offers the tenant's usual NG reasons as the reason is typed, this one among them.
    await action(ui.page, "ng").click();
    const again = await visible(dialogOf(ui.page, "ng"));
    const suggested = () =>
      again
        .getByLabel(s.fields.reason, { exact: true })
        .evaluate((field) =>
          [...((field as HTMLInputElement).list?.options ?? [])].map((option) => option.value),
        );
    await expect.poll(suggested).toContain("Card reported stolen");
    await expectNoAxeViolations(ui.page, "NG dialog with suggested reasons");
    await expectNoAxeViolations(ui.page, "update negative dialog with each party's state");
    await again.getByRole("button", { name: s.cancel, exact: true }).click();
    await gone(dialogOf(ui.page, "ng"));
  });

  it("asks before Escape throws away what was typed in a dialog; declined, the values stay; an untouched dialog closes at once", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const { eventId } = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-discard-${lang}-${Date.now()}`,
      amount: 2900,
      purchaser: { fullAddress: "宮城県仙台市青葉区1-1", zipcode: "9800001", tel: "022-123-4567" },
    });
    await openDetail(ui.page, eventId);
    // Untouched: Escape closes it without a question.
    await action(ui.page, "ng").click();
    const untouched = await visible(dialogOf(ui.page, "ng"));
    await ui.page.keyboard.press("Escape");
    await gone(untouched);
    expect(await ui.page.getByRole("dialog").count()).toBe(0);

    await expect.poll(() => action(ui.page, "ng").isEnabled()).toBe(true);
    await action(ui.page, "ng").click();
    const dialog = await visible(dialogOf(ui.page, "ng"));
    const reason = dialog.getByLabel(s.fields.reason, { exact: true });
    await reason.fill("Card reported stolen by the holder");
    await ui.page.keyboard.press("Escape");
    const question = await discardQuestion(ui.page);
    await expectNoAxeViolations(ui.page, "edit-discard question");
    // Declined (Escape on the question): the dialog and its values stay, the focus back in it.
    await ui.page.keyboard.press("Escape");
    await gone(question);
    await visible(dialog);
    expect(await reason.inputValue()).toBe("Card reported stolen by the holder");
    await expect.poll(() => reason.evaluate((field) => field === document.activeElement)).toBe(true);
    // Agreed: the dialog goes, and opened again it starts afresh.
    await cancelTyped(ui.page, dialog);
    await expect.poll(() => action(ui.page, "ng").isEnabled()).toBe(true);
    await action(ui.page, "ng").click();
    const afresh = await visible(dialogOf(ui.page, "ng"));
    expect(await afresh.getByLabel(s.fields.reason, { exact: true }).inputValue()).toBe("");
    await ui.page.keyboard.press("Escape");
    await gone(afresh);
  });

  it("assigns the event to an operator who may screen it: the dialog offers no viewer, and the event shows the assignee", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const { eventId } = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-assign-${lang}-${Date.now()}`,
      amount: 2500,
      purchaser: { fullAddress: "福岡県福岡市中央区天神2-2", zipcode: "8100001", tel: "092-123-4567" },
    });
    await openDetail(ui.page, eventId);
    const assigneeLabel = EVENT_FIELD_LABELS[lang].assigneeName;
    const shownAssignee = () =>
      ui.page
        .getByText(assigneeLabel, { exact: true })
        .first()
        .evaluate((label) => label.nextElementSibling?.textContent ?? "");

    await action(ui.page, "assign").click();
    const dialog = await visible(dialogOf(ui.page, "assign"));
    const field = dialog.getByLabel(s.fields.assignee, { exact: true });
    const offered = await field.locator("option").allTextContents();
    expect(offered).toContain(s.unassigned);
    expect(offered).toContain(ACCOUNTS.admin.name);
    expect(offered).toContain(ACCOUNTS.reviewer.name);
    // The viewer's role cannot give a result, so it is not offered (and the server refuses it).
    expect(offered).not.toContain(ACCOUNTS.viewer.name);
    await expectNoAxeViolations(ui.page, "assign dialog");
    await field.selectOption({ label: ACCOUNTS.reviewer.name });
    await saveAndConfirm(ui.page, dialog);
    await gone(dialogOf(ui.page, "assign"));
    await visible(textOnPage(ui.page, messageNo(lang, "001")));
    await expect.poll(shownAssignee).toBe(ACCOUNTS.reviewer.name);
  });

  it("keeps showing the event gone back to while a save of the event left answers, and tells that save's outcome", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const tel = `078-${lang === "en" ? "4" : "5"}${String(Date.now()).slice(-6)}`;
    const purchaser = { tel, fullAddress: "兵庫県神戸市中央区1-1", zipcode: "6500001" };
    const left = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-left-saving-${lang}-1-${Date.now()}`,
      amount: 3300,
      purchaser,
    });
    const shown = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-left-saving-${lang}-2-${Date.now()}`,
      amount: 3400,
      purchaser,
    });
    const memoText = `Asked the bank (${lang})`;
    // From the second event to the first (related by the phone number) within the app, so that the
    // browser's Back shows the second again on the same screen.
    await openDetail(ui.page, shown.eventId);
    const related = ui.page.getByRole("table", { name: s.tables.relatedEvents, exact: true });
    await (await visible(related.getByRole("link", { name: left.eventId, exact: true }))).click();
    await expect.poll(() => new URL(ui.page.url()).searchParams.get("eventId")).toBe(left.eventId);
    await screenReady(ui.page);

    // The memo's save is held on its way until the operator has gone back.
    let sendSave: () => void = () => undefined;
    const saveSent = new Promise<void>((done) => {
      sendSave = done;
    });
    let saveHeld: () => void = () => undefined;
    const held = new Promise<void>((done) => {
      saveHeld = done;
    });
    await ui.page.route("**/api/v3/screen/event/memo", async (route) => {
      saveHeld();
      await saveSent;
      await route.continue();
    });
    await action(ui.page, "memo").click();
    const dialog = await visible(dialogOf(ui.page, "memo"));
    await dialog.getByLabel(s.fields.screeningMemo, { exact: true }).fill(memoText);
    await saveAndConfirm(ui.page, dialog);
    await held;
    await ui.page.goBack();
    await expect.poll(() => new URL(ui.page.url()).searchParams.get("eventId")).toBe(shown.eventId);
    // The save's dialog leaves with its event; the actions of the event shown wait for its answer.
    await gone(dialog);
    await expect.poll(() => action(ui.page, "memo").isDisabled()).toBe(true);
    sendSave();

    // Saved on the event left (001), which does not take the place of the event shown.
    await visible(textOnPage(ui.page, messageNo(lang, "001")));
    await expect.poll(() => action(ui.page, "memo").isDisabled()).toBe(false);
    await ui.page.unroute("**/api/v3/screen/event/memo");
    await screenReady(ui.page);
    const memos = ui.page.getByRole("heading", { level: 3, name: s.tables.memos, exact: true });
    expect(await memos.evaluate((title) => title.nextElementSibling?.textContent)).toBe(s.noEntries);
    expect(await ui.page.getByText(memoText).count()).toBe(0);
    // The actions work on the event shown: its memo dialog opens on it, and is saved there.
    await action(ui.page, "memo").click();
    const again = await visible(dialogOf(ui.page, "memo"));
    await again.getByLabel(s.fields.screeningMemo, { exact: true }).fill(`${memoText} 2`);
    await saveAndConfirm(ui.page, again);
    await gone(again);
    await visible(ui.page.getByText(`${memoText} 2`, { exact: true }));
    // The first memo is on the event it was written on.
    await openDetail(ui.page, left.eventId);
    await visible(ui.page.getByText(memoText, { exact: true }));
    expect(await ui.page.getByText(`${memoText} 2`, { exact: true }).count()).toBe(0);
  });

  it("shows the server's refusal of the chosen assignee at the assignee field, the dialog kept open", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const { eventId } = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-assign-gone-${lang}-${Date.now()}`,
      amount: 2600,
      purchaser: { fullAddress: "福岡県福岡市中央区天神2-3", zipcode: "8100001", tel: "092-123-4568" },
    });
    await openDetail(ui.page, eventId);
    // The operator chosen is gone by the time the save arrives (deleted meanwhile): an ID no operator has.
    await ui.page.route("**/api/v3/screen/event/assign", async (route) => {
      const body = route.request().postDataJSON() as { telegram: Record<string, unknown> };
      await route.continue({
        postData: JSON.stringify({ ...body, telegram: { ...body.telegram, assigneeId: 987_654_321 } }),
      });
    });
    await action(ui.page, "assign").click();
    const dialog = await visible(dialogOf(ui.page, "assign"));
    const field = dialog.getByLabel(s.fields.assignee, { exact: true });
    await field.selectOption({ label: ACCOUNTS.reviewer.name });
    await saveAndConfirm(ui.page, dialog);
    const refusal = messageText(lang, "validation.unknownOperator");
    await visible(dialog.getByText(refusal));
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    // Told with the field (its description), not only somewhere in the dialog.
    expect(await descriptionOf(field)).toContain(refusal);
    await ui.page.unroute("**/api/v3/screen/event/assign");
    await cancelTyped(ui.page, dialog);
  });

  it("puts the keyboard focus on the labels when the server refuses the chosen ones", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const { eventId } = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-label-gone-${lang}-${Date.now()}`,
      amount: 2700,
      purchaser: { fullAddress: "福岡県福岡市中央区天神2-4", zipcode: "8100001", tel: "092-123-4569" },
    });
    await openDetail(ui.page, eventId);
    // A label ticked is gone by the time the save arrives (deleted meanwhile): an ID the tenant lacks.
    const LABELS_CALL = "**/api/v3/screen/event/labels";
    await ui.page.route(LABELS_CALL, async (route) => {
      const body = route.request().postDataJSON() as { telegram: { labelIds: string[] } };
      await route.continue({
        postData: JSON.stringify({
          ...body,
          telegram: { ...body.telegram, labelIds: [...body.telegram.labelIds, "GONE-LABEL"] },
        }),
      });
    });
    await action(ui.page, "label").click();
    const dialog = await visible(dialogOf(ui.page, "label"));
    const labels = dialog.getByRole("group", { name: s.fields.labels, exact: true });
    await labels.getByRole("checkbox").first().check();
    // Save by keyboard, then Execute.
    await dialog.getByRole("button", { name: s.save, exact: true }).focus();
    await ui.page.keyboard.press("Enter");
    const confirm = await visible(
      ui.page.getByRole("dialog", { name: SHELL[lang].confirmTitle, exact: true }),
    );
    await confirm.getByRole("button", { name: LABELS[lang].execute, exact: true }).click();
    await visible(labels.getByText(messageText(lang, "validation.unknownLabel"), { exact: true }));
    // The focus lands on the first checkbox of the group the refusal is about, not on the page's body.
    await expect.poll(() => hasFocus(labels.getByRole("checkbox").first())).toBe(true);
    await expectNoAxeViolations(ui.page, "label dialog refused at its labels");
    await ui.page.unroute(LABELS_CALL);
    await cancelTyped(ui.page, dialog);
  });

  it("lays field lists two abreast on a wide screen (shipping beside the purchaser, each differing value noted; the basic fields in two columns) under navigation and actions that stay in view; stacked when narrow", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const tel = `06-${lang === "en" ? "6" : "7"}${String(Date.now()).slice(-7)}`;
    const screened = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-parties-${lang}-${Date.now()}`,
      amount: 5400,
      purchaser: { tel, fullAddress: "東京都千代田区丸の内1-1", zipcode: "1000005" },
      shipping: { tel, fullAddress: "大阪府大阪市北区梅田3-3", zipcode: "5300001" },
    });
    await ui.page.setViewportSize({ width: 1366, height: 768 });
    await openDetail(ui.page, screened.eventId);
    const sections = EVENT_SECTION_LABELS[lang];
    const purchaser = ui.page.getByRole("region", { name: sections.purchaser, exact: true });
    const shipping = ui.page.getByRole("region", { name: sections.shipping, exact: true });
    const note = s.differsFrom.purchaser;
    const fieldNames: Record<string, string> = EVENT_FIELD_LABELS[lang];
    /** The value beside a field name in a section, its note included. */
    const fieldValueIn = (section: Locator, field: string) =>
      section
        .getByText(fieldNames[field] ?? field, { exact: true })
        .evaluate((label) => label.nextElementSibling?.textContent ?? "");

    /** Where the second box stands against the first. */
    const sideBySide = async (first: Locator, second: Locator) => {
      const [a, b] = [await first.boundingBox(), await second.boundingBox()];
      if (!a || !b) return "missing";
      if (b.x >= a.x + a.width - 1 && Math.abs(b.y - a.y) < 1) return "beside";
      if (b.y >= a.y + a.height - 1 && Math.abs(b.x - a.x) < 1) return "below";
      return "overlapping";
    };
    expect(await sideBySide(purchaser, shipping)).toBe("beside");
    // The note is on the second party's differing values only; equal and one-sided values have none.
    expect(await fieldValueIn(shipping, "fullAddress")).toBe(`大阪府大阪市北区梅田3-3${note}`);
    expect(await fieldValueIn(shipping, "zipcode")).toBe(`5300001${note}`);
    expect(await fieldValueIn(shipping, "tel")).toBe(tel);
    expect(await fieldValueIn(purchaser, "fullAddress")).toBe("東京都千代田区丸の内1-1");
    expect(await ui.page.getByText(note, { exact: true }).count()).toBe(2);

    // The basic section has its row to itself: its fields read down two columns, in order.
    const basicLists = ui.page.getByRole("region", { name: sections.basic, exact: true }).locator("dl");
    expect(await basicLists.count()).toBe(2);
    const basicFields = DEFAULT_DISPLAY_FORMAT.eventProperties;
    const half = Math.ceil(basicFields.length / 2);
    const dtTexts = (list: Locator) => list.locator("dt").allTextContents();
    expect(await dtTexts(basicLists.first())).toEqual(basicFields.slice(0, half).map((f) => fieldNames[f]));
    expect(await dtTexts(basicLists.last())).toEqual(basicFields.slice(half).map((f) => fieldNames[f]));
    expect(await sideBySide(basicLists.first(), basicLists.last())).toBe("beside");
    await expectNoAxeViolations(ui.page, "event detail, parties side by side");

    // Scrolled to the end, the navigation and the actions are still at hand, on top; the page's scroll
    // padding is their height, so a control reached by keyboard is scrolled into view below them.
    await ui.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => ui.page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    for (const control of [action(ui.page, "ng"), ui.page.getByRole("button", { name: s.next, exact: true })])
      expect(
        await control.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return (
            box.top >= 0 &&
            document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === element
          );
        }),
      ).toBe(true);
    const bar = ui.page.locator("div.sticky-bar").filter({ has: action(ui.page, "ng") });
    const barHeight = (await bar.boundingBox())?.height ?? 0;
    expect(barHeight).toBeGreaterThan(0);
    expect(
      await ui.page.evaluate(() =>
        Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
      ),
    ).toBeCloseTo(barHeight, 0);

    // Narrow: one column, purchaser above shipping, the basic fields' second half below the first.
    await ui.page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => sideBySide(purchaser, shipping)).toBe("below");
    await expect.poll(() => sideBySide(basicLists.first(), basicLists.last())).toBe("below");

    // A short window (or one zoomed in) keeps the page for the content: the bar scrolls away with it.
    await ui.page.setViewportSize({ width: 1366, height: 480 });
    await ui.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() => action(ui.page, "ng").evaluate((element) => element.getBoundingClientRect().bottom))
      .toBeLessThan(0);
    expect(await ui.page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop)).toMatch(
      /^(auto|0px)$/,
    );
  });

  it("registers the purchaser as negative, and the next transaction of that purchaser is NG by the negative rule", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const tel = `03-${lang === "en" ? "4" : "5"}${String(Date.now()).slice(-7)}`;
    const purchaser = { tel, fullAddress: "東京都千代田区1-1", zipcode: "1000001" };
    // A device and card of its own, so the registration's list shows that they are added too.
    const primaryDid = `e2e-negative-device-${lang}-${Date.now()}`;
    const cchash = createHash("sha256").update(primaryDid).digest("hex");
    const first = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-negative-${lang}-1-${Date.now()}`,
      amount: 3200,
      purchaser,
      device: { primaryDid },
      card: { cchash },
    });
    expect(first.firedRules.map((rule) => rule.ruleCode)).not.toContain("NEG_TEL");

    await openDetail(ui.page, first.eventId);
    await action(ui.page, "negative").click();
    const dialog = await visible(dialogOf(ui.page, "negative"));
    // Each party says how it stands now: neither is registered yet.
    const now = (registered: boolean) =>
      s.negativeNow.replace("{state}", codeLabel(lang, "negatived", registered));
    const purchaserGroup = dialog.getByRole("group", { name: s.fields.purchaser, exact: true });
    await visible(purchaserGroup.getByText(now(false), { exact: true }));
    // What a registration adds stays folded until registration is chosen, then shows each item with
    // this event's value, the device's and card's included.
    const addsTel = purchaserGroup.getByText(tel, { exact: true });
    expect(await addsTel.isVisible()).toBe(false);
    await purchaserGroup.getByRole("radio", { name: s.negativeOperation["1"], exact: true }).check();
    await visible(addsTel);
    await visible(purchaserGroup.getByText(primaryDid, { exact: true }));
    // Nothing registered yet: nothing to release.
    const release = (group: Locator) =>
      group.getByRole("radio", { name: s.negativeOperation["2"], exact: true }).isDisabled();
    expect(await release(purchaserGroup)).toBe(true);
    const coverage = purchaserGroup.locator("details");
    expect(await coverage.locator("summary").textContent()).toMatch(
      new RegExp(`^${s.negativeCoverage.replace(/[()]/g, "\\$&").replace("{count}", "\\d+")}$`),
    );
    const added = await coverage.locator("dt").allTextContents();
    expect(added).toEqual(
      expect.arrayContaining(
        (["tel", "address", "zipcode", "deviceId", "cchash"] as const).map((item) =>
          codeLabel(lang, "negativeItem", item),
        ),
      ),
    );
    // The shipping address was not sent: it cannot be registered, and the group says why.
    const shippingGroup = dialog.getByRole("group", { name: s.fields.shipping, exact: true });
    await visible(shippingGroup.getByText(messageText(lang, "validation.noPartyData"), { exact: true }));
    expect(
      await shippingGroup.getByRole("radio", { name: s.negativeOperation["1"], exact: true }).isDisabled(),
    ).toBe(true);
    await expectNoAxeViolations(ui.page, "update negative dialog with what a registration adds");
    await saveAndConfirm(ui.page, dialog);
    await gone(dialogOf(ui.page, "negative"));
    // Opened again: the purchaser is registered, the shipping address (none was sent) is not.
    await action(ui.page, "negative").click();
    const again = await visible(dialogOf(ui.page, "negative"));
    await visible(
      again
        .getByRole("group", { name: s.fields.purchaser, exact: true })
        .getByText(now(true), { exact: true }),
    );
    await visible(
      again
        .getByRole("group", { name: s.fields.shipping, exact: true })
        .getByText(now(false), { exact: true }),
    );
    // The purchaser's entry can now be released; the shipping address still has none.
    expect(await release(again.getByRole("group", { name: s.fields.purchaser, exact: true }))).toBe(false);
    expect(await release(again.getByRole("group", { name: s.fields.shipping, exact: true }))).toBe(true);
    await expectNoAxeViolations(ui.page, "update negative dialog with each party's state");
    await again.getByRole("button", { name: s.cancel, exact: true }).click();
    await gone(dialogOf(ui.page, "negative"));

    const second = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-negative-${lang}-2-${Date.now()}`,
      amount: 4100,
      purchaser,
    });
    expect(second.aaresult).toBe("NG");
    expect(second.firedRules).toContainEqual(
      expect.objectContaining({ ruleCode: "NEG_TEL", isReasonRule: true }),
    );

    // The new event's detail lists the first as related by the phone number; its link opens it.
    await openDetail(ui.page, second.eventId);
    const fired = ui.page.getByRole("table", { name: s.tables.firedRules, exact: true });
    await visible(fired.getByRole("cell", { name: "NEG_TEL", exact: true }));
    // A section's second table is titled where it stands: the Simulation release's rules (with its
    // result) beside the deciding release's, and the memos (none yet) under the manual history.
    const [before = "", after = ""] = s.tables.simulation
      .split("{result}")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const simulationTitle = new RegExp(`^${before}(OK|NG|HOLD|REVIEW)${after}$`);
    await visible(ui.page.getByRole("heading", { level: 3, name: simulationTitle }));
    const memos = await visible(
      ui.page.getByRole("heading", { level: 3, name: s.tables.memos, exact: true }),
    );
    expect(await memos.evaluate((title) => title.nextElementSibling?.textContent)).toBe(s.noEntries);
    const related = ui.page.getByRole("table", { name: s.tables.relatedEvents, exact: true });
    const firstRow = related
      .getByRole("row")
      .filter({ has: ui.page.getByRole("link", { name: first.eventId }) });
    await visible(firstRow.getByText(codeLabel(lang, "sharedKey", "tel"), { exact: false }));
    await firstRow.getByRole("link", { name: first.eventId, exact: true }).click();
    await expect.poll(() => new URL(ui.page.url()).searchParams.get("eventId")).toBe(first.eventId);
    await visible(heading(ui.page, s.heading));
  });

  it("describes the shop's forced NG among the fired rules in the operator's language", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const { eventId, aaresult } = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-forced-${lang}-${Date.now()}`,
      amount: 1200,
      forcedNg: true,
      purchaser: { fullAddress: "北海道札幌市中央区1-1", zipcode: "0600001", tel: "011-123-4567" },
    });
    expect(aaresult).toBe("NG");
    await openDetail(ui.page, eventId);
    const fired = ui.page.getByRole("table", { name: s.tables.firedRules, exact: true });
    const row = fired
      .getByRole("row")
      .filter({ has: ui.page.getByRole("cell", { name: FORCED_NG_RULE_CODE }) });
    await visible(row.getByRole("cell", { name: FORCED_NG_DESCRIPTION[lang], exact: true }));
  });

  it("links a phone number to the list's quick search for it, which finds every event with that number", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const tel = `06-${lang === "en" ? "6" : "7"}${String(Date.now()).slice(-7)}`;
    const screened = [];
    for (const n of [1, 2]) {
      screened.push(
        await screenTransaction(ui.app, shop, {
          shopEventId: `e2e-pivot-${lang}-${n}-${Date.now()}`,
          amount: 1800 * n,
          purchaser: { tel, fullAddress: "大阪府大阪市北区1-1", zipcode: "5300001" },
        }),
      );
    }
    const [first, second] = screened.map((outcome) => outcome.eventId);

    await openDetail(ui.page, second as string);
    const purchaser = ui.page.getByRole("region", {
      name: EVENT_SECTION_LABELS[lang].purchaser,
      exact: true,
    });
    // The address is not one of the quick search's identifiers: plain text.
    await visible(purchaser.getByText("大阪府大阪市北区1-1", { exact: true }));
    expect(await purchaser.getByRole("link", { name: "大阪府大阪市北区1-1" }).count()).toBe(0);
    const link = await visible(purchaser.getByRole("link", { name: tel, exact: true }));
    expect(await link.getAttribute("title")).toBe(s.searchWithValue);
    await expectNoAxeViolations(ui.page, "event detail with search links");
    await link.click();

    await onPath(ui.page, "/EventList");
    await ui.page.waitForURL(
      (url) => url.searchParams.get("mode") === "0" && url.searchParams.get("q") === tel,
    );
    await expect
      .poll(() => ui.page.getByRole("textbox", { name: LIST[lang].quickSearch, exact: true }).inputValue())
      .toBe(tel);
    const rows = ui.page.locator("tbody tr");
    await expect.poll(() => rows.count()).toBe(2);
    for (const eventId of [first, second])
      await visible(ui.page.getByRole("link", { name: eventId as string, exact: true }));
    // Back returns to the detail the search was made from.
    await ui.page.goBack();
    await expect.poll(() => new URL(ui.page.url()).searchParams.get("eventId")).toBe(second);
  });

  it("pins a mobile-only purchaser's phone among the default fixed items", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const digits = String(Date.now()).slice(-7);
    const mobileTel = `090-${lang === "en" ? "6" : "7"}${digits.slice(0, 3)}-${digits.slice(3)}`;
    const { eventId } = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-mobile-${lang}-${Date.now()}`,
      amount: 2400,
      purchaser: { mobileTel, fullAddress: "福岡県福岡市中央区天神1-1", zipcode: "8100001" },
    });
    await openDetail(ui.page, eventId);
    const fixed = ui.page.getByRole("region", { name: s.fixedItems, exact: true });
    const label = `${EVENT_SECTION_LABELS[lang].purchaser}${lang === "ja" ? "：" : ": "}${EVENT_FIELD_LABELS[lang].mobileTel}`;
    await visible(fixed.getByText(label, { exact: true }));
    await visible(fixed.getByText(mobileTel, { exact: true }));
  });

  it("gives the second of two browsers saving the same event 015, and reloads the event there", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const [, eventId] = await reviewEventIds(ui.app, ui);
    if (!eventId) throw new Error("the demo data has no second REVIEW event");
    await openDetail(ui.page, eventId);
    // The same operator in a second browser: their own edit lock does not keep them out.
    const second = await secondOperator(ACCOUNTS.admin, eventId);
    try {
      await action(second.page, "hold").click();
      const staleDialog = await visible(dialogOf(second.page, "hold"));
      const typed = "Same device as a chargeback last week";
      await staleDialog.getByLabel(s.fields.reason, { exact: true }).fill(typed);

      await action(ui.page, "ok").click();
      await saveAndConfirm(ui.page, await visible(dialogOf(ui.page, "ok")));
      await gone(dialogOf(ui.page, "ok"));
      const firstHistory = ui.page.getByRole("table", { name: s.tables.manualHistory, exact: true });
      await expect
        .poll(async () => (await tableRows(firstHistory))[0]?.slice(1, 4))
        .toEqual([codeLabel(lang, "maresult", "10"), "", ACCOUNTS.admin.name]);

      // The second browser saves against the version it opened: 015, nothing written.
      await saveAndConfirm(second.page, staleDialog);
      await visible(textOnPage(second.page, messageNo(lang, "015")));
      await gone(dialogOf(second.page, "hold"));
      // The reloaded event shows the first browser's result and can be acted on again.
      const history = second.page.getByRole("table", { name: s.tables.manualHistory, exact: true });
      await expect
        .poll(async () => (await tableRows(history))[0]?.[1])
        .toBe(codeLabel(lang, "maresult", "10"));
      await expect.poll(() => action(second.page, "hold").isEnabled()).toBe(true);
      // Nothing typed is lost: HOLD's dialog opens again with it, to be saved on the fresh event.
      await action(second.page, "hold").click();
      const again = await visible(dialogOf(second.page, "hold"));
      expect(await again.getByLabel(s.fields.reason, { exact: true }).inputValue()).toBe(typed);
      await cancelTyped(second.page, again);
    } finally {
      await second.context.close();
    }
  });

  it("starts OK, NG and HOLD from the event's labels, so a result given without touching them keeps them", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const [, , , eventId] = await reviewEventIds(ui.app, ui);
    if (!eventId) throw new Error("the demo data has no fourth REVIEW event");
    await openDetail(ui.page, eventId);

    // Label the event first.
    await action(ui.page, "label").click();
    const labelDialog = await visible(dialogOf(ui.page, "label"));
    const firstLabel = labelDialog.getByRole("checkbox").first();
    const labelName = (await firstLabel.evaluate((box) => box.closest("label")?.textContent ?? "")).trim();
    expect(labelName).not.toBe("");
    await firstLabel.check();
    await saveAndConfirm(ui.page, labelDialog);
    await gone(dialogOf(ui.page, "label"));

    // HOLD's dialog shows the label ticked; saved untouched, the label stays and the history records it.
    await action(ui.page, "hold").click();
    const hold = await visible(dialogOf(ui.page, "hold"));
    await expect
      .poll(() => hold.getByRole("checkbox", { name: labelName, exact: true }).isChecked())
      .toBe(true);
    await saveAndConfirm(ui.page, hold);
    await gone(dialogOf(ui.page, "hold"));
    const history = ui.page.getByRole("table", { name: s.tables.manualHistory, exact: true });
    await expect
      .poll(async () => {
        const [newest] = await tableRows(history);
        return [newest?.[1], newest?.[5]?.split(", ").includes(labelName)];
      })
      .toEqual([codeLabel(lang, "maresult", "30"), true]);
    await action(ui.page, "label").click();
    const again = await visible(dialogOf(ui.page, "label"));
    expect(await again.getByRole("checkbox", { name: labelName, exact: true }).isChecked()).toBe(true);
    await again.getByRole("button", { name: s.cancel, exact: true }).click();
    await gone(dialogOf(ui.page, "label"));
  });

  it("keeps an event another operator has open in a dialog read-only with 688", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const [, , eventId] = await reviewEventIds(ui.app, ui);
    if (!eventId) throw new Error("the demo data has no third REVIEW event");
    await openDetail(ui.page, eventId);
    // The reviewer has the event open before the admin starts editing it.
    const reviewer = await secondOperator(ACCOUNTS.reviewer, eventId);
    await action(ui.page, "memo").focus();
    await ui.page.keyboard.press("Enter");
    await visible(dialogOf(ui.page, "memo"));

    try {
      // By keyboard, OK is refused with 688: the actions are disabled and the focus goes to Reload.
      await action(reviewer.page, "ok").focus();
      await reviewer.page.keyboard.press("Enter");
      await visible(textOnPage(reviewer.page, messageNo(lang, "688")));
      await expect
        .poll(() => reviewer.page.evaluate(() => document.activeElement?.textContent?.trim()))
        .toBe(s.reload);
      // Opened afresh, the event shows 688 at once.
      await reviewer.page.reload();
      await visible(textOnPage(reviewer.page, messageNo(lang, "688")));
      expect(await action(reviewer.page, "ng").isDisabled()).toBe(true);
      expect(await action(reviewer.page, "memo").isDisabled()).toBe(true);
      await expectNoAxeViolations(reviewer.page, "event detail, read-only");

      // Escape cancels the dialog and ends the edit; the focus is back on the button that opened it.
      await ui.page.keyboard.press("Escape");
      await gone(dialogOf(ui.page, "memo"));
      await expect
        .poll(() => action(ui.page, "memo").evaluate((element) => element === document.activeElement))
        .toBe(true);

      // Reload by keyboard finds the event free: Reload goes, and the focus stays among the actions.
      const reload = reviewer.page.getByRole("button", { name: s.reload, exact: true });
      await reload.focus();
      await reviewer.page.keyboard.press("Enter");
      await expect.poll(() => action(reviewer.page, "ng").isEnabled()).toBe(true);
      await gone(reload);
      await expect
        .poll(() =>
          reviewer.page.evaluate(() => document.activeElement?.closest(".detail-edit-controls") !== null),
        )
        .toBe(true);
    } finally {
      await reviewer.context.close();
    }
  });

  it("releases the edit lock when the operator leaves with a dialog open: browser Back, or the page reloaded", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const [, , eventId] = await reviewEventIds(ui.app, ui);
    if (!eventId) throw new Error("the demo data has no third REVIEW event");
    const reviewer = await secondOperator(ACCOUNTS.reviewer, eventId);
    const lockOf = async () =>
      (
        await consoleCall<{ editBlock: { kind: string } | null }>(
          ui.app,
          reviewer,
          "/api/v3/screen/event/detail",
          { eventId },
        )
      ).body.telegram.editBlock?.kind ?? "none";
    /** The lock as the reviewer sees it, polled: the release is a call of its own. */
    const lockBecomes = async (kind: string) => {
      for (let attempt = 0; attempt < 50 && (await lockOf()) !== kind; attempt++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await lockOf()).toBe(kind);
    };
    try {
      // Into the detail within the app, so that Back leaves the screen, not the page.
      const listUrl = `/EventList?${searchToQuery({ ...EMPTY_DETAIL_SEARCH, aaresult: ["REVIEW"] }).toString()}`;
      await ui.page.goto(ui.app.at(listUrl));
      await (await visible(ui.page.getByRole("link", { name: eventId, exact: true }))).click();
      await visible(heading(ui.page, s.heading));
      await screenReady(ui.page);
      await action(ui.page, "hold").click();
      await visible(dialogOf(ui.page, "hold"));
      await lockBecomes("lockedByOther");
      await ui.page.goBack();
      await onPath(ui.page, "/EventList");
      await lockBecomes("none");

      // Left while the confirmation asks: the question goes with the screen it was about, rather
      // than staying over the list with an Execute that would execute nothing.
      await (await visible(ui.page.getByRole("link", { name: eventId, exact: true }))).click();
      await screenReady(ui.page);
      await action(ui.page, "memo").click();
      const memoDialog = await visible(dialogOf(ui.page, "memo"));
      await memoDialog.getByLabel(s.fields.screeningMemo, { exact: true }).fill("Left before executing");
      await memoDialog.getByRole("button", { name: s.save, exact: true }).click();
      const confirmation = ui.page.getByRole("dialog", { name: SHELL[lang].confirmTitle, exact: true });
      await visible(confirmation);
      await ui.page.goBack();
      await onPath(ui.page, "/EventList");
      await gone(confirmation);
      await lockBecomes("none");

      await openDetail(ui.page, eventId);
      await action(ui.page, "memo").click();
      await visible(dialogOf(ui.page, "memo"));
      await lockBecomes("lockedByOther");
      await ui.page.reload();
      await lockBecomes("none");
    } finally {
      await reviewer.context.close();
    }
  });

  it("renews the edit lock while the operator types in a dialog, not while it sits idle; a renewal refused (015) keeps what was typed", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const shop = await shopOf(ui.app, ui);
    const { eventId } = await screenTransaction(ui.app, shop, {
      shopEventId: `e2e-renewal-${lang}-${Date.now()}`,
      amount: 4100,
      purchaser: { fullAddress: "京都府京都市下京区烏丸通1-1", zipcode: "6008216", tel: "075-123-4567" },
    });
    const isBegin = (url: string) => url.endsWith("/api/v3/screen/event/edit/begin");
    let begins = 0;
    ui.page.on("request", (request) => {
      if (isBegin(request.url())) begins += 1;
    });
    /** The browser's clock moved on (its timers fire; the answers they wait for are real). */
    const minutesPass = async (minutes: number) => ui.page.clock.runFor(minutes * 60_000);
    await ui.page.clock.install();
    await openDetail(ui.page, eventId);
    await action(ui.page, "memo").click();
    const dialog = await visible(dialogOf(ui.page, "memo"));
    const memo = dialog.getByLabel(s.fields.screeningMemo, { exact: true });
    await memo.fill("Asked the shop for the invoice");
    expect(begins).toBe(1);

    // Typed within the interval: renewed when it falls due. The clock moves on only once the page
    // has taken in the answer: moved while the renewal is still being read, the idle interval would
    // start after the clock had already passed it.
    await Promise.all([
      ui.page.waitForEvent("requestfinished", (request) => isBegin(request.url())),
      minutesPass(EDIT_LOCK_RENEW_MINUTES),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(begins).toBe(2);
    // Left idle: no more renewals, however long the dialog stays open.
    await minutesPass(EDIT_LOCK_RENEW_MINUTES * 3);
    expect(begins).toBe(2);

    // Meanwhile the shop reports the settlement (the event's version moves on): the renewal the next
    // change makes at once is refused (015), the dialog closes and the event reloads.
    await reportSettleStatus(ui.app, shop, { eventId, settleStatus: SETTLE_STATUS.captured });
    await memo.fill("Asked the shop for the invoice (sent)");
    await gone(dialog);
    expect(begins).toBe(3);
    await visible(textOnPage(ui.page, messageNo(lang, "015")));
    // Reopened once the event has reloaded, the memo dialog holds what was typed.
    await expect.poll(() => action(ui.page, "memo").isEnabled()).toBe(true);
    await action(ui.page, "memo").click();
    const reopened = await visible(dialogOf(ui.page, "memo"));
    expect(await reopened.getByLabel(s.fields.screeningMemo, { exact: true }).inputValue()).toBe(
      "Asked the shop for the invoice (sent)",
    );
  });

  it("shows a viewer no action buttons, and the server refuses a forged action (962)", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    const [eventId] = await reviewEventIds(ui.app, ui);
    if (!eventId) throw new Error("no REVIEW event");
    await ui.reopen();
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.viewer);
    await openDetail(ui.page, eventId);
    await visible(ui.page.getByRole("table", { name: s.tables.firedRules, exact: true }));
    for (const name of Object.keys(s.actions) as (keyof typeof s.actions)[]) {
      expect(await action(ui.page, name).count()).toBe(0);
    }
    // Nor do their keys open anything.
    await ui.page.keyboard.press("n");
    await screenReady(ui.page);
    expect(await ui.page.getByRole("dialog").count()).toBe(0);
    // The same call the NG dialog makes, forged in the viewer's page with their session and token.
    const forged = await ui.page.evaluate(async (target) => {
      const login = JSON.parse(localStorage.getItem("fraudConsole") ?? "{}") as { loginToken?: string };
      const response = await fetch("/api/v3/screen/event/manual/ng", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          header: { lang: "en", tz: "Asia/Tokyo", currency: "JPY", version: "3.0" },
          info: { token: login.loginToken, shopId: "DEMO" },
          telegram: { eventId: target, version: 1, reason: "forged", memo: "", labelIds: [] },
        }),
      });
      return { status: response.status, body: (await response.json()) as { errors: { code: string }[] } };
    }, eventId);
    expect(forged.status).toBe(403);
    expect(forged.body.errors.map((error) => error.code)).toEqual(["AuthorizeError.Forbidden"]);
    await expectNoAxeViolations(ui.page, "event detail, viewer");
  });

  it("opened from the list, pages to the next and previous event of its search and goes back to it", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const ids = await reviewEventIds(ui.app, ui);
    const [, second, third] = ids;
    if (!second || !third) throw new Error("the demo data has fewer than three REVIEW events");
    const listUrl = `/EventList?${searchToQuery({ ...EMPTY_DETAIL_SEARCH, aaresult: ["REVIEW"] }).toString()}`;
    await ui.page.goto(ui.app.at(listUrl));
    await (await visible(ui.page.getByRole("link", { name: second, exact: true }))).click();
    await visible(heading(ui.page, s.heading));
    await expect.poll(() => new URL(ui.page.url()).searchParams.get("eventId")).toBe(second);
    await screenReady(ui.page);

    // The row that had the focus is gone: the focus starts at the heading, not the page's body.
    await expect.poll(() => hasFocus(heading(ui.page, s.heading))).toBe(true);

    // By keyboard the focus stays on Next (and Previous) while the next event loads, so Enter steps on.
    const next = ui.page.getByRole("button", { name: s.next, exact: true });
    await expect.poll(() => next.isEnabled()).toBe(true);
    await next.focus();
    await ui.page.keyboard.press("Enter");
    await expect.poll(() => new URL(ui.page.url()).searchParams.get("eventId")).toBe(third);
    await expect.poll(() => hasFocus(next)).toBe(true);
    const previous = ui.page.getByRole("button", { name: s.previous, exact: true });
    await expect.poll(() => previous.isEnabled()).toBe(true);
    await previous.focus();
    await ui.page.keyboard.press("Enter");
    await expect.poll(() => new URL(ui.page.url()).searchParams.get("eventId")).toBe(second);
    await expect.poll(() => hasFocus(previous)).toBe(true);
    // At the first event of the search Previous is disabled: the focus moves on to Next.
    await expect.poll(() => previous.isEnabled()).toBe(true);
    await ui.page.keyboard.press("Enter");
    await expect.poll(() => new URL(ui.page.url()).searchParams.get("eventId")).toBe(ids[0]);
    await expect.poll(() => previous.isDisabled()).toBe(true);
    await expect.poll(() => hasFocus(next)).toBe(true);
    await ui.page.goBack();
    await expect.poll(() => new URL(ui.page.url()).searchParams.get("eventId")).toBe(second);

    await ui.page.getByRole("button", { name: s.back, exact: true }).click();
    await expect
      .poll(() => `${new URL(ui.page.url()).pathname}${new URL(ui.page.url()).search}`)
      .toBe(`/v3${listUrl}`);
    await visible(ui.page.getByRole("link", { name: second, exact: true }));
  });

  it("works by single keys: j and k walk the search, n opens NG (its fields take the letters), u goes back, / goes to the search, ? lists the keys, which can be turned off", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const [, second, third] = await reviewEventIds(ui.app, ui);
    if (!second || !third) throw new Error("the demo data has fewer than three REVIEW events");
    const listUrl = `/EventList?${searchToQuery({ ...EMPTY_DETAIL_SEARCH, aaresult: ["REVIEW"] }).toString()}`;
    await ui.page.goto(ui.app.at(listUrl));
    await (await visible(ui.page.getByRole("link", { name: second, exact: true }))).click();
    await visible(heading(ui.page, s.heading));
    await screenReady(ui.page);
    const shownId = () => new URL(ui.page.url()).searchParams.get("eventId");
    const next = ui.page.getByRole("button", { name: s.next, exact: true });
    await expect.poll(() => next.isEnabled()).toBe(true);
    expect(await next.getAttribute("aria-keyshortcuts")).toBe("j");
    expect(await action(ui.page, "ng").getAttribute("aria-keyshortcuts")).toBe("n");

    await ui.page.keyboard.press("j");
    await expect.poll(shownId).toBe(third);
    // The bar that stays in view names the event shown.
    const shownIds = ui.page.locator(".shown-event-ids");
    await visible(shownIds.getByText(third, { exact: true }));
    expect(await shownIds.getByText(EVENT_FIELD_LABELS[lang].eventId, { exact: true }).count()).toBe(1);
    await expect
      .poll(() => ui.page.getByRole("button", { name: s.previous, exact: true }).isEnabled())
      .toBe(true);
    await ui.page.keyboard.press("k");
    await expect.poll(shownId).toBe(second);
    await screenReady(ui.page);

    // A key opens what its button opens; in the dialog the letters are typed, not commanded.
    await expect.poll(() => action(ui.page, "ng").isEnabled()).toBe(true);
    await ui.page.keyboard.press("n");
    const dialog = await visible(dialogOf(ui.page, "ng"));
    const reason = dialog.getByLabel(s.fields.reason, { exact: true });
    await expect.poll(() => reason.evaluate((field) => field === document.activeElement)).toBe(true);
    await ui.page.keyboard.type("jkun");
    expect(await reason.inputValue()).toBe("jkun");
    expect(shownId()).toBe(second);
    await cancelTyped(ui.page, dialog);
    await expect.poll(() => action(ui.page, "ng").isEnabled()).toBe(true);

    // Back on the list, the focus is on the event shown last (k came back to it), and j goes on from there.
    await ui.page.keyboard.press("u");
    await expect
      .poll(() => `${new URL(ui.page.url()).pathname}${new URL(ui.page.url()).search}`)
      .toBe(`/v3${listUrl}`);
    await visible(ui.page.getByRole("link", { name: second, exact: true }));
    const focusedText = () => ui.page.evaluate(() => document.activeElement?.textContent ?? null);
    await expect.poll(focusedText).toBe(second);
    await ui.page.keyboard.press("j");
    await expect.poll(focusedText).toBe(third);
    await ui.page.keyboard.press("/");
    await expect
      .poll(() =>
        ui.page.evaluate(() => {
          const focused = document.activeElement;
          return (
            focused instanceof HTMLInputElement && focused.type === "text" && focused.closest("form") !== null
          );
        }),
      )
      .toBe(true);
    await ui.page.keyboard.press("Tab");

    await (await visible(ui.page.getByRole("link", { name: second, exact: true }))).click();
    await screenReady(ui.page);
    await expect.poll(() => next.isEnabled()).toBe(true);
    await ui.page.keyboard.press("?");
    const help = await visible(ui.page.getByRole("dialog", { name: SHORTCUTS[lang].title, exact: true }));
    const close = help.getByRole("button", { name: SHORTCUTS[lang].close, exact: true });
    await expect.poll(() => close.evaluate((button) => button === document.activeElement)).toBe(true);
    await expectNoAxeViolations(ui.page, "keyboard shortcuts");
    const rows = await tableRows(help);
    expect(rows).toContainEqual(["j", s.next]);
    expect(rows).toContainEqual(["n", s.actions.ng]);
    expect(rows).toContainEqual(["?", SHORTCUTS[lang].help]);
    // Turned off (WCAG 2.1.4): the keys do nothing and the buttons no longer announce them.
    await help.getByRole("checkbox", { name: SHORTCUTS[lang].enabled, exact: true }).uncheck();
    await close.click();
    await gone(ui.page.getByRole("dialog", { name: SHORTCUTS[lang].title, exact: true }));
    await expect.poll(() => next.getAttribute("aria-keyshortcuts")).toBeNull();
    await ui.page.keyboard.press("j");
    await ui.page.keyboard.press("n");
    await screenReady(ui.page);
    expect(shownId()).toBe(second);
    expect(await dialogOf(ui.page, "ng").count()).toBe(0);
  });

  it("answers 914 instead of the label dialog in a tenant without labels", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.acme);
    const [eventId] = await reviewEventIds(ui.app, ui, []);
    if (!eventId) throw new Error("ACME has no events");
    await openDetail(ui.page, eventId);
    await action(ui.page, "label").click();
    await visible(textOnPage(ui.page, messageNo(lang, "914")));
    expect(await dialogOf(ui.page, "label").count()).toBe(0);
    await ui.page.getByRole("button", { name: s.close, exact: true }).click();
    await expect.poll(() => action(ui.page, "label").isEnabled()).toBe(true);
  });

  it("shows the operator's layout: chosen sections in order, fixed items on top; change displayed items comes back", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.reviewer);
    const [eventId] = await reviewEventIds(ui.app, ui);
    if (!eventId) throw new Error("no REVIEW event");
    const saved = await consoleCall(ui.app, ui, "/api/v3/screen/event/displayFormat/save", {
      format: {
        ...DEFAULT_DISPLAY_FORMAT,
        eventProperties: ["eventId", "aaresult"],
        categories: ["firedRules", "basic", "manualHistory"],
        fixedItems: ["basic.shopEventId"],
      },
      // The reviewer's first layout: the default's version.
      version: 0,
    });
    expect(saved.body.result).toBe("10");
    await openDetail(ui.page, eventId);
    const sections = await ui.page
      .getByRole("main")
      .getByRole("heading", { level: 2 })
      .evaluateAll((headings) => headings.map((h) => (h.textContent ?? "").trim()));
    const names = EVENT_SECTION_LABELS[lang];
    expect(sections).toEqual([s.fixedItems, names.firedRules, names.basic, names.manualHistory]);
    const fixed = ui.page.getByRole("region", { name: s.fixedItems, exact: true });
    await visible(fixed.getByText(EVENT_FIELD_LABELS[lang].shopEventId, { exact: true }));

    await ui.page.getByRole("button", { name: s.changeDisplayedItems, exact: true }).click();
    await onPath(ui.page, "/EventItemDisplayFormatEdit");
    await screenReady(ui.page);
    await ui.page.getByRole("button", { name: DISPLAY[lang].back, exact: true }).click();
    await expect.poll(() => new URL(ui.page.url()).searchParams.get("eventId")).toBe(eventId);
    await visible(heading(ui.page, s.heading));
  });

  it("shows 963 for an unknown event ID, and for one no event can have (too long)", async () => {
    await loginAs(ui.page, ui.app, lang, ACCOUNTS.admin);
    for (const eventId of ["NO-SUCH-EVENT-0000", "E".repeat(48)]) {
      await openDetail(ui.page, eventId);
      await visible(textOnPage(ui.page, messageNo(lang, "963")));
      expect(await action(ui.page, "ng").count()).toBe(0);
      expect(await ui.page.getByRole("button", { name: s.reload, exact: true }).count()).toBe(0);
    }
  });
});
