import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../src/contract/errors.ts";
import {
  DEFAULT_DISPLAY_FORMAT,
  type DisplayFormat,
  eventDisplayFormatGet,
  eventDisplayFormatReset,
  eventDisplayFormatSave,
  FIXED_ITEM_LIMIT,
} from "../../src/contract/eventDisplayFormat.ts";
import { messageText } from "../../src/contract/messages.ts";
import { storedFormat } from "../../src/server/services/eventDisplayFormatService.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";

/** A layout that differs from the default in every mode's part. */
const CUSTOM: DisplayFormat = {
  eventProperties: ["amount", "eventId", "aaresult"],
  categories: ["purchaser", "basic", "firedRules"],
  fixedItems: ["purchaser.tel", "basic.eventId"],
  otherItems: {
    party: ["tel", "fullAddress"],
    item: ["itemName"],
    device: ["ipaddress"],
    card: [],
  },
};

/** What get answers an operator without a layout of their own: the default, version 0. */
const DEFAULT_ANSWER = { format: DEFAULT_DISPLAY_FORMAT, isDefault: true, version: 0 };

const SECTION_FIELDS_OVER_LIMIT = [
  "basic.eventId",
  "basic.shopEventId",
  "basic.amount",
  "basic.aaresult",
  "basic.maresult",
  "purchaser.tel",
  "shipping.tel",
  "device.ipaddress",
  "card.cardBrand",
];

describe.each(testBackends())("event display format (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let reviewer: Session;
  let viewer: Session;
  let acme: Session;

  beforeAll(async () => {
    t = await createTestApp(backend);
    [admin, reviewer, viewer, acme] = await Promise.all([
      loginAs(t.app, "DEMO", "admin@demo.example"),
      loginAs(t.app, "DEMO", "reviewer@demo.example"),
      loginAs(t.app, "DEMO", "viewer@demo.example"),
      loginAs(t.app, "ACME", "admin@acme.example"),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (session: Session) => {
    const response = await call(t.app, eventDisplayFormatGet, {}, { session });
    expect(response.statusCode).toBe(200);
    return response.json().telegram as { format: DisplayFormat; isDefault: boolean; version: number };
  };
  /** Save and reset present the stored version unless the test names one (a stale tab's). */
  const save = async (session: Session, format: unknown, lang: "en" | "ja" = "en", version?: number) =>
    call(
      t.app,
      eventDisplayFormatSave,
      { format, version: version ?? (await get(session)).version },
      { session, lang },
    );
  const reset = async (session: Session, mode: string, version?: number) =>
    call(
      t.app,
      eventDisplayFormatReset,
      { mode, version: version ?? (await get(session)).version },
      { session },
    );

  it("answers the default layout to an operator who never saved one", async () => {
    expect(await get(admin)).toEqual(DEFAULT_ANSWER);
    // The request may be left out entirely (the call's telegram is optional).
    const bare = await call(t.app, eventDisplayFormatGet, undefined, { session: viewer });
    expect(bare.json().telegram).toEqual(DEFAULT_ANSWER);
  });

  it("saves the operator's layout and gives it back, with 002", async () => {
    const response = await save(reviewer, CUSTOM);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      result: "10",
      messages: [{ code: "002", message: messageText("en", "no.002") }],
      telegram: { format: CUSTOM, isDefault: false },
    });
    const { version } = response.json().telegram;
    expect(version).toBeGreaterThan(0);
    expect(await get(reviewer)).toEqual({ format: CUSTOM, isDefault: false, version });
    // Stored once per operator: saving again overwrites.
    const second = { ...CUSTOM, categories: ["basic" as const] };
    await save(reviewer, second);
    expect((await get(reviewer)).format.categories).toEqual(["basic"]);
    const rows = await t.db
      .selectFrom("event_display_formats")
      .select(["company_id", "operator_id"])
      .where("company_id", "=", "DEMO")
      .execute();
    expect(rows).toHaveLength(1);
    await save(reviewer, CUSTOM);
  });

  it("keeps layouts per operator: another operator and another tenant are unaffected", async () => {
    await save(admin, { ...CUSTOM, eventProperties: ["eventId"] });
    expect((await get(admin)).format.eventProperties).toEqual(["eventId"]);
    expect((await get(reviewer)).format.eventProperties).toEqual(CUSTOM.eventProperties);
    expect(await get(acme)).toEqual(DEFAULT_ANSWER);
    expect(await get(viewer)).toEqual(DEFAULT_ANSWER);
  });

  it("resets one mode's part at a time; back to the default everywhere the row is gone", async () => {
    const parts = [
      ["0", "eventProperties"],
      ["1", "categories"],
      ["2", "fixedItems"],
      ["3", "otherItems"],
    ] as const;
    await save(admin, CUSTOM);
    let expected: DisplayFormat = CUSTOM;
    for (const [index, [mode, part]] of parts.entries()) {
      const response = await reset(admin, mode);
      expect(response.statusCode).toBe(200);
      expected = { ...expected, [part]: DEFAULT_DISPLAY_FORMAT[part] };
      const last = index === parts.length - 1;
      expect(response.json().telegram).toMatchObject({ format: expected, isDefault: last });
      expect(response.json().messages[0].code).toBe("002");
      expect(await get(admin)).toEqual(response.json().telegram);
    }
    const row = await t.db
      .selectFrom("event_display_formats")
      .select("operator_id")
      .where("company_id", "=", "DEMO")
      .where(
        "operator_id",
        "in",
        t.db.selectFrom("operators").select("id").where("email", "=", "admin@demo.example"),
      )
      .executeTakeFirst();
    expect(row).toBeUndefined();
    // Resetting what already is the default stays the default, without a row.
    expect((await reset(admin, "2")).json().telegram).toEqual(DEFAULT_ANSWER);
  });

  it("does not store a layout equal to the default", async () => {
    const response = await save(admin, DEFAULT_DISPLAY_FORMAT);
    expect(response.json().telegram).toEqual(DEFAULT_ANSWER);
    expect((await get(admin)).isDefault).toBe(true);
  });

  it("refuses more fixed items than the limit, a field given twice and an unknown field, in the request's language", async () => {
    expect(SECTION_FIELDS_OVER_LIMIT).toHaveLength(FIXED_ITEM_LIMIT + 1);
    const tooMany = await save(admin, { ...CUSTOM, fixedItems: SECTION_FIELDS_OVER_LIMIT });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.format.fixedItems",
        message: "Up to 8 values can be entered.",
      },
    ]);
    const tooManyJa = await save(admin, { ...CUSTOM, fixedItems: SECTION_FIELDS_OVER_LIMIT }, "ja");
    expect(tooManyJa.json().errors[0].message).toBe("入力できる値は8件までです。");

    const twice = await save(admin, { ...CUSTOM, eventProperties: ["eventId", "amount", "eventId"] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toEqual([
      { code: ERROR.validation, field: "telegram.format.eventProperties", message: "It is already added." },
    ]);

    const unknownField = await save(admin, { ...CUSTOM, fixedItems: ["basic.tel"] });
    expect(unknownField.json().errors).toEqual([
      { code: ERROR.validation, field: "telegram.format.fixedItems.0", message: "has an invalid value" },
    ]);
    // A known field with more after it is no field either.
    const trailing = await save(admin, { ...CUSTOM, fixedItems: ["basic.amount", "basic.amount.x"] });
    expect(trailing.json().errors).toEqual([
      { code: ERROR.validation, field: "telegram.format.fixedItems.1", message: "has an invalid value" },
    ]);
    // A party's never-filled field (the other party's only) is no fixed item: a field message, not a 500.
    for (const lang of ["en", "ja"] as const) {
      const blank = await save(admin, { ...CUSTOM, fixedItems: ["purchaser.deliveryCompany"] }, lang);
      expect(blank.statusCode).toBe(400);
      expect(blank.json().errors).toEqual([
        {
          code: ERROR.validation,
          field: "telegram.format.fixedItems.0",
          message: lang === "en" ? "has an invalid value" : expect.any(String),
        },
      ]);
    }
    const mediaCode = await save(admin, { ...CUSTOM, fixedItems: ["basic.amount", "shipping.mediaCode"] });
    expect(mediaCode.statusCode).toBe(400);
    expect(mediaCode.json().errors[0].field).toBe("telegram.format.fixedItems.1");
    const unknownCategory = await save(admin, { ...CUSTOM, categories: ["basic", "secrets"] });
    expect(unknownCategory.json().errors).toEqual([
      { code: ERROR.validation, field: "telegram.format.categories.1", message: "has an invalid value" },
    ]);
    const badMode = await reset(admin, "4");
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().errors[0]).toMatchObject({ code: ERROR.validation, field: "telegram.mode" });
    // Nothing of the refused requests was stored.
    expect((await get(admin)).isDefault).toBe(true);
  });

  it("needs at least one section shown (902)", async () => {
    const none = await save(admin, { ...CUSTOM, categories: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([
      {
        code: ERROR.noItemSelected,
        field: "telegram.format.categories",
        message: messageText("en", "no.902"),
      },
    ]);
    expect((await get(admin)).isDefault).toBe(true);
  });

  it("takes the operator from the session only: no company or operator in the telegram", async () => {
    const named = await call(
      t.app,
      eventDisplayFormatSave,
      { format: CUSTOM, version: 0, operatorId: 1 },
      { session: acme },
    );
    expect(named.statusCode).toBe(400);
    expect(named.json().errors[0].code).toBe(ERROR.unknownKey);
    const forged = await call(t.app, eventDisplayFormatGet, {}, { session: acme, shopId: "DEMO" });
    expect(forged.statusCode).toBe(403);
    const anonymous = await call(t.app, eventDisplayFormatGet, {});
    expect(anonymous.statusCode).toBe(401);
  });

  it("lets the viewer read the layout but refuses save and reset with 962", async () => {
    expect(await get(viewer)).toEqual(DEFAULT_ANSWER);
    for (const response of [await save(viewer, CUSTOM), await reset(viewer, "0")]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().errors).toEqual([
        { code: ERROR.forbidden, message: messageText("en", "no.962") },
      ]);
    }
    expect((await get(viewer)).isDefault).toBe(true);
  });

  it("reads a stored layout through today's schema: stale parts fall back to the default's", async () => {
    expect(storedFormat(CUSTOM)).toEqual(CUSTOM);
    // Saved before otherItems.card existed, with a field since removed from the catalogue.
    const old = {
      eventProperties: ["amount", "faxNumber"],
      categories: ["basic"],
      fixedItems: ["purchaser.tel"],
      otherItems: { party: ["tel"], item: ["itemName"], device: ["ipaddress"] },
      retiredPart: ["x"],
    };
    expect(storedFormat(old)).toEqual({
      eventProperties: DEFAULT_DISPLAY_FORMAT.eventProperties,
      categories: ["basic"],
      fixedItems: ["purchaser.tel"],
      otherItems: {
        party: ["tel"],
        item: ["itemName"],
        device: ["ipaddress"],
        card: DEFAULT_DISPLAY_FORMAT.otherItems.card,
      },
    });
    for (const garbage of [null, "text", 42, [], { categories: [] }]) {
      expect(storedFormat(garbage)).toEqual(DEFAULT_DISPLAY_FORMAT);
    }
    // A layout without any section is never saved; read back, it shows the default sections.
    expect(storedFormat({ ...CUSTOM, categories: [] })).toEqual({
      ...CUSTOM,
      categories: DEFAULT_DISPLAY_FORMAT.categories,
    });
    // The same through the call: a row written by an older release is answered in today's shape.
    const operator = await t.db
      .selectFrom("operators")
      .select("id")
      .where("company_id", "=", "DEMO")
      .where("email", "=", "viewer@demo.example")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("event_display_formats")
      .values({ company_id: "DEMO", operator_id: operator.id, format: JSON.stringify(old) })
      .execute();
    expect(await get(viewer)).toMatchObject({ format: storedFormat(old), isDefault: false });
  });
  it("refuses a stale version with 015, for save and reset alike, and stores nothing of it", async () => {
    // Two tabs of one operator, both showing the layout as it is now.
    const { version: loaded } = await get(acme);
    const savedA = await save(acme, { ...CUSTOM, eventProperties: ["eventId"] }, "en", loaded);
    expect(savedA.statusCode).toBe(200);
    const stored = savedA.json().telegram;
    expect(stored.version).not.toBe(loaded);

    // The other tab still presents the version it loaded.
    for (const [lang, stale] of [
      ["en", await save(acme, { ...CUSTOM, categories: ["basic"] }, "en", loaded)],
      ["ja", await save(acme, { ...CUSTOM, categories: ["basic"] }, "ja", loaded)],
      ["en", await reset(acme, "0", loaded)],
    ] as const) {
      expect(stale.statusCode).toBe(409);
      expect(stale.json().errors).toEqual([{ code: ERROR.conflict, message: messageText(lang, "no.015") }]);
    }
    expect(await get(acme)).toEqual(stored);

    // With the version it was answered, the first tab goes on: save, then reset, each a new version.
    const again = await save(acme, CUSTOM, "en", stored.version);
    expect(again.statusCode).toBe(200);
    expect(again.json().telegram.version).not.toBe(stored.version);
    const resetAgain = await reset(acme, "1", again.json().telegram.version);
    expect(resetAgain.statusCode).toBe(200);
    expect((await reset(acme, "1", again.json().telegram.version)).statusCode).toBe(409);
  });

  it("never answers a version again: a layout deleted (back to the default) and stored anew refuses the old one", async () => {
    const held = (await save(acme, CUSTOM)).json().telegram.version as number;
    // Every part back to the default: no row, version 0.
    for (const mode of ["0", "1", "2", "3"]) expect((await reset(acme, mode)).statusCode).toBe(200);
    expect(await get(acme)).toEqual(DEFAULT_ANSWER);
    const renewed = (await save(acme, CUSTOM, "en", 0)).json().telegram.version as number;
    expect(renewed).not.toBe(held);
    const stale = await save(acme, { ...CUSTOM, categories: ["card"] }, "en", held);
    expect(stale.statusCode).toBe(409);
    expect((await get(acme)).format).toEqual(CUSTOM);
    // A tab that saw the default, while the default is what is stored, overwrites nothing unseen.
    for (const mode of ["0", "1", "2", "3"]) await reset(acme, mode);
    expect((await save(acme, CUSTOM, "en", 0)).statusCode).toBe(200);
  });

  it("lets one of several saves and resets from the same version through: they lock alike", async () => {
    const { version } = await get(acme);
    const answers = await Promise.all([
      save(acme, { ...CUSTOM, eventProperties: ["eventId"] }, "en", version),
      save(acme, { ...CUSTOM, eventProperties: ["amount"] }, "en", version),
      reset(acme, "0", version),
      reset(acme, "2", version),
    ]);
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    expect(accepted).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0].code).toBe(ERROR.conflict);
    }
    expect(await get(acme)).toEqual(accepted[0]?.json().telegram);
  });
});
