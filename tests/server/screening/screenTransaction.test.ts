import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { transactionSchema } from "../../../src/contract/screening.ts";
import type { NewNegative } from "../../../src/server/db/schema.ts";
import { addKeywords } from "../../../src/server/lists/keywordWrites.ts";
import { syncNegativeKeys } from "../../../src/server/lists/negativeLookup.ts";
import { normalizeWhiteValue } from "../../../src/server/lists/whiteLookup.ts";
import {
  packageIdOf,
  publishRelease,
  ReleaseDefinitionError,
} from "../../../src/server/screening/publishRelease.ts";
import { relatedEvents } from "../../../src/server/screening/relatedEvents.ts";
import { screenTransaction } from "../../../src/server/screening/screenTransaction.ts";
import { testBackends } from "../helpers/testBackends.ts";
import {
  group,
  openScreeningHarness,
  purchase,
  rule,
  type ScreeningHarness,
  shopEventId,
} from "./screeningHarness.ts";

/** yyyyMMddHHmmss in Japan time. */
const jstStamp = (at: Date): string =>
  new Date(at.getTime() + 9 * 3_600_000).toISOString().replace(/\D/g, "").slice(0, 14);
const hash = (text: string): string => createHash("sha256").update(text).digest("hex").toUpperCase();
let unique = 0;
const fresh = (prefix: string): string => `${prefix}${Date.now().toString(36)}${++unique}`;

describe.each(testBackends())("screening engine (%s)", (backend) => {
  let h: ScreeningHarness;

  beforeAll(async () => {
    h = await openScreeningHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  const addNegative = async (companyId: string, fields: Omit<NewNegative, "company_id">) => {
    const row = await h.db
      .insertInto("negatives")
      .values({ company_id: companyId, ...fields })
      .returning("negative_id")
      .executeTakeFirstOrThrow();
    await syncNegativeKeys(h.db, companyId, [String(row.negative_id)]);
  };
  const addWhite = (companyId: string, type: "ip" | "shopMemberId" | "tel", value: string) =>
    h.db
      .insertInto("white_entries")
      .values({ company_id: companyId, entry_type: type, value: normalizeWhiteValue(type, value) ?? value })
      .execute();
  /** DEMO's stored releases ({ count }, a number or, from PostgreSQL, its text). */
  const releases = () =>
    h.db
      .selectFrom("rule_releases")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("company_id", "=", "DEMO")
      .executeTakeFirstOrThrow();
  const storedEvent = (eventId: string, companyId = "DEMO") =>
    h.db
      .selectFrom("events")
      .selectAll()
      .where("company_id", "=", companyId)
      .where("event_id", "=", eventId)
      .executeTakeFirstOrThrow();

  it("stores the event with its parties, items, device, card, fired rules and link keys", async () => {
    await h.release("DEMO", [
      group("高額", 1, "REVIEW", "OR", [
        rule("AMT", { kind: "amount", field: "amount", op: "gte", value: 1 }),
      ]),
    ]);
    const input = purchase({
      totalAmount: 5_500,
      method: "card",
      requestedAt: "2026-03-10T11:00:00+09:00",
      purchaser: {
        fullAddress: "東京都港区1-2-3",
        tel: "03-0000-0001",
        mailAccountHash: hash("a"),
        mailDomain: "Example.JP",
      },
      shipping: { fullAddress: "大阪府大阪市1-1", deliveryCompany: "ヤマト" },
      device: { ipaddress: "198.51.100.7", primaryDid: fresh("DID"), useragent: "UA" },
      card: { cchash: hash(fresh("card")).toLowerCase(), bincode: "411111" },
    });
    const outcome = await h.screen("DEMO", input);
    expect(outcome).toEqual({
      eventId: expect.stringMatching(new RegExp(`^E${jstStamp(h.clock.now())}[A-Z2-7]{6}$`)),
      aaresult: "REVIEW",
      authStatus: "10",
      firedRules: [
        { ruleCode: "AMT", ruleDescription: "AMT description", ruleGroupName: "高額", isReasonRule: true },
      ],
      duplicate: false,
    });
    const event = await storedEvent(outcome.eventId);
    expect(event).toMatchObject({
      shop_event_id: input.shopEventId,
      model_id: "MODEL01",
      aaresult: "REVIEW",
      auth_status: "10",
      rule_group_name: "高額",
      amount: 5_000,
      total_amount: 5_500,
      method: "card",
      simulation_result: null,
    });
    expect(event.requested_at.toISOString()).toBe("2026-03-10T02:00:00.000Z");
    expect(event.created_at.toISOString()).toBe(h.clock.now().toISOString());
    const ofEvent = { company: "DEMO", event: outcome.eventId };
    const parties = await h.db
      .selectFrom("event_parties")
      .selectAll()
      .where("company_id", "=", ofEvent.company)
      .where("event_id", "=", ofEvent.event)
      .execute();
    const items = await h.db
      .selectFrom("event_items")
      .selectAll()
      .where("company_id", "=", ofEvent.company)
      .where("event_id", "=", ofEvent.event)
      .execute();
    const devices = await h.db
      .selectFrom("event_devices")
      .selectAll()
      .where("company_id", "=", ofEvent.company)
      .where("event_id", "=", ofEvent.event)
      .execute();
    const cards = await h.db
      .selectFrom("event_cards")
      .selectAll()
      .where("company_id", "=", ofEvent.company)
      .where("event_id", "=", ofEvent.event)
      .execute();
    const linkKeys = await h.db
      .selectFrom("event_link_keys")
      .selectAll()
      .where("company_id", "=", ofEvent.company)
      .where("event_id", "=", ofEvent.event)
      .execute();
    expect(parties.map((p) => [p.party, p.full_address])).toEqual(
      expect.arrayContaining([
        ["purchaser", "東京都港区1-2-3"],
        ["shipping", "大阪府大阪市1-1"],
      ]),
    );
    expect(items).toMatchObject([{ item_no: 1, item_name: "ボールペン", price: 500, quantity: 10 }]);
    expect(devices).toMatchObject([{ ipaddress: "198.51.100.7", useragent: "UA" }]);
    expect(cards[0]?.cchash).toBe(input.card?.cchash?.toUpperCase());
    expect(linkKeys.map((k) => k.key_type).sort()).toEqual(
      ["address", "address", "cchash", "deviceId", "ipaddress", "mail", "tel"].sort(),
    );
  });

  it("negative hits per item and party, from one list per tenant", async () => {
    const tel = `090${Date.now().toString().slice(-8)}`;
    const card = hash(fresh("neg-card"));
    const domain = `${fresh("bad")}.example`;
    await addNegative("DEMO", {
      tel: tel.replace(/^(\d{3})(\d{4})/, "$1-$2-"),
      cchash: card.toLowerCase(),
      mail_domain: hash(domain).toLowerCase(),
    });
    await h.release("DEMO", [
      group("ネガ", 1, "NG", "OR", [
        rule("NEG_SHIP_TEL", { kind: "negativeHit", party: "shipping", item: "tel" }),
        rule("NEG_PUR_TEL", { kind: "negativeHit", party: "purchaser", item: "tel" }),
        rule("NEG_CARD", { kind: "negativeHit", party: "purchaser", item: "cchash" }),
        rule("NEG_DOMAIN", { kind: "negativeHit", party: "purchaser", item: "mailDomain" }),
      ]),
    ]);
    const shippingTel = await h.screen("DEMO", purchase({ shipping: { tel } }));
    expect(shippingTel.aaresult).toBe("NG");
    expect(shippingTel.firedRules.map((r) => r.ruleCode)).toEqual(["NEG_SHIP_TEL"]);
    const cardAndDomain = await h.screen(
      "DEMO",
      purchase({
        card: { cchash: card },
        purchaser: { mailAccountHash: hash("x"), mailDomain: domain.toUpperCase() },
      }),
    );
    expect(cardAndDomain.firedRules.map((r) => r.ruleCode)).toEqual(["NEG_CARD", "NEG_DOMAIN"]);
    expect((await h.screen("DEMO", purchase())).aaresult).toBe("OK");
    // ACME has no such negatives: the same transaction passes there.
    await h.release("ACME", [
      group("ネガ", 1, "NG", "OR", [
        rule("NEG_CARD", { kind: "negativeHit", party: "purchaser", item: "cchash" }),
      ]),
    ]);
    expect((await h.screen("ACME", purchase({ card: { cchash: card } }))).aaresult).toBe("OK");
  });

  /** A new address keyword category of DEMO holding `keywords`; its ID. */
  async function addressKeywords(name: string, keywords: readonly string[]): Promise<string> {
    const category = fresh("CAT");
    await h.db
      .insertInto("keyword_categories")
      .values({ company_id: "DEMO", category_id: category, name, target: "address" })
      .execute();
    // Through the lists module, the keywords' only writer: it moves the engine's keyword version.
    await addKeywords(h.db, "DEMO", category, keywords, { operatorId: null, at: new Date() });
    return category;
  }

  it("keywords by category and target, prefix and contains, % and _ taken literally", async () => {
    const category = await addressKeywords("危険住所", ["私書箱", "100%_"]);
    await h.release("DEMO", [
      group("キーワード前方", 1, "NG", "OR", [
        rule("KW_PREFIX", {
          kind: "keywordHit",
          categoryId: category,
          target: "address",
          party: "shipping",
          match: "prefix",
        }),
      ]),
      group("キーワード部分", 2, "HOLD", "OR", [
        rule("KW_CONTAINS", {
          kind: "keywordHit",
          categoryId: category,
          target: "address",
          match: "contains",
        }),
      ]),
    ]);
    const prefix = await h.screen("DEMO", purchase({ shipping: { fullAddress: "私書箱 123" } }));
    expect(prefix.firedRules.map((r) => [r.ruleCode, r.isReasonRule])).toEqual([
      ["KW_PREFIX", true],
      ["KW_CONTAINS", false],
    ]);
    const contains = await h.screen("DEMO", purchase({ purchaser: { fullAddress: "東京都 ビル100%_号" } }));
    expect(contains).toMatchObject({ aaresult: "HOLD", firedRules: [{ ruleCode: "KW_CONTAINS" }] });
    // % and _ are no wildcards: "100X" and "1000" do not contain "100%_".
    expect((await h.screen("DEMO", purchase({ purchaser: { fullAddress: "東京都100X1号" } }))).aaresult).toBe(
      "OK",
    );
    expect((await h.screen("DEMO", purchase({ shipping: { fullAddress: "東京都私書箱" } }))).aaresult).toBe(
      "HOLD",
    );
  });

  it("keywords ignore spacing, width and the kind of dash on both sides; a keyword of spaces alone is none", async () => {
    const category = await addressKeywords("転送住所", ["転送センター", "ビル 1－2", " \u3000 "]);
    await h.release("DEMO", [
      group("転送", 1, "HOLD", "OR", [
        rule("KW_FORWARD", {
          kind: "keywordHit",
          categoryId: category,
          target: "address",
          match: "contains",
        }),
      ]),
    ]);
    const held = async (fullAddress: string) =>
      (await h.screen("DEMO", purchase({ shipping: { fullAddress } }))).aaresult === "HOLD";
    // A space typed into the word, the keyword's own space, full-width digits and a ー for the hyphen.
    expect(await held("東京都港区 転送 センター 5")).toBe(true);
    expect(await held("大阪市北区ビル１ー２")).toBe(true);
    expect(await held("大阪市北区ビル 1 - 2")).toBe(true);
    // Neither keyword is there, and the keyword of spaces alone does not match every address.
    expect(await held("東京都千代田区丸の内1-1")).toBe(false);
  });

  it("IP geolocation: foreign country fires, Japan and unknown ranges do not; names stored with the device", async () => {
    await h.db
      .insertInto("ip_geo_ranges")
      .values([
        {
          company_id: "DEMO",
          range_start: "203.0.113.0",
          range_end: "203.0.113.255",
          country_code: "US",
          country_j_name: "アメリカ",
          country_a_name: "United States",
        },
        {
          company_id: "DEMO",
          range_start: "192.0.2.0",
          range_end: "192.0.2.255",
          country_code: "JP",
          country_j_name: "日本",
          country_a_name: "Japan",
          pref_j_name: "東京都",
          pref_a_name: "Tokyo",
        },
      ])
      .execute();
    await h.release("DEMO", [group("海外", 1, "REVIEW", "OR", [rule("FOREIGN_IP", { kind: "foreignIp" })])]);
    const foreign = await h.screen("DEMO", purchase({ device: { ipaddress: "203.0.113.9" } }));
    expect(foreign.aaresult).toBe("REVIEW");
    const device = await h.db
      .selectFrom("event_devices")
      .selectAll()
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", foreign.eventId)
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({
      country_code: "US",
      country_j_name: "アメリカ",
      country_a_name: "United States",
    });
    expect((await h.screen("DEMO", purchase({ device: { ipaddress: "192.0.2.10" } }))).aaresult).toBe("OK");
    expect((await h.screen("DEMO", purchase({ device: { ipaddress: "203.0.114.1" } }))).aaresult).toBe("OK");
    expect((await h.screen("DEMO", purchase({ device: { ipaddress: "2001:db8::1" } }))).aaresult).toBe("OK");
  });

  it("hour of day (Japan time of the order) and first-time customers", async () => {
    await h.release("DEMO", [
      group("深夜", 1, "HOLD", "OR", [rule("NIGHT", { kind: "hourOfDay", from: 1, to: 4 })]),
      group("初回", 2, "REVIEW", "OR", [rule("FIRST", { kind: "firstTimeCustomer" })]),
    ]);
    const night = await h.screen(
      "DEMO",
      purchase({ requestedAt: "2026-03-09T18:30:00Z", purchaser: { existingCustomerFlg: "1" } }),
    );
    expect(night.aaresult).toBe("HOLD");
    expect(
      (
        await h.screen(
          "DEMO",
          purchase({ requestedAt: "2026-03-10T05:00:00+09:00", purchaser: { existingCustomerFlg: "1" } }),
        )
      ).aaresult,
    ).toBe("OK");
    // Without the shop's flag: first time when no earlier event has the purchaser's e-mail.
    const mail = { mailAccountHash: hash(fresh("first")), mailDomain: "example.jp" };
    const first = await h.screen(
      "DEMO",
      purchase({ requestedAt: "2026-03-10T12:00:00+09:00", purchaser: mail }),
    );
    expect(first.aaresult).toBe("REVIEW");
    const second = await h.screen(
      "DEMO",
      purchase({ requestedAt: "2026-03-10T12:00:00+09:00", purchaser: mail }),
    );
    expect(second.aaresult).toBe("OK");
    expect(
      (
        await h.screen(
          "DEMO",
          purchase({ requestedAt: "2026-03-10T12:00:00+09:00", purchaser: { existingCustomerFlg: "0" } }),
        )
      ).aaresult,
    ).toBe("REVIEW");
  });

  it("white entries (IP, shop member ID, phone) make the event OK; FORCED_EVENT_NG beats them", async () => {
    await h.release("DEMO", [
      group("全件", 1, "NG", "OR", [rule("ALL", { kind: "amount", field: "amount", op: "gte", value: 0 })]),
    ]);
    const ip = `10.9.${unique % 250}.${(Date.now() % 250) + 1}`;
    const member = fresh("M");
    const tel = `0${Date.now().toString().slice(-9)}`;
    await addWhite("DEMO", "ip", ip);
    await addWhite("DEMO", "shopMemberId", member);
    await addWhite("DEMO", "tel", `${tel.slice(0, 3)}-${tel.slice(3)}`);
    expect((await h.screen("DEMO", purchase())).aaresult).toBe("NG");
    for (const input of [
      purchase({ device: { ipaddress: ip } }),
      purchase({ purchaser: { shopMemberId: member } }),
      purchase({ purchaser: { mobileTel: tel } }),
    ]) {
      const outcome = await h.screen("DEMO", input);
      expect(outcome.aaresult).toBe("OK");
      expect(outcome.firedRules).toEqual([
        { ruleCode: "ALL", ruleDescription: "ALL description", ruleGroupName: "全件", isReasonRule: false },
      ]);
    }
    // The member ID of the shipping party is not a white match; ACME does not share DEMO's white list.
    expect((await h.screen("DEMO", purchase({ shipping: { shopMemberId: member } }))).aaresult).toBe("NG");
    await h.release("ACME", [
      group("全件", 1, "NG", "OR", [rule("ALL", { kind: "amount", field: "amount", op: "gte", value: 0 })]),
    ]);
    expect((await h.screen("ACME", purchase({ device: { ipaddress: ip } }))).aaresult).toBe("NG");

    const forced = await h.screen("DEMO", purchase({ forcedNg: true, device: { ipaddress: ip } }));
    expect(forced.aaresult).toBe("NG");
    expect(forced.firedRules[0]).toMatchObject({ ruleCode: "FORCED_EVENT_NG", isReasonRule: true });
    expect((await storedEvent(forced.eventId)).forced_ng).toBe(true);
  });

  it("Simulation releases run in shadow (on CHECK, whose releases no other case uses): stored beside the event, aaresult unchanged", async () => {
    const now = h.clock.now();
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
    await h.release(
      "CHECK",
      [
        group("通常", 1, "HOLD", "OR", [
          rule("N_BIG", { kind: "amount", field: "amount", op: "gte", value: 100_000 }),
        ]),
      ],
      { startsAt: minutesAgo(30) },
    );
    await h.release(
      "CHECK",
      [
        group("試験", 1, "NG", "OR", [
          rule("S_SMALL", { kind: "amount", field: "amount", op: "gte", value: 1_000 }),
        ]),
      ],
      { kind: "simulation", startsAt: minutesAgo(10) },
    );
    // Not started yet: neither of these is used.
    await h.release(
      "CHECK",
      [
        group("未来", 1, "NG", "OR", [
          rule("FUTURE", { kind: "amount", field: "amount", op: "gte", value: 0 }),
        ]),
      ],
      { startsAt: "2099-01-01T00:00:00Z" },
    );
    await h.release(
      "CHECK",
      [
        group("未来試験", 1, "NG", "OR", [
          rule("FUTURE_S", { kind: "amount", field: "amount", op: "gte", value: 0 }),
        ]),
      ],
      { kind: "simulation", startsAt: "2099-01-01T00:00:00Z" },
    );

    const outcome = await h.screen("CHECK", purchase({ amount: 5_000 }));
    expect(outcome).toMatchObject({ aaresult: "OK", firedRules: [] });
    const event = await storedEvent(outcome.eventId, "CHECK");
    expect(event.simulation_result).toMatchObject({
      aaresult: "NG",
      ruleGroupName: "試験",
      firedRules: [{ ruleCode: "S_SMALL", ruleGroupName: "試験", isReasonRule: true }],
      errors: [],
    });
    expect(event.simulation_release_id).toBe((event.simulation_result as { releaseId: string }).releaseId);
    const fired = await h.db
      .selectFrom("event_fired_rules")
      .select(["release_kind", "rule_code"])
      .where("company_id", "=", "CHECK")
      .where("event_id", "=", outcome.eventId)
      .execute();
    // The shadow's fired rules are in simulation_result only: the list searches the deciding release's.
    expect(fired).toEqual([]);

    // A Normal release newer than the Simulation one leaves nothing to shadow.
    await h.release(
      "CHECK",
      [
        group("通常2", 1, "HOLD", "OR", [
          rule("N_BIG", { kind: "amount", field: "amount", op: "gte", value: 100_000 }),
        ]),
      ],
      { startsAt: minutesAgo(5) },
    );
    const later = await h.screen("CHECK", purchase({ amount: 5_000 }));
    expect((await storedEvent(later.eventId, "CHECK")).simulation_result).toBeNull();
  });

  it("finds the latest started Normal release and its shadow however many releases start after them", async () => {
    const modelId = fresh("MANY");
    await h.db
      .insertInto("detection_models")
      .values({ company_id: "DEMO", model_id: modelId, model_name: "many releases" })
      .execute();
    const now = h.clock.now().getTime();
    const at = (minutes: number) => new Date(now + minutes * 60_000);
    const publish = (kind: "normal" | "simulation", startsAt: Date, code: string) =>
      publishRelease(h.db, "DEMO", modelId, {
        kind,
        startsAt: startsAt.toISOString(),
        groups: [
          group(code, 1, "NG", "OR", [rule(code, { kind: "amount", field: "amount", op: "gte", value: 0 })]),
        ],
      });
    await publish("normal", at(-120), "IN_FORCE");
    const shadowId = await publish("simulation", at(-30), "SHADOW");
    // Headers only (their contents are never read if the engine picks right): 250 Simulation releases
    // between the two above, and 250 releases of both kinds scheduled for the future.
    const filler = (index: number, kind: "normal" | "simulation", startsAt: Date) => ({
      company_id: "DEMO",
      release_id: `${modelId}_${index}`,
      package_id: packageIdOf(modelId),
      model_id: modelId,
      kind,
      starts_at: startsAt,
      released_at: new Date(now),
      released_by: null,
    });
    await h.db
      .insertInto("rule_releases")
      .values([
        ...Array.from({ length: 250 }, (_, i) => filler(i, "simulation", at(-100 + i / 10))),
        ...Array.from({ length: 250 }, (_, i) =>
          filler(250 + i, i % 2 === 0 ? "normal" : "simulation", at(60 + i)),
        ),
      ])
      .execute();
    const screenAt = (moment: Date) =>
      screenTransaction(
        h.deps,
        { companyId: "DEMO", modelId, applicationId: null },
        transactionSchema.parse(purchase()),
        {
          now: moment,
        },
      );

    const outcome = await screenAt(at(0));
    expect(outcome).toMatchObject({
      aaresult: "NG",
      firedRules: [{ ruleCode: "IN_FORCE", isReasonRule: true }],
    });
    expect((await storedEvent(outcome.eventId)).simulation_release_id).toBe(shadowId);
    // A moment before the Normal release started has none in force, and afterwards it decides again.
    expect((await screenAt(at(-180))).aaresult).toBe("OK");
    expect((await screenAt(at(1))).firedRules.map((fired) => fired.ruleCode)).toEqual(["IN_FORCE"]);
  });

  it("a release decides from its start time on, the very millisecond included", async () => {
    const modelId = fresh("EDGE");
    await h.db
      .insertInto("detection_models")
      .values({ company_id: "DEMO", model_id: modelId, model_name: "release edges" })
      .execute();
    const start = new Date(Math.floor(h.clock.now().getTime() / 1000) * 1000 + 60_000);
    const publish = (kind: "normal" | "simulation", startsAt: Date, code: string) =>
      publishRelease(h.db, "DEMO", modelId, {
        kind,
        startsAt: startsAt.toISOString(),
        groups: [
          group(code, 1, "HOLD", "OR", [
            rule(code, { kind: "amount", field: "amount", op: "gte", value: 0 }),
          ]),
        ],
      });
    await publish("normal", new Date(start.getTime() - 3_600_000), "OLD");
    await publish("normal", start, "NEW");
    const shadowId = await publish("simulation", new Date(start.getTime() + 1), "SHADOW");
    const screenAt = async (moment: Date) => {
      const outcome = await screenTransaction(
        h.deps,
        { companyId: "DEMO", modelId, applicationId: null },
        transactionSchema.parse(purchase()),
        { now: moment },
      );
      const stored = await storedEvent(outcome.eventId);
      return [outcome.firedRules.map((fired) => fired.ruleCode), stored.simulation_release_id];
    };
    // Read in this order, the cached release list must not keep the old release past the new one's start.
    expect(await screenAt(new Date(start.getTime() - 1))).toEqual([["OLD"], null]);
    expect(await screenAt(start)).toEqual([["NEW"], null]);
    expect(await screenAt(new Date(start.getTime() + 1))).toEqual([["NEW"], shadowId]);
    expect(await screenAt(new Date(start.getTime() - 1))).toEqual([["OLD"], null]);
  });

  it("refuses a release whose rule takes the engine's own code FORCED_EVENT_NG, and stores nothing", async () => {
    const before = await releases();
    const refused = h.release("DEMO", [
      group("強制", 1, "NG", "OR", [
        rule("FORCED_EVENT_NG", { kind: "amount", field: "amount", op: "gte", value: 0 }),
      ]),
    ]);
    await expect(refused).rejects.toSatisfy(
      (error) =>
        error instanceof z.ZodError &&
        error.issues.some(
          (issue) =>
            issue.path.join(".") === "groups.0.units.0.rules.0.ruleCode" &&
            issue.message === "validation.reservedRuleCode",
        ),
    );
    expect(await releases()).toEqual(before);
  });

  it("refuses a second Normal release starting at the same moment (934) and stores nothing; a Simulation one may", async () => {
    // Far ahead, so these releases never decide the other cases' screenings.
    const startsAt = "2098-06-01T00:00:00.000Z";
    const groups = (code: string) => [
      group("同時", 1, "NG", "OR", [rule(code, { kind: "amount", field: "amount", op: "gte", value: 0 })]),
    ];
    await h.release("DEMO", groups("SAME_START_A"), { startsAt });
    const before = await releases();
    await expect(h.release("DEMO", groups("SAME_START_B"), { startsAt })).rejects.toSatisfy(
      (error) => error instanceof ReleaseDefinitionError && error.messageNo === "934",
    );
    expect(await releases()).toEqual(before);
    // A Simulation release, and a Normal one a millisecond later, are accepted.
    await h.release("DEMO", groups("SAME_START_S"), { kind: "simulation", startsAt });
    const later = new Date(Date.parse(startsAt) + 1).toISOString();
    await h.release("DEMO", groups("SAME_START_C"), { startsAt: later });
    expect(Number((await releases()).count)).toBe(Number(before.count) + 2);
  });

  it("a malformed stored condition is logged with its rule code and does not stop the screening", async () => {
    const releaseId = await h.release("DEMO", [
      group("壊れた", 1, "NG", "OR", [
        rule("BROKEN", { kind: "amount", field: "amount", op: "gte", value: 0 }),
      ]),
      group("正常", 2, "HOLD", "OR", [
        rule("WORKS", { kind: "amount", field: "amount", op: "gte", value: 0 }),
      ]),
    ]);
    await h.db
      .updateTable("rules")
      .set({ condition: JSON.stringify({ kind: "amount", field: "price", op: "around", value: "many" }) })
      .where("company_id", "=", "DEMO")
      .where("release_id", "=", releaseId)
      .where("rule_code", "=", "BROKEN")
      .execute();
    h.warnings.length = 0;
    const outcome = await h.screen("DEMO", purchase());
    expect(outcome).toMatchObject({
      aaresult: "HOLD",
      firedRules: [{ ruleCode: "WORKS", isReasonRule: true }],
    });
    expect(h.warnings).toEqual([
      {
        message: expect.stringContaining("rule failed"),
        details: expect.objectContaining({ ruleCode: "BROKEN", releaseId }),
      },
    ]);
  });

  describe("velocity", () => {
    // Later than every other case, so their events stay outside the windows.
    const base = new Date(Date.now() + 30 * 86_400_000);
    const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);

    it.each([
      ["minutes", { value: 30, unit: "minutes" as const }, 29, 31],
      ["hours", { value: 2, unit: "hours" as const }, 119, 121],
      ["days", { value: 3, unit: "days" as const }, 3 * 1440 - 1, 3 * 1440 + 1],
    ])(
      "counts and sums the tenant's events sharing the key within N %s",
      async (_unit, window, inside, outside) => {
        const card = hash(fresh("velocity"));
        await h.release("DEMO", [
          group("件数", 1, "NG", "AND", [
            rule("V_COUNT", {
              kind: "velocity",
              key: "cchash",
              measure: "count",
              window,
              op: "gte",
              value: 3,
            }),
          ]),
          group("金額", 2, "HOLD", "AND", [
            rule("V_AMOUNT", {
              kind: "velocity",
              key: "cchash",
              measure: "amount",
              window,
              op: "gt",
              value: 15_000,
            }),
          ]),
        ]);
        const send = (minutes: number, amount: number) =>
          h.screen("DEMO", purchase({ amount, card: { cchash: card } }), at(minutes));
        // 10,000 outside the third one's window, 10,000 inside: it sees count 2 and 20,000 (itself included).
        await send(0, 10_000);
        await send(outside - inside, 10_000);
        const third = await send(outside, 10_000);
        expect(third).toMatchObject({ aaresult: "HOLD", firedRules: [{ ruleCode: "V_AMOUNT" }] });
        // A fourth one inside the window of the second and third: count 3, amount 30,000.
        const fourth = await send(outside + 1, 10_000);
        expect(fourth.aaresult).toBe("NG");
        expect(fourth.firedRules.map((r) => r.ruleCode)).toEqual(["V_COUNT", "V_AMOUNT"]);
        // Another card is not counted; neither is ACME's use of this card.
        expect(
          (
            await h.screen(
              "DEMO",
              purchase({ amount: 10_000, card: { cchash: hash(fresh("other")) } }),
              at(outside + 2),
            )
          ).aaresult,
        ).toBe("OK");
      },
    );

    it("is per tenant", async () => {
      const ip = `172.16.${unique % 250}.${(Date.now() % 250) + 1}`;
      await h.release("ACME", [
        group("件数", 1, "NG", "AND", [
          rule("V_IP", {
            kind: "velocity",
            key: "ipaddress",
            measure: "count",
            window: { value: 1, unit: "days" },
            op: "gte",
            value: 2,
          }),
        ]),
      ]);
      await h.screen("DEMO", purchase({ device: { ipaddress: ip } }), at(0));
      expect((await h.screen("ACME", purchase({ device: { ipaddress: ip } }), at(1))).aaresult).toBe("OK");
      expect((await h.screen("ACME", purchase({ device: { ipaddress: ip } }), at(2))).aaresult).toBe("NG");
    });

    it("counts screenings running at the same moment, each once, in screening order", async () => {
      const card = hash(fresh("burst"));
      await h.release("DEMO", [
        group("件数", 1, "NG", "AND", [
          rule("V_BURST", {
            kind: "velocity",
            key: "cchash",
            measure: "count",
            window: { value: 1, unit: "hours" },
            op: "gte",
            value: 4,
          }),
        ]),
        group("金額", 2, "HOLD", "AND", [
          rule("V_BURST_AMOUNT", {
            kind: "velocity",
            key: "cchash",
            measure: "amount",
            window: { value: 1, unit: "hours" },
            op: "gte",
            value: 3_000,
          }),
        ]),
      ]);
      // One stored before; then a burst: all asking together (one facts batch, stores overlapping).
      await h.screen("DEMO", purchase({ amount: 1_000, card: { cchash: card } }), at(5000));
      const burst = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) =>
          h.screen("DEMO", purchase({ amount: 1_000, card: { cchash: card } }), at(5000 + n / 1000)),
        ),
      );
      // The n-th of the burst is the (n + 1)-th use of the card: the first sees 2 (2,000: OK), the
      // second 3 (3,000: HOLD), from the third on 4 or more (NG).
      expect(burst.map((outcome) => outcome.aaresult)).toEqual(["OK", "HOLD", "NG", "NG", "NG", "NG"]);
      // Another tenant's burst with the same card at the same moment counts only its own.
      await h.release("ACME", [
        group("件数", 1, "NG", "AND", [
          rule("V_BURST", {
            kind: "velocity",
            key: "cchash",
            measure: "count",
            window: { value: 1, unit: "hours" },
            op: "gte",
            value: 2,
          }),
        ]),
      ]);
      const acme = await Promise.all(
        [1, 2].map(() => h.screen("ACME", purchase({ card: { cchash: card } }), at(5000 + 1 / 1000))),
      );
      expect(acme.map((outcome) => outcome.aaresult)).toEqual(["OK", "NG"]);
    });

    it("counts a shop's retry of a pending shop event ID once", async () => {
      const card = hash(fresh("retry"));
      await h.release("DEMO", [
        group("件数", 1, "NG", "AND", [
          rule("V_RETRY", {
            kind: "velocity",
            key: "cchash",
            measure: "count",
            window: { value: 1, unit: "hours" },
            op: "gte",
            value: 2,
          }),
        ]),
      ]);
      const first = purchase({ card: { cchash: card } });
      const [original, retry, next] = await Promise.all([
        h.screen("DEMO", first, at(6000)),
        h.screen("DEMO", first, at(6000)),
        h.screen("DEMO", purchase({ card: { cchash: card } }), at(6000)),
      ]);
      expect(original?.aaresult).toBe("OK");
      expect(retry).toMatchObject({ eventId: original?.eventId, duplicate: true });
      // The third sees the card once before it (the original), not twice.
      expect(next?.aaresult).toBe("NG");
      const again = await h.screen("DEMO", purchase({ card: { cchash: card } }), at(6001));
      expect(again.aaresult).toBe("NG");
    });

    it("sees a purchaser's e-mail of a screening running beside it (first-time customer once)", async () => {
      await h.release("DEMO", [
        group("初回", 1, "REVIEW", "OR", [rule("FIRST", { kind: "firstTimeCustomer" })]),
      ]);
      const mail = { mailAccountHash: hash(fresh("together")), mailDomain: "example.jp" };
      const outcomes = await Promise.all(
        [1, 2, 3].map((n) => h.screen("DEMO", purchase({ purchaser: mail }), at(7000 + n / 1000))),
      );
      expect(outcomes.map((outcome) => outcome.aaresult)).toEqual(["REVIEW", "OK", "OK"]);
    });
  });

  it("links a new event to the tenant's earlier events sharing a key, naming the key", async () => {
    const did = fresh("DEV");
    const mail = { mailAccountHash: hash(fresh("ring")), mailDomain: "ring.example" };
    const address = `福岡県福岡市${fresh("")}1-1`;
    const t0 = h.clock.now();
    const second = (n: number) => new Date(t0.getTime() + n * 1000);
    const first = await h.screen(
      "DEMO",
      purchase({ device: { primaryDid: did }, purchaser: { fullAddress: address } }),
      second(1),
    );
    const next = await h.screen(
      "DEMO",
      purchase({ device: { userDeviceId: did }, purchaser: mail }),
      second(2),
    );
    const third = await h.screen(
      "DEMO",
      purchase({ purchaser: { ...mail, fullAddress: ` ${address.normalize("NFKC")} ` } }),
      second(3),
    );
    const acme = await h.screen("ACME", purchase({ device: { primaryDid: did } }), second(4));
    const linksOf = async (companyId: string, eventId: string) =>
      (await relatedEvents(h.db, companyId, eventId))
        .filter((link) => link.sharedKey !== "tel")
        .map((link) => ({ relatedEventId: link.relatedEventId, sharedKey: link.sharedKey }));
    expect(await linksOf("DEMO", first.eventId)).toEqual([]);
    expect(await linksOf("DEMO", next.eventId)).toEqual([
      { relatedEventId: first.eventId, sharedKey: "deviceId" },
    ]);
    expect(await linksOf("DEMO", third.eventId)).toEqual([
      { relatedEventId: first.eventId, sharedKey: "address" },
      { relatedEventId: next.eventId, sharedKey: "mail" },
    ]);
    // ACME's event shares the device ID with DEMO's first event only: no link across tenants.
    const acmeLinks = await relatedEvents(h.db, "ACME", acme.eventId);
    expect(acmeLinks.filter((link) => link.sharedKey === "deviceId")).toEqual([]);
    expect(acmeLinks.map((link) => link.relatedEventId)).not.toContain(first.eventId);
    expect(await relatedEvents(h.db, "ACME", first.eventId)).toEqual([]);
  });

  it("reads at most the given number of related events per key value, newest first", async () => {
    const card = { cchash: hash(fresh("card")) };
    const t0 = new Date(h.clock.now().getTime() + 3_600_000);
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) {
      ids.push((await h.screen("DEMO", purchase({ card }), new Date(t0.getTime() + n * 1000))).eventId);
    }
    const links = await relatedEvents(h.db, "DEMO", ids[3] as string, 2);
    expect(links.filter((link) => link.sharedKey === "cchash").map((link) => link.relatedEventId)).toEqual([
      ids[2],
      ids[1],
    ]);
  });

  it("is idempotent per tenant and shop event ID, also for concurrent retries", async () => {
    await h.release("DEMO", [
      group("高額", 1, "REVIEW", "OR", [
        rule("AMT", { kind: "amount", field: "amount", op: "gte", value: 1 }),
      ]),
    ]);
    const input = purchase();
    const first = await h.screen("DEMO", input);
    const retry = await h.screen("DEMO", { ...input, amount: 1 });
    expect(retry).toEqual({ ...first, duplicate: true });

    const concurrent = purchase();
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => h.screen("DEMO", concurrent)));
    expect(new Set(outcomes.map((o) => o.eventId)).size).toBe(1);
    expect(outcomes.filter((o) => !o.duplicate)).toHaveLength(1);
    for (const outcome of outcomes) expect(outcome.firedRules).toEqual(first.firedRules);
    const count = async (table: "events" | "event_fired_rules" | "event_link_keys", shopId: string) =>
      (
        await h.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("company_id", "=", "DEMO")
          .where(
            "event_id",
            "in",
            h.db
              .selectFrom("events")
              .select("event_id")
              .where("company_id", "=", "DEMO")
              .where("shop_event_id", "=", shopId),
          )
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await count("events", concurrent.shopEventId))).toBe(1);
    expect(Number(await count("event_fired_rules", concurrent.shopEventId))).toBe(1);
    // The same shop event ID is another event for another tenant.
    const acme = await h.screen("ACME", { ...input });
    expect(acme.duplicate).toBe(false);
    expect(acme.eventId).not.toBe(first.eventId);
    expect(shopEventId()).not.toBe(input.shopEventId);
  });
});
