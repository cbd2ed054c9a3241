import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchablePart } from "../../src/app/features/event/detail/fieldSearch.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { eventDetail } from "../../src/contract/eventDetail.ts";
import { CSV_DELIMITER, eventCsvExport } from "../../src/contract/eventExport.ts";
import {
  type DetailSearch,
  EMPTY_DETAIL_SEARCH,
  EMPTY_QUICK_SEARCH,
  type EventSearch,
  eventCount,
  eventList,
  eventModelList,
  eventNeighbours,
  eventSelectAll,
  QUICK_SEARCH_FIELDS,
  quickSearchOf,
} from "../../src/contract/eventSearch.ts";
import { type TransactionInput, transactionSchema } from "../../src/contract/screening.ts";
import { screenTransaction } from "../../src/server/screening/screenTransaction.ts";
import { createEventListService } from "../../src/server/services/eventSearch/eventListService.ts";
import {
  call,
  createTestApp,
  loginAs,
  type Session,
  setRolePermission,
  type TestApp,
} from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";

/**
 * Event list search over HTTP (eventList, eventCount, eventSelectAll, eventNeighbours) on a demo-seeded tenant
 * plus a few events screened by the engine with identifiers of their own ("T4..."), at Japan times
 * in 2031 so date ranges hold only them. Each field must find its events and no other.
 */

const hex = (c: string) => c.repeat(64);
/** ASCII letters, digits and signs as their full-width forms (U+FF01 to U+FF5E). */
const fullWidth = (text: string) =>
  text.replace(/[!-~]/g, (c) => String.fromCharCode((c.codePointAt(0) as number) + 0xfee0));
const HASH = { mail: hex("a"), last: hex("b"), first: hex("c"), card: hex("d"), other: hex("e") };
/** 2031-03-10 10:00:00 Japan time. */
const T0 = Date.parse("2031-03-10T10:00:00+09:00");

const detail = (fields: Partial<DetailSearch>): EventSearch => ({ ...EMPTY_DETAIL_SEARCH, ...fields });
/** The T4 events' minutes, so a condition is checked among them only. */
const inT4 = (fields: Partial<DetailSearch>): EventSearch =>
  detail({
    createdFromDate: "2031-03-10",
    createdFromTime: "10:00",
    createdToDate: "2031-03-10",
    createdToTime: "10:59",
    ...fields,
  });

const e1: TransactionInput = {
  shopEventId: "T4-SHOP-1",
  amount: 2_000,
  tenantName: "T4 Tenant_A",
  requestedAt: "2031-03-09T09:00:00+09:00",
  purchaser: {
    shopMemberId: "T4-MEM-1",
    tel: "090-4444-0001",
    zipcode: "1004444",
    fullAddress: "東京都T4町 100%off",
    mailAccountHash: HASH.mail,
    mailDomain: "T4-One.example",
    lastNameHash: HASH.last,
    firstNameHash: HASH.first,
    company: "T4_Corp",
    depart: "T4 Sales",
  },
  device: {
    ipaddress: "10.44.0.1",
    cookie: "T4-CK-1",
    primaryDid: "T4-PD-1",
    userDeviceId: "T4-UD-1",
    didShort: "T4-DS-1",
    didMiddle: "T4-DM-1",
  },
  card: { cchash: HASH.card },
  items: [{ shopItemId: "T4-ITEM-1", itemName: "T4 Widget", price: 1_000, quantity: 2, category: "T4cat" }],
};
const e2: TransactionInput = {
  shopEventId: "T4-SHOP-2",
  amount: 50_000,
  tenantName: "T4 TenantXA",
  requestedAt: "2031-03-10T09:30:00+09:00",
  purchaser: {
    shopMemberId: "T4-MEM-2",
    tel: "03-4444-0002",
    mobileTel: "+81-80-4444-0002",
    mobileMailDomain: "T4-Mobile.example",
  },
  // The shipping address has E1's purchaser phone and a zipcode with a hyphen.
  shipping: {
    tel: "090-4444-0001",
    zipcode: "100-4445",
    fullAddress: "大阪府T4市",
    deliveryCompany: "T4 Express",
  },
  // E1's primary device ID arrives here as the user device ID.
  device: { ipaddress: "10.44.0.2", userDeviceId: "T4-PD-1" },
  items: [{ shopItemId: "T4-ITEM-2", itemName: "T4 Gadget", price: 50_000, quantity: 1 }],
};
const e3: TransactionInput = {
  shopEventId: "T4-SHOP-3",
  amount: 999_999,
  requestedAt: "2031-03-10T10:02:00+09:00",
  // Sent in full width and half-width kana, as some shops' systems do.
  purchaser: { shopMemberId: "T4-MEM-3", fullAddress: "T4 100Xoff", company: "Ｔ４　ＴＯＯＬＳ株式会社" },
  device: { cookie: "T4-CK-3" },
  items: [{ shopItemId: "T4-ITEM-3", itemName: "T4 Tool ｳｨｼﾞｪｯﾄ", price: 10, quantity: 100 }],
};
/** A detection model of DEMO that screened none of the T4 events, and one only ACME has. */
const SECOND_MODEL = "T4MODEL2";
const ACME_MODEL = "T4ACMEMODEL";

/** Another tenant's event sharing E1's identifiers: never found from DEMO. */
const acmeTwin: TransactionInput = { ...e1, shopEventId: "T4-SHOP-1" };

describe.each(testBackends())("event list search (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let viewer: Session;
  let acme: Session;
  const id: Record<"e1" | "e2" | "e3" | "acme", string> = { e1: "", e2: "", e3: "", acme: "" };

  const screen = async (companyId: string, input: TransactionInput, at: number) =>
    (
      await screenTransaction(
        { db: t.db, now: () => new Date(at) },
        { companyId, modelId: "MODEL01", applicationId: null },
        transactionSchema.parse(input),
        { now: new Date(at) },
      )
    ).eventId;

  beforeAll(async () => {
    t = await createTestApp(backend);
    // E1 at 10:00:00, E2 at 10:01:30, E3 at the last millisecond of 10:02 (Japan time).
    id.e1 = await screen("DEMO", e1, T0);
    id.e2 = await screen("DEMO", e2, T0 + 90_000);
    id.e3 = await screen("DEMO", e3, T0 + 179_999);
    id.acme = await screen("ACME", acmeTwin, T0 + 30_000);
    await t.db
      .insertInto("detection_models")
      .values([
        { company_id: "DEMO", model_id: SECOND_MODEL, model_name: "T4 second model" },
        { company_id: "ACME", model_id: ACME_MODEL, model_name: "T4 ACME model" },
      ])
      .execute();
    const adminId = (
      await t.db
        .selectFrom("operators")
        .select("id")
        .where("company_id", "=", "DEMO")
        .where("email", "=", "admin@demo.example")
        .executeTakeFirstOrThrow()
    ).id;
    // What operators and jobs set later: results, assignee, negative flag, labels, authori ID.
    const set = (eventId: string, values: Record<string, unknown>) =>
      t.db
        .updateTable("events")
        .set(values)
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", eventId)
        .execute();
    await set(id.e1, {
      aaresult: "REVIEW",
      maresult: "10",
      auth_status: "00",
      settle_status: "20",
      assignee_id: adminId,
      assignee_name: "admin",
      negatived: true,
      // Microseconds, which the list shows cut to milliseconds.
      deadline: new Date("2031-03-11T01:02:03.456Z"),
    });
    await t.db
      .updateTable("events")
      .set({ deadline: sql<Date>`deadline + interval '789 microseconds'` })
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", id.e1)
      .execute();
    await set(id.e2, {
      aaresult: "HOLD",
      maresult: null,
      auth_status: "10",
      settle_status: null,
      assignee_id: null,
    });
    await set(id.e3, {
      aaresult: "NG",
      maresult: "20",
      auth_status: "30",
      settle_status: "40",
      assignee_id: null,
    });
    await t.db
      .updateTable("event_devices")
      .set({ authori_id: "T4-AUTH-1" })
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", id.e1)
      .execute();
    await t.db
      .insertInto("labels")
      .values([
        { company_id: "DEMO", label_id: "T4L1", name: "T4 label one" },
        { company_id: "DEMO", label_id: "T4L2", name: "T4 label two" },
      ])
      .execute();
    await t.db
      .insertInto("event_labels")
      .values([
        { company_id: "DEMO", event_id: id.e1, label_id: "T4L1" },
        { company_id: "DEMO", event_id: id.e3, label_id: "T4L2" },
      ])
      .execute();
    // Fired rules: E1 by the deciding release; E2 fires the same code only in the simulation.
    const fired = (
      eventId: string,
      kind: "normal" | "simulation",
      seq: number,
      code: string,
      text: string,
      at: number,
    ) => ({
      company_id: "DEMO",
      event_id: eventId,
      release_kind: kind,
      seq: 100 + seq,
      rule_code: code,
      rule_description: text,
      rule_group_name: "T4 group",
      is_reason_rule: false,
      created_at: new Date(at),
    });
    await t.db
      .insertInto("event_fired_rules")
      .values([
        fired(id.e1, "normal", 1, "T4_RULE_A", "T4 velocity 100% over", T0),
        fired(id.e2, "simulation", 1, "T4_RULE_A", "T4 velocity 100% over", T0 + 90_000),
        fired(id.e2, "normal", 2, "T4_RULE_B", "T4 velocity 100X over", T0 + 90_000),
      ])
      .execute();
    [admin, viewer, acme] = await Promise.all([
      loginAs(t.app, "DEMO", "admin@demo.example"),
      loginAs(t.app, "DEMO", "viewer@demo.example"),
      loginAs(t.app, "ACME", "admin@acme.example"),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (
    search: EventSearch,
    options: { session?: Session; cursor?: string | null; pageSize?: number } = {},
  ) => {
    const response = await call(
      t.app,
      eventList,
      { search, pageSize: options.pageSize ?? 200, cursor: options.cursor ?? null },
      { session: options.session ?? admin },
    );
    return { status: response.statusCode, body: response.json() };
  };
  const count = async (search: EventSearch, session: Session = admin) => {
    const response = await call(t.app, eventCount, { search }, { session });
    return { status: response.statusCode, body: response.json() };
  };
  /** The event IDs a search finds (first page of 500), or [] when it answers 676. */
  const found = async (search: EventSearch, session: Session = admin): Promise<string[]> => {
    const { status, body } = await list(search, { session, pageSize: 500 });
    expect(status).toBe(200);
    if (body.errors.length > 0) {
      expect(body.errors[0].code).toBe(ERROR.noDataFound);
      return [];
    }
    return body.telegram.rows.map((row: { eventId: string }) => row.eventId);
  };
  const ids = (...names: ("e1" | "e2" | "e3")[]) => names.map((name) => id[name]);

  it("answers a page of rows newest first with the purchaser, device and review columns", async () => {
    const { status, body } = await list(inT4({}));
    expect(status).toBe(200);
    expect(body.telegram.nextCursor).toBeNull();
    expect(Object.keys(body.telegram).sort()).toEqual(["nextCursor", "rows"]);
    expect(body.telegram.rows.map((row: { eventId: string }) => row.eventId)).toEqual(ids("e3", "e2", "e1"));
    expect(body.telegram.rows[2]).toMatchObject({
      eventId: id.e1,
      shopEventId: "T4-SHOP-1",
      modelId: "MODEL01",
      createdAt: "2031-03-10T01:00:00.000Z",
      aaresult: "REVIEW",
      maresult: "10",
      authStatus: "00",
      settleStatus: "20",
      amount: 2_000,
      purchaserTel: "090-4444-0001",
      purchaserAddress: "東京都T4町 100%off",
      // Stored in lower case, as domains are compared.
      purchaserMailDomain: "t4-one.example",
      ipaddress: "10.44.0.1",
      assigneeName: "admin",
      negatived: true,
      deadline: "2031-03-11T01:02:03.456Z",
    });
    // A purchaser without a phone shows the mobile phone.
    expect(body.telegram.rows[1]).toMatchObject({ purchaserTel: "03-4444-0002", settleStatus: null });
  });

  it("quick search matches each value exactly against every identifier", async () => {
    const quick = (q: string) => found({ mode: "0", q });
    expect(await quick(id.e2)).toEqual(ids("e2"));
    expect(await quick("T4-SHOP-3")).toEqual(ids("e3"));
    expect(await quick("T4-MEM-1 10.44.0.2")).toEqual(ids("e2", "e1"));
    // Phones in any form, of either party, tel or mobile.
    expect(await quick("09044440001")).toEqual(ids("e2", "e1"));
    expect(await quick("０８０－４４４４－０００２")).toEqual(ids("e2"));
    expect(await quick("T4-CK-3")).toEqual(ids("e3"));
    // The device ID is the primaryDid: E2 has the same value as its user device ID only.
    expect(await quick("T4-PD-1")).toEqual(ids("e1"));
    expect(await quick(HASH.card.toLowerCase())).toEqual(ids("e1"));
    // Partial values and other columns do not match.
    expect(await quick("T4-MEM")).toEqual([]);
    // Nor the digits inside a value with letters (a member or order ID), which are not a phone.
    expect(await quick("M09044440001")).toEqual([]);
    expect(await quick("ORD-090-4444-0001")).toEqual([]);
    expect(await quick("T4-UD-1")).toEqual([]);
  });

  it("folds the full-width forms a Japanese input method types (event ID, IP, hash, member ID, domain)", async () => {
    const quick = (q: string) => found({ mode: "0", q });
    expect(await quick(fullWidth(id.e2))).toEqual(ids("e2"));
    // Ideographic spaces separate values as ASCII ones do.
    expect(await quick(`${fullWidth("T4-MEM-3")}\u3000${fullWidth("10.44.0.2")}`)).toEqual(ids("e3", "e2"));
    expect(await quick(fullWidth(HASH.card.toLowerCase()))).toEqual(ids("e1"));
    expect(await found(inT4({ cchash: fullWidth(HASH.card) }))).toEqual(ids("e1"));
    expect(await found(inT4({ mailDomain: fullWidth("T4-One.example") }))).toEqual(ids("e1"));
    expect(await found(inT4({ shopEventId: fullWidth("T4-SHOP-1") }))).toEqual(ids("e1"));
    // Folded, a value still has to match whole.
    expect(await quick(fullWidth("T4-MEM"))).toEqual([]);
  });

  it("finds an event by each value its detail links to a quick search (QUICK_SEARCH_FIELDS)", async () => {
    let searched = 0;
    for (const name of ["e1", "e2", "e3"] as const) {
      const response = await call(t.app, eventDetail, { eventId: id[name] }, { session: admin });
      expect(response.statusCode).toBe(200);
      const { telegram: detail } = response.json();
      const parts: [SearchablePart, Record<string, unknown> | null][] = [
        ["party", detail.purchaser],
        ["party", detail.shipping],
        ["device", detail.device],
        ["card", detail.card],
      ];
      for (const [part, values] of parts) {
        for (const field of QUICK_SEARCH_FIELDS[part]) {
          const value = values?.[field];
          if (typeof value !== "string") continue;
          const search = quickSearchOf(value);
          expect(search, `${name} ${part}.${field}`).toBeDefined();
          expect(await found(search as EventSearch), `${name} ${part}.${field} ${value}`).toContain(id[name]);
          searched++;
        }
      }
    }
    // E1: member ID, tel, cookie, device ID, IP address, card hash; E2: member ID, tel, mobile tel,
    // shipping tel, IP address; E3: member ID, cookie.
    expect(searched).toBe(13);
  });

  it("quick search takes 500 space-separated values", async () => {
    const values = Array.from({ length: 499 }, (_, i) => `NO-SUCH-${i}`);
    const { status, body } = await list({ mode: "0", q: [...values, "T4-CK-3"].join(" ") });
    expect(status).toBe(200);
    expect(body.telegram.rows.map((row: { eventId: string }) => row.eventId)).toEqual(ids("e3"));
  });

  it.each([
    ["eventId", () => ({ eventId: `${id.e1} ${id.e3}` }), ["e3", "e1"]],
    ["shopEventId", () => ({ shopEventId: "T4-SHOP-2" }), ["e2"]],
    ["ruleCode (deciding release only)", () => ({ ruleCode: "T4_RULE_A" }), ["e1"]],
    ["ruleCode, several", () => ({ ruleCode: "T4_RULE_A T4_RULE_B" }), ["e2", "e1"]],
    ["ruleDescription contains, % literal", () => ({ ruleDescription: "100% over" }), ["e1"]],
    ["shopItemId", () => ({ shopItemId: "T4-ITEM-2 T4-ITEM-3" }), ["e3", "e2"]],
    ["itemName contains", () => ({ itemName: "widget" }), ["e1"]],
    ["itemCategory contains", () => ({ itemCategory: "T4ca" }), ["e1"]],
    ["shopMemberId", () => ({ shopMemberId: "T4-MEM-3" }), ["e3"]],
    ["zipcode without hyphen finds a hyphenated one", () => ({ zipcode: "1004445" }), ["e2"]],
    ["zipcode with hyphen finds one without", () => ({ zipcode: "100-4444" }), ["e1"]],
    ["tel, both parties", () => ({ tel: "090-4444-0001" }), ["e2", "e1"]],
    ["tel, purchaser", () => ({ tel: "09044440001", partyTarget: "0" }), ["e1"]],
    ["tel, shipping", () => ({ tel: "09044440001", partyTarget: "1" }), ["e2"]],
    [
      "mobile tel sent as +81 80, found as 080, purchaser",
      () => ({ tel: "080-4444-0002", partyTarget: "0" }),
      ["e2"],
    ],
    ["mailDomain, any case", () => ({ mailDomain: "t4-one.EXAMPLE" }), ["e1"]],
    ["mailDomain, a mobile e-mail's", () => ({ mailDomain: "t4-mobile.example" }), ["e2"]],
    ["mailDomain, PC or mobile", () => ({ mailDomain: "T4-One.example T4-Mobile.example" }), ["e2", "e1"]],
    [
      "mailDomain, a mobile e-mail's, shipping only",
      () => ({ mailDomain: "t4-mobile.example", partyTarget: "1" }),
      [],
    ],
    ["mailAccountHash", () => ({ mailAccountHash: HASH.mail.toLowerCase() }), ["e1"]],
    ["lastNameHash", () => ({ lastNameHash: HASH.last }), ["e1"]],
    ["firstNameHash", () => ({ firstNameHash: `${HASH.other} ${HASH.first}` }), ["e1"]],
    ["company contains, _ literal", () => ({ company: "T4_C" }), ["e1"]],
    ["depart contains", () => ({ depart: "sales" }), ["e1"]],
    ["fullAddress contains, % literal", () => ({ fullAddress: "100%" }), ["e1"]],
    ["fullAddress, shipping only", () => ({ fullAddress: "T4", partyTarget: "1" }), ["e2"]],
    ["fullAddress typed in full width", () => ({ fullAddress: "Ｔ４町　１００％" }), ["e1"]],
    ["company sent in full width, typed in ASCII", () => ({ company: "t4 tools" }), ["e3"]],
    ["itemName sent in half-width kana, typed in full width", () => ({ itemName: "ウィジェット" }), ["e3"]],
    ["deliveryCompany contains", () => ({ deliveryCompany: "Express" }), ["e2"]],
    ["tenantName contains, _ literal", () => ({ tenantName: "Tenant_A" }), ["e1"]],
    ["ipaddress", () => ({ ipaddress: "10.44.0.1 10.44.0.2" }), ["e2", "e1"]],
    ["cookie", () => ({ cookie: "T4-CK-1" }), ["e1"]],
    ["primaryDid", () => ({ primaryDid: "T4-PD-1" }), ["e1"]],
    ["userDeviceId", () => ({ userDeviceId: "T4-PD-1 T4-UD-1" }), ["e2", "e1"]],
    ["didShort", () => ({ didShort: "T4-DS-1" }), ["e1"]],
    ["didMiddle", () => ({ didMiddle: "T4-DM-1" }), ["e1"]],
    ["authoriId", () => ({ authoriId: "T4-AUTH-1" }), ["e1"]],
    ["cchash", () => ({ cchash: HASH.card }), ["e1"]],
    ["amount range", () => ({ amountFrom: "2000", amountTo: "50000" }), ["e2", "e1"]],
    ["amount from", () => ({ amountFrom: "50001" }), ["e3"]],
    [
      "amount range typed in full width",
      () => ({ amountFrom: "２０００", amountTo: "５００００" }),
      ["e2", "e1"],
    ],
    ["unit price range", () => ({ priceFrom: "10", priceTo: "1000" }), ["e3", "e1"]],
    ["quantity range", () => ({ quantityFrom: "2", quantityTo: "2" }), ["e1"]],
    ["item conditions on one item", () => ({ shopItemId: "T4-ITEM-1", quantityFrom: "3" }), []],
    ["aaresult any of", () => ({ aaresult: ["REVIEW", "NG"] }), ["e3", "e1"]],
    ["maresult with none", () => ({ maresult: ["20", "none"] }), ["e3", "e2"]],
    ["authStatus any of", () => ({ authStatus: ["10"] }), ["e2"]],
    ["settleStatus with none", () => ({ settleStatus: ["20", "none"] }), ["e2", "e1"]],
    ["modelId", () => ({ modelId: "MODEL01" }), ["e3", "e2", "e1"]],
    ["modelId of the tenant's with no event", () => ({ modelId: SECOND_MODEL }), []],
    ["labels any of", () => ({ labelIds: ["T4L1", "T4L2"] }), ["e3", "e1"]],
    ["assignee", () => ({ assigneeId: "1" }), ["e1"]],
    ["assignee none", () => ({ assigneeId: "none" }), ["e3", "e2"]],
    ["negatived", () => ({ negatived: "1" }), ["e1"]],
    ["not negatived", () => ({ negatived: "0" }), ["e3", "e2"]],
  ] as [string, () => Partial<DetailSearch>, ("e1" | "e2" | "e3")[]][])(
    "detailed search by %s finds its events only",
    async (_name, fields, expected) => {
      const search = inT4(fields());
      if (search.mode === "1" && search.assigneeId === "1") {
        const adminId = await t.db
          .selectFrom("operators")
          .select("id")
          .where("company_id", "=", "DEMO")
          .where("email", "=", "admin@demo.example")
          .executeTakeFirstOrThrow();
        search.assigneeId = String(adminId.id);
      }
      expect(await found(search)).toEqual(ids(...expected));
    },
  );

  it("identifier fields find the events without a date range too", async () => {
    expect(await found(detail({ shopMemberId: "T4-MEM-1 T4-MEM-3" }))).toEqual(ids("e3", "e1"));
    expect(await found(detail({ tel: "03-4444-0002" }))).toEqual(ids("e2"));
  });

  it("date-time ranges are Japan time and include the whole 'to' minute", async () => {
    const range = (from: string, to: string, field: "created" | "requested" = "created") =>
      found(
        detail({
          [`${field}FromDate`]: "2031-03-10",
          [`${field}FromTime`]: from,
          [`${field}ToDate`]: "2031-03-10",
          [`${field}ToTime`]: to,
        }),
      );
    expect(await range("10:00", "10:00")).toEqual(ids("e1"));
    expect(await range("10:00", "10:01")).toEqual(ids("e2", "e1"));
    expect(await range("10:02", "10:02")).toEqual(ids("e3"));
    expect(await range("10:01", "10:59")).toEqual(ids("e3", "e2"));
    expect(await range("09:00", "09:59")).toEqual([]);
    expect(await range("09:30", "10:02", "requested")).toEqual(ids("e3", "e2"));
    // From only: everything since.
    expect(await found(detail({ createdFromDate: "2031-03-10", createdFromTime: "10:02" }))).toEqual(
      ids("e3"),
    );
  });

  it("another tenant's events never appear, and its session finds only its own", async () => {
    // E2 ships to E1's phone; ACME's twin of E1 shares all three values.
    expect(await found({ mode: "0", q: "T4-SHOP-1 T4-MEM-1 09044440001" })).toEqual(ids("e2", "e1"));
    expect(await found({ mode: "0", q: id.acme })).toEqual([]);
    expect(await found({ mode: "0", q: "T4-SHOP-1 T4-MEM-1" }, acme)).toEqual([id.acme]);
    expect(await found({ mode: "0", q: id.e1 }, acme)).toEqual([]);
  });

  it("keyset pages are disjoint, in order and together the whole result", async () => {
    const first = await list(EMPTY_QUICK_SEARCH, { pageSize: 50 });
    const counted = await count(EMPTY_QUICK_SEARCH);
    expect(counted.status).toBe(200);
    const { total, totalCapped } = counted.body.telegram;
    expect(totalCapped).toBe(false);
    const { n } = await t.db
      .selectFrom("events")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("company_id", "=", "DEMO")
      .where("logically_deleted", "=", false)
      .executeTakeFirstOrThrow();
    expect(total).toBe(Number(n));
    const seen: { eventId: string; createdAt: string }[] = [...first.body.telegram.rows];
    let cursor: string | null = first.body.telegram.nextCursor;
    let pages = 1;
    while (cursor !== null) {
      const page = await list(EMPTY_QUICK_SEARCH, { pageSize: 50, cursor });
      expect(page.status).toBe(200);
      expect(page.body.telegram.rows.length).toBeGreaterThan(0);
      seen.push(...page.body.telegram.rows);
      cursor = page.body.telegram.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(total / 50));
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((row) => row.eventId)).size).toBe(total);
    const order = seen.map((row) => `${row.createdAt}|${row.eventId}`);
    expect(order).toEqual([...order].sort().reverse());
  });

  it("a deleted event is never found", async () => {
    await t.db.updateTable("events").set({ logically_deleted: true }).where("event_id", "=", id.e3).execute();
    try {
      expect(await found(inT4({}))).toEqual(ids("e2", "e1"));
    } finally {
      await t.db
        .updateTable("events")
        .set({ logically_deleted: false })
        .where("event_id", "=", id.e3)
        .execute();
    }
  });

  it("nothing matching answers 676", async () => {
    const { status, body } = await list({ mode: "0", q: "NO-SUCH-VALUE" });
    expect(status).toBe(200);
    expect(body.errors).toEqual([{ code: ERROR.noDataFound, message: "No relevant data found" }]);
  });

  it("eventCount answers the exact total of a search, a viewer too, and 0 when nothing matches", async () => {
    expect((await count(inT4({}), viewer)).body.telegram).toEqual({ total: 3, totalCapped: false });
    expect((await count(inT4({ aaresult: ["NG", "HOLD"] }))).body.telegram).toEqual({
      total: 2,
      totalCapped: false,
    });
    expect((await count({ mode: "0", q: "NO-SUCH-VALUE" })).body).toMatchObject({
      errors: [],
      telegram: { total: 0, totalCapped: false },
    });
    // Another tenant's session counts only its own twin.
    expect((await count({ mode: "0", q: "T4-SHOP-1" }, acme)).body.telegram).toEqual({
      total: 1,
      totalCapped: false,
    });
    const refused = await call(
      t.app,
      eventCount,
      { search: { mode: "0", q: "x".repeat(501) } },
      { session: admin },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ code: ERROR.validation, field: "telegram.search.q" });
  });

  it("the page, count and select all tell their server time in a Server-Timing header", async () => {
    for (const [spec, telegram] of [
      [eventList, { search: inT4({}), pageSize: 200, cursor: null }],
      [eventCount, { search: inT4({}) }],
      [eventSelectAll, { search: inT4({}) }],
    ] as const) {
      const response = await call(t.app, spec, telegram, { session: admin });
      expect(response.statusCode).toBe(200);
      const timing = String(response.headers["server-timing"]);
      expect(timing).toMatch(/^search;dur=\d+\.\d{2}, total;dur=\d+\.\d{2}$/);
      const [search, total] = [...timing.matchAll(/dur=([\d.]+)/g)].map((match) => Number(match[1]));
      expect(total).toBeGreaterThanOrEqual(search ?? Number.NaN);
    }
  });

  it("the total is exact up to the cap, then capped (a service with a cap of 2)", async () => {
    const service = createEventListService({ db: t.db }, { totalCap: 2, selectionLimit: 2 });
    expect(await service.count("DEMO", inT4({}), "en")).toEqual({ total: 2, totalCapped: true });
    const page = await service.list("DEMO", { search: inT4({}), pageSize: 50, cursor: null }, "en");
    expect(page.nextCursor).toBeNull();
    expect(page.rows).toHaveLength(3);
    expect(await service.count("DEMO", inT4({ aaresult: ["NG", "HOLD"] }), "en")).toEqual({
      total: 2,
      totalCapped: false,
    });
    await expect(service.selectAll("DEMO", inT4({}), "en")).rejects.toMatchObject({
      code: ERROR.tooManyRows,
      params: { max: "2" },
    });
  });

  it("select all answers the count and the one screening model", async () => {
    const response = await call(t.app, eventSelectAll, { search: inT4({}) }, { session: viewer });
    expect(response.statusCode).toBe(200);
    // Until the newest match, to the microsecond: the selection is the events counted.
    expect(response.json().telegram).toEqual({
      count: 3,
      modelId: "MODEL01",
      until: "2031-03-10T01:02:59.999000Z",
    });
  });

  it("select all refuses more than the limit with the split-the-period message", async () => {
    const service = createEventListService({ db: t.db }, { totalCap: 150_000, selectionLimit: 150_000 });
    expect(await service.selectAll("DEMO", inT4({}), "en")).toEqual({
      count: 3,
      modelId: "MODEL01",
      until: "2031-03-10T01:02:59.999000Z",
    });
    const small = createEventListService({ db: t.db }, { totalCap: 1, selectionLimit: 1 });
    const refused = await small.selectAll("DEMO", inT4({}), "en").catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: ERROR.tooManyRows, params: { max: "1" } });
  });

  it("select all refuses events of several screening models", async () => {
    await t.db.updateTable("events").set({ model_id: SECOND_MODEL }).where("event_id", "=", id.e3).execute();
    try {
      const response = await call(t.app, eventSelectAll, { search: inT4({}) }, { session: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        {
          code: ERROR.multipleModels,
          message:
            "Events of several screening models cannot be selected at once. Narrow the search to one screening model.",
        },
      ]);
      const one = await call(
        t.app,
        eventSelectAll,
        { search: inT4({ modelId: SECOND_MODEL }) },
        { session: admin },
      );
      expect(one.json().telegram).toEqual({
        count: 1,
        modelId: SECOND_MODEL,
        until: "2031-03-10T01:02:59.999000Z",
      });
    } finally {
      await t.db.updateTable("events").set({ model_id: "MODEL01" }).where("event_id", "=", id.e3).execute();
    }
  });

  it("the too-many-rows refusal carries the limit in its message", async () => {
    const { errorText } = await import("../../src/server/plugins/envelope.ts");
    expect(errorText("en", ERROR.tooManyRows, { max: "150,000" })).toBe(
      "More than 150,000 events match. Please split the search period.",
    );
  });

  it("neighbours are the newer and older match around an event", async () => {
    const around = async (eventId: string, search: EventSearch = inT4({}), session = viewer) => {
      const response = await call(t.app, eventNeighbours, { search, eventId }, { session });
      return { status: response.statusCode, body: response.json() };
    };
    expect((await around(id.e2)).body.telegram).toEqual({ previousEventId: id.e3, nextEventId: id.e1 });
    expect((await around(id.e3)).body.telegram).toEqual({ previousEventId: null, nextEventId: id.e2 });
    expect((await around(id.e1)).body.telegram).toEqual({ previousEventId: id.e2, nextEventId: null });
    // Within another search: E2 is outside it, its neighbours still follow the order.
    expect((await around(id.e2, inT4({ aaresult: ["REVIEW", "NG"] }))).body.telegram).toEqual({
      previousEventId: id.e3,
      nextEventId: id.e1,
    });
    for (const eventId of [id.acme, "NO-SUCH-EVENT"]) {
      const refused = await around(eventId);
      expect(refused.status).toBe(404);
      expect(refused.body.errors[0]).toMatchObject({
        code: ERROR.notFound,
        message: expect.stringContaining("404"),
      });
    }
  });

  it("a rule-code search pages in list order across keyset bounds: several codes, several fired per event", async () => {
    // 2031-03-12 Japan time, apart from the other T4 events. P4 and P5 share an instant (event ID decides).
    const at = Date.parse("2031-03-12T10:00:00+09:00");
    const screened = async (n: number, offsetMs: number) =>
      screen(
        "DEMO",
        {
          shopEventId: `T4P-SHOP-${n}`,
          amount: 1_000 * n,
          purchaser: { shopMemberId: `T4P-MEM-${n}` },
          items: [{ shopItemId: `T4P-ITEM-${n}`, itemName: "T4P item", price: 1_000 * n, quantity: 1 }],
        },
        at + offsetMs,
      );
    const p: string[] = [];
    for (const [n, offset] of [
      [1, 0],
      [2, 1_000],
      [3, 2_000],
      [4, 3_000],
      [5, 3_000],
      [6, 4_000],
      [7, 5_000],
    ]) {
      p[n as number] = await screened(n as number, offset as number);
    }
    // Each fired rule carries its event's created_at, as the engine writes it.
    const createdAt = new Map(
      (
        await t.db
          .selectFrom("events")
          .select(["event_id", "created_at"])
          .where("company_id", "=", "DEMO")
          .where("event_id", "in", p.slice(1))
          .execute()
      ).map((row) => [row.event_id, row.created_at]),
    );
    const rule = (n: number, kind: "normal" | "simulation", seq: number, code: string) => ({
      company_id: "DEMO",
      event_id: p[n] as string,
      release_kind: kind,
      seq: 200 + seq,
      rule_code: code,
      rule_description: `${code} rule`,
      rule_group_name: "T4P group",
      is_reason_rule: false,
      created_at: createdAt.get(p[n] as string) as Date,
    });
    await t.db
      .insertInto("event_fired_rules")
      .values([
        rule(1, "normal", 1, "T4P_X"),
        rule(1, "normal", 2, "T4P_Y"),
        rule(2, "normal", 1, "T4P_Z"),
        rule(3, "simulation", 1, "T4P_X"),
        rule(4, "normal", 1, "T4P_Y"),
        rule(5, "normal", 1, "T4P_X"),
        rule(5, "normal", 2, "T4P_Y"),
        rule(5, "normal", 3, "T4P_Z"),
        rule(6, "normal", 1, "T4P_X"),
        rule(7, "normal", 1, "T4P_Y"),
      ])
      .execute();
    await t.db
      .updateTable("events")
      .set({ logically_deleted: true })
      .where("event_id", "=", p[7] as string)
      .execute();
    /** The events given, in list order as PostgreSQL sorts them. */
    const inListOrder = async (...ns: number[]) =>
      (
        await t.db
          .selectFrom("events")
          .select("event_id")
          .where("company_id", "=", "DEMO")
          .where(
            "event_id",
            "in",
            ns.map((n) => p[n] as string),
          )
          .orderBy("created_at", "desc")
          .orderBy("event_id", "desc")
          .execute()
      ).map((row) => row.event_id);
    const service = createEventListService({ db: t.db });
    /** Every page of a search, following the cursors. */
    const allPages = async (search: EventSearch, pageSize: number) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await service.list("DEMO", { search, pageSize, cursor }, "en");
        seen.push(...page.rows.map((row) => row.eventId));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== null && pages < 20);
      return seen;
    };

    const both = detail({ ruleCode: "T4P_X T4P_Y" });
    const expected = await inListOrder(6, 5, 4, 1);
    for (const pageSize of [1, 2, 3, 500]) expect(await allPages(both, pageSize)).toEqual(expected);
    // More codes than are merged one by one: one scan of them all, the same pages.
    const many = detail({
      ruleCode: ["T4P_X", "T4P_Y", ...Array.from({ length: 20 }, (_, i) => `T4P_N${i}`)].join(" "),
    });
    for (const pageSize of [1, 3]) expect(await allPages(many, pageSize)).toEqual(expected);
    expect(await allPages(detail({ ruleCode: "T4P_Y" }), 2)).toEqual(await inListOrder(5, 4, 1));
    expect(await allPages(detail({ ruleCode: "T4P_X" }), 1)).toEqual(await inListOrder(6, 5, 1));
    // With the other conditions: the amount leaves P6 out, a date range and a lower amount keep P4 to P6.
    expect(await allPages(detail({ ruleCode: "T4P_X T4P_Y", amountTo: "5000" }), 1)).toEqual(
      await inListOrder(5, 4, 1),
    );
    expect(
      await allPages(
        detail({
          ruleCode: "T4P_Y T4P_X",
          createdFromDate: "2031-03-12",
          createdFromTime: "10:00",
          createdToDate: "2031-03-12",
          createdToTime: "10:00",
          amountFrom: "4000",
        }),
        1,
      ),
    ).toEqual(await inListOrder(6, 5, 4));
    expect(await service.count("DEMO", both, "en")).toEqual({ total: 4, totalCapped: false });
    // Neighbours follow the same order.
    const [newest, second, third, oldest] = expected as [string, string, string, string];
    expect(await service.neighbours("DEMO", both, second, "en")).toEqual({
      previousEventId: newest,
      nextEventId: third,
    });
    expect(await service.neighbours("DEMO", many, oldest, "en")).toEqual({
      previousEventId: third,
      nextEventId: null,
    });
    expect(await service.neighbours("DEMO", both, newest, "en")).toEqual({
      previousEventId: null,
      nextEventId: second,
    });
  });

  it("bad input gets field errors with the spec's messages, never a 500", async () => {
    const errorsOf = async (telegram: unknown) => {
      const response = await call(t.app, eventList, telegram, { session: admin });
      expect(response.statusCode).toBe(400);
      return response.json().errors as { code: string; field: string; message: string }[];
    };
    const base = { search: EMPTY_QUICK_SEARCH, pageSize: 200, cursor: null };
    expect(await errorsOf({ ...base, cursor: "not-a-cursor" })).toEqual([
      { code: ERROR.validation, field: "telegram.cursor", message: "has an invalid value" },
    ]);
    const forged = (c: string) => Buffer.from(JSON.stringify({ c, e: "x" })).toString("base64url");
    // Times of the cursor's shape that do not exist (February 30th, the year 0) or that PostgreSQL
    // would take differently from JavaScript.
    for (const c of ["yesterday", "2026-02-30T00:00:00.000000Z", "0000-01-01T00:00:00.000000Z"]) {
      expect((await errorsOf({ ...base, cursor: forged(c) }))[0], c).toMatchObject({
        field: "telegram.cursor",
      });
    }
    expect(await errorsOf({ ...base, search: { mode: "0", q: "x".repeat(501) } })).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.search.q",
        message: "Each item must be at most 500 characters.",
      },
    ]);
    const tooMany = Array.from({ length: 501 }, (_, i) => `V${i}`).join(" ");
    expect(await errorsOf({ ...base, search: { mode: "0", q: tooMany } })).toEqual([
      { code: ERROR.validation, field: "telegram.search.q", message: "Up to 500 values can be entered." },
    ]);
    expect(await errorsOf({ ...base, search: detail({ tel: "0".repeat(21) }) })).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.search.tel",
        message: "Each item must be at most 20 characters.",
      },
    ]);
    expect(await errorsOf({ ...base, search: detail({ createdFromDate: "2031-03-10" }) })).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.search.createdFromTime",
        message: "The date and time are a set.",
      },
    ]);
    expect(await errorsOf({ ...base, search: detail({ amountFrom: "12a" }) })).toEqual([
      { code: ERROR.validation, field: "telegram.search.amountFrom", message: "must contain only numbers" },
    ]);
    expect((await errorsOf({ ...base, pageSize: 201 }))[0]).toMatchObject({ field: "telegram.pageSize" });
  });

  it("lists the tenant's detection models to an event list reader without the rule list, never another tenant's", async () => {
    const modelsOf = async (session: Session) => {
      const response = await call(t.app, eventModelList, {}, { session });
      expect(response.statusCode).toBe(200);
      return response.json().telegram.models as { modelId: string; modelName: string }[];
    };
    await setRolePermission(t.db, { roleId: "viewer", screenIds: ["ReleasedRuleList"] }, "20");
    try {
      expect(await modelsOf(viewer)).toEqual([
        { modelId: "MODEL01", modelName: "標準モデル" },
        { modelId: SECOND_MODEL, modelName: "T4 second model" },
      ]);
    } finally {
      await setRolePermission(t.db, { roleId: "viewer", screenIds: ["ReleasedRuleList"] }, "10");
    }
    expect((await modelsOf(acme)).map((model) => model.modelId)).toEqual(["MODEL01", ACME_MODEL]);
  });

  it("refuses a screening model the tenant does not have at its field on every search call, never a 500", async () => {
    const refusal = (field: string) => [
      { code: ERROR.validation, field, message: "is not a detection model of this company" },
    ];
    // Gone (never had), another tenant's, typed in full width, of the right shape but with a space.
    for (const modelId of ["NOSUCH", ACME_MODEL, "ＭＯＤＥＬ０１", "MODEL01 MODEL02"]) {
      const search = inT4({ modelId });
      for (const [spec, telegram] of [
        [eventList, { search, pageSize: 200, cursor: null }],
        [eventCount, { search }],
        [eventSelectAll, { search }],
        [eventNeighbours, { search, eventId: id.e1 }],
      ] as const) {
        const response = await call(t.app, spec, telegram, { session: admin });
        expect(response.statusCode, `${spec.name} ${modelId}`).toBe(400);
        expect(response.json().errors).toEqual(refusal("telegram.search.modelId"));
      }
      const exported = await call(
        t.app,
        eventCsvExport,
        {
          selection: { kind: "search", search, excludedEventIds: [] },
          options: { delimiter: CSV_DELIMITER.comma, groups: ["basic"], encoding: "utf8" },
        },
        { session: admin },
      );
      expect(exported.statusCode, `eventCsvExport ${modelId}`).toBe(400);
      expect(exported.json().errors).toEqual(refusal("telegram.selection.search.modelId"));
    }
    // Worded in the caller's language; too long for any model is the schema's refusal.
    const ja = await call(
      t.app,
      eventCount,
      { search: inT4({ modelId: "NOSUCH" }) },
      { session: admin, lang: "ja" },
    );
    expect(ja.json().errors[0].message).toBe("この企業の検知モデルではありません");
    const long = await call(
      t.app,
      eventCount,
      { search: inT4({ modelId: "M".repeat(51) }) },
      { session: admin },
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toMatchObject({ code: ERROR.validation, field: "telegram.search.modelId" });
  });

  it("a viewer searches (read); an operator whose role has no event list gets 962", async () => {
    expect(await found({ mode: "0", q: "T4-SHOP-2" }, viewer)).toEqual(ids("e2"));
    await setRolePermission(t.db, { roleId: "viewer", screenIds: ["EventList", "EventDetail"] }, "20");
    for (const [spec, telegram] of [
      [eventList, { search: EMPTY_QUICK_SEARCH, pageSize: 200, cursor: null }],
      [eventCount, { search: EMPTY_QUICK_SEARCH }],
      [eventSelectAll, { search: EMPTY_QUICK_SEARCH }],
      [eventNeighbours, { search: EMPTY_QUICK_SEARCH, eventId: id.e1 }],
      [eventModelList, {}],
    ] as const) {
      const response = await call(t.app, spec, telegram, { session: viewer });
      expect(response.statusCode).toBe(403);
      expect(response.json().errors).toEqual([
        { code: ERROR.forbidden, message: "You do not have permission for this operation. (system error)" },
      ]);
    }
  });
});
