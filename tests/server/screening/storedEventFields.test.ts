import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactionSchema } from "../../../src/contract/screening.ts";
import { runAsTenant } from "../../../src/server/db/tenantContext.ts";
import { linkKeysOf } from "../../../src/server/screening/linkKeys.ts";
import { MANUAL_DEADLINE_HOURS } from "../../../src/server/screening/manualDeadline.ts";
import { screenTransaction } from "../../../src/server/screening/screenTransaction.ts";
import { testBackends } from "../helpers/testBackends.ts";
import {
  group,
  MODEL,
  openScreeningHarness,
  purchase,
  rule,
  type ScreeningHarness,
} from "./screeningHarness.ts";

const HOUR_MS = 3_600_000;

describe.each(testBackends())("screened event fields and group commit (%s)", (backend) => {
  let h: ScreeningHarness;

  beforeAll(async () => {
    h = await openScreeningHarness(backend);
    // Each amount decides one result: 1 REVIEW, 2 HOLD, 3 NG, anything else OK.
    await h.release("DEMO", [
      group("review", 1, "REVIEW", "OR", [
        rule("R1", { kind: "amount", field: "amount", op: "eq", value: 1 }),
      ]),
      group("hold", 2, "HOLD", "OR", [rule("H2", { kind: "amount", field: "amount", op: "eq", value: 2 })]),
      group("ng", 3, "NG", "OR", [rule("N3", { kind: "amount", field: "amount", op: "eq", value: 3 })]),
    ]);
  });
  afterAll(async () => {
    await h?.close();
  });

  const stored = (eventId: string) =>
    h.db
      .selectFrom("events")
      .select(["aaresult", "auth_kind", "created_at", "deadline", "shop_event_id", "amount"])
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", eventId)
      .executeTakeFirstOrThrow();

  it("gives REVIEW and HOLD events a manual screening deadline 72 hours after screening, others none", async () => {
    expect(MANUAL_DEADLINE_HOURS).toBe(72);
    const at = new Date(h.clock.now().getTime() - 5_000);
    const expected = { 1: "REVIEW", 2: "HOLD", 3: "NG", 4: "OK" } as const;
    for (const [amount, aaresult] of Object.entries(expected)) {
      const outcome = await h.screen("DEMO", purchase({ amount: Number(amount) }), at);
      const event = await stored(outcome.eventId);
      expect(event.aaresult).toBe(aaresult);
      expect(new Date(event.created_at).getTime()).toBe(at.getTime());
      if (aaresult === "REVIEW" || aaresult === "HOLD")
        expect(new Date(event.deadline as Date).getTime()).toBe(at.getTime() + 72 * HOUR_MS);
      else expect(event.deadline).toBeNull();
    }
  });

  it("stores how the event was screened: api by default, csv when the channel says so", async () => {
    const api = await h.screen("DEMO", purchase());
    expect((await stored(api.eventId)).auth_kind).toBe("api");
    const csv = await screenTransaction(
      h.deps,
      { companyId: "DEMO", modelId: MODEL, applicationId: null, authKind: "csv" },
      transactionSchema.parse(purchase()),
    );
    expect((await stored(csv.eventId)).auth_kind).toBe("csv");
  });

  it("stores the phone number statuses the shop sends, of purchaser and shipping", async () => {
    const outcome = await h.screen(
      "DEMO",
      purchase({
        purchaser: {
          tel: "0311112222",
          telStatus: " verified ",
          mobileTel: "09011112222",
          mobileTelStatus: "2",
        },
        shipping: { tel: "0633334444", telStatus: "unverified" },
      }),
    );
    const parties = await h.db
      .selectFrom("event_parties")
      .select(["party", "tel_status", "mobile_tel_status"])
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", outcome.eventId)
      .orderBy("party")
      .execute();
    expect(parties).toEqual([
      { party: "purchaser", tel_status: "verified", mobile_tel_status: "2" },
      { party: "shipping", tel_status: "unverified", mobile_tel_status: null },
    ]);
  });

  it("stores link key values as sent, also with quotes, backslashes, commas and braces", async () => {
    const address = `東京都"港区"\\1,{2} 'x'`;
    const tel = '03\\"1';
    const outcome = await h.screen("DEMO", purchase({ purchaser: { fullAddress: address, tel } }));
    const keys = await h.db
      .selectFrom("event_link_keys")
      .select(["key_type", "key_value", "amount", "created_at"])
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", outcome.eventId)
      .orderBy("key_type")
      .execute();
    const tx = transactionSchema.parse(purchase({ purchaser: { fullAddress: address, tel } }));
    expect(keys.map((key) => [key.key_type, key.key_value])).toEqual(
      linkKeysOf(tx)
        .map((key) => [key.keyType, key.value])
        .sort(([a], [b]) => ((a as string) < (b as string) ? -1 : 1)),
    );
    expect(keys.find((key) => key.key_type === "address")?.key_value).toContain('"港区"\\1,{2}');
    expect(new Set(keys.map((key) => key.amount))).toEqual(new Set([5_000]));
  });

  it("stores screenings finishing together in one batch, each with its own outcome, parts and idempotency", async () => {
    const inputs = Array.from({ length: 20 }, (_, index) =>
      purchase({
        amount: (index % 4) + 1,
        items: Array.from({ length: (index % 3) + 1 }, (_, item) => ({
          itemName: `item ${index}-${item}`,
          price: 100,
          quantity: 1,
        })),
      }),
    );
    const repeated = purchase({ amount: 1 });
    // Three screenings of one shop event ID among them: exactly one is stored, all answer it.
    const outcomes = await Promise.all([
      ...inputs.map((input) => h.screen("DEMO", input)),
      h.screen("DEMO", repeated),
      h.screen("DEMO", repeated),
      h.screen("DEMO", { ...repeated, amount: 4 }),
    ]);
    const own = outcomes.slice(0, inputs.length);
    expect(own.every((outcome) => !outcome.duplicate)).toBe(true);
    expect(new Set(own.map((outcome) => outcome.eventId)).size).toBe(inputs.length);
    for (const [index, outcome] of own.entries()) {
      const input = inputs[index];
      const event = await stored(outcome.eventId);
      expect(event.shop_event_id).toBe(input?.shopEventId);
      expect(event.amount).toBe(input?.amount);
      expect(event.aaresult).toBe(outcome.aaresult);
      const items = await h.db
        .selectFrom("event_items")
        .select("item_name")
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", outcome.eventId)
        .orderBy("item_no")
        .execute();
      expect(items.map((item) => item.item_name)).toEqual(input?.items?.map((item) => item.itemName));
    }
    const repeats = outcomes.slice(inputs.length);
    expect(repeats.filter((outcome) => !outcome.duplicate)).toHaveLength(1);
    expect(new Set(repeats.map((outcome) => outcome.eventId)).size).toBe(1);
    const rows = await h.db
      .selectFrom("events")
      .select("event_id")
      .where("company_id", "=", "DEMO")
      .where("shop_event_id", "=", repeated.shopEventId)
      .execute();
    expect(rows.map((row) => row.event_id)).toEqual([repeats[0]?.eventId]);
  });

  it("stores a batch holding several tenants' events, whichever tenant's work scheduled it", async () => {
    // Under row-level security a batch written in DEMO's context would refuse CHECK's rows.
    const [demo, check] = await Promise.all([
      runAsTenant("DEMO", () => h.screen("DEMO", purchase({ amount: 4 }))),
      runAsTenant("CHECK", () => h.screen("CHECK", purchase({ amount: 4 }))),
    ]);
    for (const [companyId, outcome] of [
      ["DEMO", demo],
      ["CHECK", check],
    ] as const) {
      const row = await h.db
        .selectFrom("events")
        .select("event_id")
        .where("company_id", "=", companyId)
        .where("event_id", "=", outcome.eventId)
        .executeTakeFirst();
      expect(row?.event_id, companyId).toBe(outcome.eventId);
    }
  });

  it("stores the others of a batch when one event cannot be stored, and fails only that one", async () => {
    const inputs = Array.from({ length: 6 }, () => purchase({ amount: 4 }));
    // An amount beyond PostgreSQL's integer (the API's schema would refuse it) breaks its events row,
    // and the statement with it.
    const broken = { ...transactionSchema.parse(purchase()), amount: 2 ** 31 };
    const orphan = screenTransaction(
      h.deps,
      { companyId: "DEMO", modelId: MODEL, applicationId: null },
      broken,
    );
    const settled = await Promise.allSettled([orphan, ...inputs.map((input) => h.screen("DEMO", input))]);
    expect(settled[0]?.status).toBe("rejected");
    for (const [index, result] of settled.slice(1).entries()) {
      expect(result.status).toBe("fulfilled");
      if (result.status !== "fulfilled") continue;
      expect((await stored(result.value.eventId)).shop_event_id).toBe(inputs[index]?.shopEventId);
    }
    // Nothing of it was stored: no event, and no part without its event.
    const leftovers = await h.db
      .selectFrom("event_link_keys as k")
      .leftJoin("events as e", (join) =>
        join.onRef("e.company_id", "=", "k.company_id").onRef("e.event_id", "=", "k.event_id"),
      )
      .select("k.event_id")
      .where("e.event_id", "is", null)
      .execute();
    expect(leftovers).toEqual([]);
    const brokenEvent = await h.db
      .selectFrom("events")
      .select("event_id")
      .where("company_id", "=", "DEMO")
      .where("shop_event_id", "=", broken.shopEventId)
      .execute();
    expect(brokenEvent).toEqual([]);
  });
});
