import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../../src/contract/errors.ts";
import { messageText } from "../../../src/contract/messages.ts";
import {
  eventResultCall,
  SETTLE_STATUS,
  screenTransactionCall,
  updateSettleStatusCall,
} from "../../../src/contract/screeningApi.ts";
import { SCREENING_OPENAPI_PATH } from "../../../src/contract/screeningPaths.ts";
import { DATE_RANGE } from "../../../src/contract/validation.ts";
import { publishRelease } from "../../../src/server/screening/publishRelease.ts";
import { signShopRequest } from "../../../src/server/services/shopAuthService.ts";
import { createTestApp, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { countEvents, envelopeOf, type Shop, sampleTransaction, shopCall, shopOf } from "./shopClient.ts";

describe.each(testBackends())("screening API events (%s)", (backend) => {
  let t: TestApp;
  let demo: Shop;
  let acme: Shop;

  beforeAll(async () => {
    t = await createTestApp(backend);
    [demo, acme] = await Promise.all([shopOf(t, "DEMO"), shopOf(t, "ACME")]);
    // A release of DEMO's standard model that sends large amounts to review, newer than any seeded one.
    await publishRelease(t.db, "DEMO", "MODEL01", {
      kind: "normal",
      startsAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
      groups: [
        {
          groupName: "API test: large amount",
          priority: 1,
          judgement: "REVIEW",
          units: [
            {
              unitNo: 1,
              operator: "OR",
              rules: [
                {
                  ruleCode: "API_TEST_LARGE_AMOUNT",
                  description: "amount of 100,000 yen or more",
                  condition: { kind: "amount", field: "amount", op: "gte", value: 100_000 },
                },
              ],
            },
          ],
        },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const screen = async (shop: Shop, tx = sampleTransaction()) => {
    const response = await shopCall(t, screenTransactionCall, shop, tx);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().telegram;
  };
  const notFound = {
    result: "20",
    messages: [],
    errors: [{ code: ERROR.eventNotFound, message: messageText("en", "error.eventNotFound") }],
    telegram: null,
  };

  const largeAmountRule = {
    ruleCode: "API_TEST_LARGE_AMOUNT",
    ruleDescription: "amount of 100,000 yen or more",
    ruleGroupName: "API test: large amount",
    isReasonRule: true,
  };

  it("answers the automatic result and the fired rules of the released rules", async () => {
    const large = await screen(demo, sampleTransaction({ amount: 150_000 }));
    expect(large).toMatchObject({ aaresult: "REVIEW", firedRules: [largeAmountRule], duplicate: false });
    const small = await screen(demo, sampleTransaction({ amount: 1_000 }));
    expect(small.firedRules).not.toContainEqual(largeAmountRule);
    expect(small.aaresult).not.toBe("REVIEW");
  });

  it("answers a retry with the same shopEventId with the same event and result, storing nothing twice", async () => {
    const tx = sampleTransaction({ amount: 150_000 });
    const first = await screen(demo, tx);
    expect(first.firedRules).toEqual([largeAmountRule]);
    const stored = await countEvents(t);
    const retry = await screen(demo, tx);
    expect(retry).toEqual({ ...first, duplicate: true });
    // Even a retry whose content changed is the same payment: the stored outcome is answered.
    const changed = await screen(demo, { ...tx, amount: 999_999 });
    expect(changed).toEqual({ ...first, duplicate: true });
    expect(await countEvents(t)).toBe(stored);
    const rows = await t.db
      .selectFrom("events")
      .select("event_id")
      .where("company_id", "=", "DEMO")
      .where("shop_event_id", "=", tx.shopEventId)
      .execute();
    expect(rows).toEqual([{ event_id: first.eventId }]);

    // The same shop event ID at another tenant is another payment.
    const other = await screen(acme, tx);
    expect(other.duplicate).toBe(false);
    expect(other.eventId).not.toBe(first.eventId);
  });

  it("trims every string of the envelope and telegram before judging and storing them (the signature covers the body as sent)", async () => {
    const tx = sampleTransaction();
    const padded = {
      ...tx,
      shopEventId: `  ${tx.shopEventId}\t`,
      purchaser: { ...tx.purchaser, tel: " 0312345678 ", fullAddress: "\u3000東京都渋谷区神宮前1-2-3 " },
      items: [{ itemName: "  ワイヤレスイヤホン  ", price: 12_800, quantity: 1 }],
      // An enum is no text field: only the trimming before validation lets it through.
      device: { ...tx.device, deviceType: " smartphone " },
    };
    const response = await shopCall(t, screenTransactionCall, demo, padded, {
      info: { companyId: " DEMO ", applicationId: ` ${demo.applicationId} ` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { eventId, shopEventId } = response.json().telegram;
    expect(shopEventId).toBe(tx.shopEventId);
    const stored = await t.db
      .selectFrom("events")
      .innerJoin("event_parties", (join) =>
        join
          .onRef("event_parties.company_id", "=", "events.company_id")
          .onRef("event_parties.event_id", "=", "events.event_id"),
      )
      .innerJoin("event_items", (join) =>
        join
          .onRef("event_items.company_id", "=", "events.company_id")
          .onRef("event_items.event_id", "=", "events.event_id"),
      )
      .innerJoin("event_devices", (join) =>
        join
          .onRef("event_devices.company_id", "=", "events.company_id")
          .onRef("event_devices.event_id", "=", "events.event_id"),
      )
      .select([
        "events.shop_event_id",
        "event_parties.tel",
        "event_parties.full_address",
        "event_items.item_name",
        "event_devices.device_type",
      ])
      .where("events.company_id", "=", "DEMO")
      .where("events.event_id", "=", eventId)
      .where("event_parties.party", "=", "purchaser")
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      shop_event_id: tx.shopEventId,
      tel: "0312345678",
      full_address: "東京都渋谷区神宮前1-2-3",
      item_name: "ワイヤレスイヤホン",
      device_type: "smartphone",
    });
  });

  it("screens with the model the transaction names when it is the tenant's", async () => {
    const model = await t.db
      .selectFrom("detection_models")
      .select("model_id")
      .where("company_id", "=", "DEMO")
      .executeTakeFirstOrThrow();
    const outcome = await screen(demo, sampleTransaction({ modelId: model.model_id }));
    const event = await t.db
      .selectFrom("events")
      .select("model_id")
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", outcome.eventId)
      .executeTakeFirstOrThrow();
    expect(event.model_id).toBe(model.model_id);
  });

  it("reads an event's current result by eventId or shopEventId", async () => {
    const tx = sampleTransaction({ amount: 150_000 });
    const outcome = await screen(demo, tx);
    const byEventId = await shopCall(t, eventResultCall, demo, { eventId: outcome.eventId });
    expect(byEventId.statusCode, byEventId.body).toBe(200);
    const result = byEventId.json().telegram;
    expect(result).toEqual({
      eventId: outcome.eventId,
      shopEventId: tx.shopEventId,
      modelId: "MODEL01",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      aaresult: outcome.aaresult,
      maresult: null,
      authStatus: outcome.authStatus,
      settleStatus: null,
      firedRules: [largeAmountRule],
    });
    const byShopEventId = await shopCall(t, eventResultCall, demo, { shopEventId: tx.shopEventId });
    expect(byShopEventId.json().telegram).toEqual(result);

    // A manual result given in the console shows up.
    await t.db
      .updateTable("events")
      .set({ maresult: "20" })
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", outcome.eventId)
      .execute();
    const after = await shopCall(t, eventResultCall, demo, { eventId: outcome.eventId });
    expect(after.json().telegram.maresult).toBe("20");
  });

  it("updates the settlement status and answers the previous one", async () => {
    const tx = sampleTransaction();
    const { eventId } = await screen(demo, tx);
    const first = await shopCall(t, updateSettleStatusCall, demo, {
      eventId,
      settleStatus: SETTLE_STATUS.authorised,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().telegram).toEqual({
      eventId,
      shopEventId: tx.shopEventId,
      settleStatus: "10",
      previousSettleStatus: null,
    });
    const second = await shopCall(t, updateSettleStatusCall, demo, {
      shopEventId: tx.shopEventId,
      settleStatus: SETTLE_STATUS.captured,
    });
    expect(second.json().telegram).toMatchObject({ settleStatus: "20", previousSettleStatus: "10" });
    const read = await shopCall(t, eventResultCall, demo, { eventId });
    expect(read.json().telegram.settleStatus).toBe("20");
    const row = await t.db
      .selectFrom("events")
      .select(["settle_status", "version"])
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", eventId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ settle_status: "20", version: 3 });
  });

  it("applies a signed settle status request once: a repeat gets the first answer and cannot undo a later status", async () => {
    const { eventId } = await screen(demo);
    const statusOf = async () =>
      t.db
        .selectFrom("events")
        .select(["settle_status", "version"])
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", eventId)
        .executeTakeFirstOrThrow();
    const timestamp = Math.floor(t.clock.now().getTime() / 1000);
    const captured = { eventId, settleStatus: SETTLE_STATUS.captured };
    const first = await shopCall(t, updateSettleStatusCall, demo, captured, { timestamp });
    expect(first.statusCode, first.body).toBe(200);
    const cancelled = await shopCall(t, updateSettleStatusCall, demo, { eventId, settleStatus: "30" });
    expect(cancelled.json().telegram).toMatchObject({ settleStatus: "30", previousSettleStatus: "20" });
    const after = await statusOf();

    // The captured request again, byte for byte, and with its signature in upper case.
    const body = envelopeOf(demo, captured);
    const signature = signShopRequest(demo.secret, String(timestamp), body);
    for (const sent of [signature, signature.toUpperCase()]) {
      const repeat = await shopCall(t, updateSettleStatusCall, demo, captured, {
        timestamp,
        signature: sent,
      });
      expect(repeat.statusCode, repeat.body).toBe(200);
      expect(repeat.json().telegram).toEqual(first.json().telegram);
    }
    expect(await statusOf()).toEqual(after);
    expect(after.settle_status).toBe("30");

    // Sent together, the same request is still applied once.
    const once = { eventId, settleStatus: SETTLE_STATUS.authorised };
    const together = await Promise.all(
      Array.from({ length: 4 }, () => shopCall(t, updateSettleStatusCall, demo, once, { timestamp })),
    );
    for (const response of together) {
      expect(response.json().telegram).toEqual({
        eventId,
        shopEventId: expect.any(String),
        settleStatus: "10",
        previousSettleStatus: "30",
      });
    }
    expect(await statusOf()).toEqual({ settle_status: "10", version: after.version + 1 });

    // Past the window the request is a replay; the next one applied removes what it no longer needs.
    t.clock.advanceMinutes(6);
    const late = await shopCall(t, updateSettleStatusCall, demo, captured, { timestamp });
    expect(late.json().errors[0].code).toBe(ERROR.replay);
    const next = await shopCall(t, updateSettleStatusCall, demo, { eventId, settleStatus: "40" });
    expect(next.statusCode, next.body).toBe(200);
    const kept = await t.db
      .selectFrom("settle_status_requests")
      .select("valid_until")
      .where("company_id", "=", "DEMO")
      .execute();
    expect(kept).toHaveLength(1);
  });

  it("refuses an unknown settle status and a reference that names no event", async () => {
    const { eventId } = await screen(demo);
    const bad = await shopCall(t, updateSettleStatusCall, demo, { eventId, settleStatus: "99" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { code: ERROR.validation, field: "telegram.settleStatus", message: expect.any(String) },
    ]);
    const neither = await shopCall(t, updateSettleStatusCall, demo, { settleStatus: "10" });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.eventId",
        message: messageText("en", "validation.required"),
      },
    ]);
    // Every bad field at once: no event reference beside an unknown status, or beside an unknown key.
    for (const telegram of [{ settleStatus: "99" }, { eventId: " ", shopEventId: "", settleStatus: "99" }]) {
      const both = await shopCall(t, updateSettleStatusCall, demo, telegram);
      expect(both.statusCode).toBe(400);
      expect(both.json().errors).toEqual([
        { code: ERROR.validation, field: "telegram.settleStatus", message: expect.any(String) },
        {
          code: ERROR.validation,
          field: "telegram.eventId",
          message: messageText("en", "validation.required"),
        },
      ]);
    }
    const unknownAndNeither = await shopCall(t, eventResultCall, demo, { eventld: "E1" });
    expect(unknownAndNeither.statusCode).toBe(400);
    expect(unknownAndNeither.json().errors).toEqual([
      { code: ERROR.validation, field: "telegram", message: expect.stringContaining("eventld") },
      {
        code: ERROR.validation,
        field: "telegram.eventId",
        message: messageText("en", "validation.required"),
      },
    ]);
    const tooLong = await shopCall(t, eventResultCall, demo, { eventId: "E".repeat(48) });
    expect(tooLong.json().errors).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.eventId",
        message: messageText("en", "validation.max", { max: 47 }),
      },
    ]);
  });

  it("keeps tenants apart: another tenant's event is not found, and is left unchanged", async () => {
    const tx = sampleTransaction();
    const acmeEvent = await screen(acme, tx);
    for (const telegram of [{ eventId: acmeEvent.eventId }, { shopEventId: tx.shopEventId }]) {
      const read = await shopCall(t, eventResultCall, demo, telegram);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual(notFound);
      const update = await shopCall(t, updateSettleStatusCall, demo, { ...telegram, settleStatus: "40" });
      expect(update.statusCode).toBe(404);
      expect(update.json()).toEqual(notFound);
    }
    const own = await shopCall(t, eventResultCall, acme, { eventId: acmeEvent.eventId });
    expect(own.json().telegram.settleStatus).toBeNull();
    // eventId and shopEventId together must name the same event.
    const { eventId } = await screen(demo);
    const mismatch = await shopCall(t, eventResultCall, demo, { eventId, shopEventId: tx.shopEventId });
    expect(mismatch.json()).toEqual(notFound);
  });

  it("serves the OpenAPI 3.1 description of the three calls", async () => {
    const response = await t.app.inject({ method: "GET", url: SCREENING_OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const doc = response.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/api/v3/screening/result",
      "/api/v3/screening/screen",
      "/api/v3/screening/settleStatus",
    ]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["shopSignature", "shopTimestamp"]);
    const screenOp = doc.paths["/api/v3/screening/screen"].post;
    const telegram = screenOp.requestBody.content["application/json"].schema.properties.telegram;
    expect(telegram.properties.shopEventId).toMatchObject({ type: "string", maxLength: 100 });
    expect(telegram.properties.purchaser.properties.mailAccountHash.pattern).toBe("^[0-9A-Fa-f]{64}$");
    expect(telegram.additionalProperties).toBe(false);
    // The earliest date the server takes (DATE_RANGE.min) is the earliest the document lets through.
    const birthdate = new RegExp(telegram.properties.purchaser.properties.birthdate.pattern);
    expect(birthdate.test(DATE_RANGE.min)).toBe(true);
    expect(birthdate.test("1899-12-31")).toBe(false);
    expect(birthdate.test("2026-11-24")).toBe(true);
    expect(screenOp.responses["401"].description).toContain(ERROR.invalidSignature);
    expect(screenOp.responses["401"].description).toContain(ERROR.replay);
    expect(screenOp.responses["401"].description).toContain(ERROR.unknownApplication);
    expect(screenOp.responses["403"].description).toContain(ERROR.sourceIpNotAllowed);
    expect(screenOp.responses["400"].description).toContain(ERROR.validation);
    expect(doc.paths["/api/v3/screening/result"].post.responses["404"].description).toContain(
      ERROR.eventNotFound,
    );
    // A wrong method on a screening path is told apart from an unknown path.
    const get = await t.app.inject({ method: "GET", url: screenTransactionCall.path });
    expect(get.statusCode).toBe(405);
  });
});
