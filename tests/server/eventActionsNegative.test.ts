import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../src/contract/errors.ts";
import { eventNegativeUpdate } from "../../src/contract/eventActions.ts";
import type { TransactionInput } from "../../src/contract/screening.ts";
import { domainHash, normalizeTel } from "../../src/server/screening/normalize.ts";
import {
  detailOf,
  expectDone,
  expectRefusal,
  freshOrder,
  freshPurchaser,
  openReviewApp,
  type ReviewApp,
  screenDemo,
  send,
} from "./eventDetailHarness.ts";
import { testBackends } from "./helpers/testBackends.ts";
import { type Shop, type ShopScreening, screenAsShop, shopOf } from "./screeningApi/shopClient.ts";

const nothing = { purchaser: "0", shipping: "0", settleCategory: "", otherCategory: "" };

describe.each(testBackends())("event negative update (%s)", (backend) => {
  let r: ReviewApp;
  let shop: Shop;

  beforeAll(async () => {
    r = await openReviewApp(backend);
    shop = await shopOf(r.t, "DEMO");
  }, 120_000);

  afterAll(async () => {
    await r?.close();
  });

  /** Screens through the signed screening API, as the shop's system does. */
  const asShop = (input: TransactionInput) => screenAsShop(r.t, shop, input);

  const negativeRules = (outcome: ShopScreening) =>
    outcome.firedRules.map((rule) => rule.ruleCode).filter((code) => code.startsWith("NEG_"));

  const entriesOf = (eventId: string) =>
    r.t.db
      .selectFrom("negatives")
      .selectAll()
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", eventId)
      .orderBy("customer_type")
      .execute();

  it("registers the purchaser from an event, and the next order of that purchaser is NG by the negative rule", async () => {
    const purchaser = freshPurchaser();
    const first = freshOrder({ purchaser });
    const screened = await asShop(first);
    expect(negativeRules(screened)).toEqual([]);
    // What the dialog says a registration adds, read before it.
    const coverage = (await detailOf(r.t, r.reviewer, screened.eventId)).negativeCoverage;

    const registered = expectDone(
      await send(r.t, eventNegativeUpdate, r.reviewer, {
        eventId: screened.eventId,
        version: 1,
        purchaser: "1",
        shipping: "0",
        settleCategory: "02",
        otherCategory: "",
      }),
    ).detail;
    expect(registered.version).toBe(2);
    expect(registered.basic.negatived).toBe(true);
    expect(registered.negativeParties).toEqual({ purchaser: true, shipping: false });

    const [entry, ...others] = await entriesOf(screened.eventId);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      add_type: "20",
      customer_type: "0",
      event_id: screened.eventId,
      shop_event_id: first.shopEventId,
      shop_member_id: purchaser.shopMemberId,
      normalized_last_name: purchaser.lastNameHash,
      normalized_first_name: purchaser.firstNameHash,
      full_address: purchaser.fullAddress,
      tel: purchaser.tel,
      mobile_tel: purchaser.mobileTel,
      mail_account: purchaser.mailAccountHash,
      mail_domain: domainHash(purchaser.mailDomain),
      ipaddress: first.device?.ipaddress,
      cookie: first.device?.cookie,
      primary_did: first.device?.primaryDid,
      cchash: first.card?.cchash,
      settle_category: "02",
      other_category: null,
    });
    const keys = await r.t.db
      .selectFrom("negative_keys")
      .select(["item", "value"])
      .where("company_id", "=", "DEMO")
      .where("negative_id", "=", String(entry?.negative_id))
      .execute();
    expect(keys).toContainEqual({ item: "tel", value: normalizeTel(purchaser.tel) });
    expect(keys).toContainEqual({
      item: "name",
      value: `${purchaser.lastNameHash}&${purchaser.firstNameHash}`,
    });
    // The detail told beforehand exactly which items the entry's keys hold, with the event's values:
    // the purchaser's own and the device's and card's, while the shipping address had its own list.
    const itemsOf = (lines: readonly { item: string }[]) =>
      [...new Set(lines.map((line) => line.item))].sort();
    expect(itemsOf(coverage.purchaser)).toEqual(itemsOf(keys));
    expect(coverage.purchaser).toEqual(
      expect.arrayContaining([
        { item: "tel", value: purchaser.tel },
        { item: "mailDomain", value: purchaser.mailDomain },
        { item: "deviceId", value: first.device?.primaryDid },
        { item: "cchash", value: first.card?.cchash },
      ]),
    );
    expect(coverage.shipping).toContainEqual({ item: "address", value: first.shipping?.fullAddress });
    expect(registered.negativeCoverage).toEqual(coverage);

    // The same purchaser on another device, with another card and shipping address.
    const next = await asShop(freshOrder({ purchaser }));
    expect(next.aaresult).toBe("NG");
    expect(negativeRules(next)).toEqual(expect.arrayContaining(["NEG_TEL", "NEG_MAIL", "NEG_NAME"]));
    expect(negativeRules(next)).not.toContain("NEG_CARD");
    expect(next.firedRules.some((rule) => rule.ruleCode.startsWith("NEG_") && rule.isReasonRule)).toBe(true);

    // Release: the entry and its keys go, and the purchaser screens clean again.
    const released = expectDone(
      await send(r.t, eventNegativeUpdate, r.reviewer, {
        eventId: screened.eventId,
        version: 2,
        ...nothing,
        purchaser: "2",
      }),
    ).detail;
    expect(released.basic.negatived).toBe(false);
    expect(released.negativeParties).toEqual({ purchaser: false, shipping: false });
    expect(await entriesOf(screened.eventId)).toEqual([]);
    const orphanKeys = await r.t.db
      .selectFrom("negative_keys")
      .select("item")
      .where("company_id", "=", "DEMO")
      .where("negative_id", "=", String(entry?.negative_id))
      .execute();
    expect(orphanKeys).toEqual([]);
    expect(negativeRules(await asShop(freshOrder({ purchaser })))).toEqual([]);
  });

  it("registers the shipping address separately: an order shipped there is NG by the shipping rule", async () => {
    const order = freshOrder();
    const { eventId } = await screenDemo(r.t, order);
    const detail = expectDone(
      await send(r.t, eventNegativeUpdate, r.admin, {
        eventId,
        version: 1,
        ...nothing,
        shipping: "1",
        otherCategory: "01",
      }),
    ).detail;
    expect(detail.basic.negatived).toBe(true);
    const [entry] = await entriesOf(eventId);
    expect(entry).toMatchObject({
      customer_type: "1",
      full_address: order.shipping?.fullAddress,
      tel: order.shipping?.tel,
      other_category: "01",
      settle_category: null,
    });

    const shippedThere = await asShop(freshOrder({ shipping: order.shipping }));
    expect(shippedThere.aaresult).toBe("NG");
    expect(negativeRules(shippedThere)).toEqual(expect.arrayContaining(["NEG_SHIP_ADDRESS", "NEG_SHIP_TEL"]));
  });

  it("keeps one entry per party on re-registration and releases one party without the other", async () => {
    const { eventId } = await screenDemo(r.t, freshOrder());
    const both = { ...nothing, purchaser: "1", shipping: "1" };
    expectDone(await send(r.t, eventNegativeUpdate, r.admin, { eventId, version: 1, ...both }));
    expectDone(
      await send(r.t, eventNegativeUpdate, r.admin, { eventId, version: 2, ...both, settleCategory: "99" }),
    );
    const entries = await entriesOf(eventId);
    expect(entries.map((entry) => [entry.customer_type, entry.settle_category])).toEqual([
      ["0", "99"],
      ["1", "99"],
    ]);

    const shippingReleased = expectDone(
      await send(r.t, eventNegativeUpdate, r.admin, { eventId, version: 3, ...nothing, shipping: "2" }),
    ).detail;
    expect(shippingReleased.basic.negatived).toBe(true);
    expect(shippingReleased.negativeParties).toEqual({ purchaser: true, shipping: false });
    expect((await entriesOf(eventId)).map((entry) => entry.customer_type)).toEqual(["0"]);
  });

  it("answers 902 when neither party is chosen, refuses a party the event does not have or has not registered; nothing written", async () => {
    const { eventId } = await screenDemo(r.t, freshOrder());
    const none = await send(r.t, eventNegativeUpdate, r.admin, { eventId, version: 1, ...nothing });
    expect(none.statusCode).toBe(400);
    expectRefusal(none, ERROR.noItemSelected, "No item selected for update. Please select at least one.");

    const { shipping: _none, ...withoutShipping } = freshOrder();
    const pickup = await screenDemo(r.t, withoutShipping);
    // The dialog offers no shipping registration to begin with: nothing to add.
    const pickupCoverage = (await detailOf(r.t, r.admin, pickup.eventId)).negativeCoverage;
    expect(pickupCoverage.shipping).toEqual([]);
    expect(pickupCoverage.purchaser.length).toBeGreaterThan(0);
    const missing = await send(r.t, eventNegativeUpdate, r.admin, {
      eventId: pickup.eventId,
      version: 1,
      ...nothing,
      purchaser: "1",
      shipping: "1",
    });
    expect(expectRefusal(missing, ERROR.validation)).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.shipping",
        message: "The event has no data for this party.",
      },
    ]);
    // Nothing registered by the event: a release of it is refused at its party, even beside a registration.
    const releaseNothing = await send(r.t, eventNegativeUpdate, r.admin, {
      eventId,
      version: 1,
      ...nothing,
      purchaser: "1",
      shipping: "2",
    });
    expect(expectRefusal(releaseNothing, ERROR.validation)).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.shipping",
        message: "The event has not registered this party as negative.",
      },
    ]);
    for (const id of [eventId, pickup.eventId]) {
      expect(await entriesOf(id)).toEqual([]);
      const detail = await detailOf(r.t, r.admin, id);
      expect([detail.version, detail.basic.negatived]).toEqual([1, false]);
    }
  });
});
