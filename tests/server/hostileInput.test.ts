import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { eventAssign } from "../../src/contract/eventActions.ts";
import { eventDetail } from "../../src/contract/eventDetail.ts";
import {
  EMPTY_DETAIL_SEARCH,
  EMPTY_QUICK_SEARCH,
  type EventSearch,
  eventList,
} from "../../src/contract/eventSearch.ts";
import { messageText } from "../../src/contract/messages.ts";
import { screenTransactionCall, updateSettleStatusCall } from "../../src/contract/screeningApi.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";
import {
  countEvents,
  envelopeOf,
  type Shop,
  sampleTransaction,
  shopCall,
  shopOf,
} from "./screeningApi/shopClient.ts";

/**
 * Requests no form sends but a crafted client or a broken shop system can: text PostgreSQL cannot
 * store, JSON nested without end, dates and numbers beyond the database's types. Each is a user
 * mistake, so it gets the error naming its field, never 500, and stores nothing.
 */
type Response = Awaited<ReturnType<typeof call>>;

const NUL = "T5\u0000x";
const LONE_SURROGATE = "T5\ud800x";

const fieldError = (response: Response) => {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body).toMatchObject({ result: "20", telegram: null });
  return body.errors as { code: string; field?: string; message: string }[];
};

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe.each(testBackends())("hostile input (%s)", (backend) => {
  let t: TestApp;
  let session: Session;
  let shop: Shop;

  beforeAll(async () => {
    t = await createTestApp(backend);
    session = await loginAs(t.app, "DEMO", "admin@demo.example");
    shop = await shopOf(t, "DEMO");
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = (value: EventSearch, lang: "en" | "ja" = "en") =>
    call(t.app, eventList, { search: value, pageSize: 50, cursor: null }, { session, lang });

  it("refuses U+0000 and unpaired surrogates in console calls, naming the field, in either language", async () => {
    const storable = (lang: "en" | "ja") => messageText(lang, "validation.storableText");
    expect(fieldError(await search({ ...EMPTY_QUICK_SEARCH, q: NUL }))).toEqual([
      { code: ERROR.validation, field: "telegram.search.q", message: storable("en") },
    ]);
    expect(fieldError(await search({ ...EMPTY_DETAIL_SEARCH, fullAddress: LONE_SURROGATE }, "ja"))).toEqual([
      { code: ERROR.validation, field: "telegram.search.fullAddress", message: storable("ja") },
    ]);
    expect(fieldError(await call(t.app, eventDetail, { eventId: NUL }, { session }))).toEqual([
      { code: ERROR.validation, field: "telegram.eventId", message: storable("en") },
    ]);
    // A public call too, before anything looks the operator up.
    const login = await call(
      t.app,
      { method: "POST", path: "/api/v3/screen/login" },
      { companyId: "DEMO", email: `admin${NUL}@demo.example`, password: "x" },
    );
    expect(fieldError(login)).toEqual([
      { code: ERROR.validation, field: "telegram.email", message: storable("en") },
    ]);
  });

  it("refuses them in the screening API with the field error list, and stores no event", async () => {
    const before = await countEvents(t);
    const tx = sampleTransaction();
    const items = [{ ...(tx.items?.[0] ?? {}), itemName: LONE_SURROGATE }];
    const withSurrogate = await shopCall(t, screenTransactionCall, shop, { ...tx, items });
    expect(fieldError(withSurrogate)).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.items.0.itemName",
        message: messageText("en", "validation.storableText"),
      },
    ]);
    const withNul = await shopCall(t, screenTransactionCall, shop, sampleTransaction({ shopEventId: NUL }));
    expect(fieldError(withNul).map((error) => error.field)).toEqual(["telegram.shopEventId"]);
    const settle = await shopCall(t, updateSettleStatusCall, shop, { eventId: NUL, settleStatus: "10" });
    expect(fieldError(settle).map((error) => error.field)).toEqual(["telegram.eventId"]);
    // In info, looked up before the signature is checked: the envelope is refused.
    const info = await shopCall(t, screenTransactionCall, shop, sampleTransaction(), {
      info: { companyId: "DEMO", applicationId: `${shop.applicationId}\u0000` },
    });
    expect(fieldError(info)).toEqual([
      { code: ERROR.badEnvelope, message: messageText("en", "error.badEnvelope") },
    ]);
    expect(await countEvents(t)).toBe(before);
  });

  it("refuses JSON nested deeper than the limit with BadEnvelope, and takes it at the limit", async () => {
    const consoleBody = (telegram: string) =>
      `{"header":{"lang":"en","tz":"Asia/Tokyo","currency":"JPY","version":"3.0"},"info":{"token":"${session.token}","shopId":"DEMO"},"telegram":${telegram}}`;
    const post = (telegram: string) =>
      t.app.inject({
        method: "POST",
        url: eventList.path,
        headers: { "content-type": "application/json", cookie: `sid=${session.cookie}` },
        payload: consoleBody(telegram),
      });
    // The telegram is one level below the top: nested to the limit, it is merely not a search.
    expect(fieldError(await post(nested(MAX_JSON_DEPTH - 1)))[0]?.code).toBe(ERROR.validation);
    expect(fieldError(await post(nested(MAX_JSON_DEPTH)))[0]?.code).toBe(ERROR.badEnvelope);
    expect(fieldError(await post(nested(200_000)))[0]?.code).toBe(ERROR.badEnvelope);

    const before = await countEvents(t);
    const deepShop = envelopeOf(shop, null).replace('"telegram":null', `"telegram":${nested(200_000)}`);
    const refused = await shopCall(t, screenTransactionCall, shop, null, { rawBody: deepShop });
    expect(fieldError(refused)).toEqual([
      { code: ERROR.badEnvelope, message: messageText("ja", "error.badEnvelope") },
    ]);
    expect(await countEvents(t)).toBe(before);
  });

  it("refuses dates outside 1900-01-01 to 9999-12-31 (Japan time), in searches and transactions", async () => {
    const range = messageText("en", "validation.dateRange", { min: "1900-01-01", max: "9999-12-31" });
    const yearZero = await search({
      ...EMPTY_DETAIL_SEARCH,
      createdFromDate: "0000-01-01",
      createdFromTime: "00:00",
    });
    expect(fieldError(yearZero)).toEqual([
      { code: ERROR.validation, field: "telegram.search.createdFromDate", message: range },
    ]);
    const lastDay = await search({
      ...EMPTY_DETAIL_SEARCH,
      createdFromDate: "1900-01-01",
      createdFromTime: "00:00",
      createdToDate: "9999-12-31",
      createdToTime: "23:59",
    });
    expect(lastDay.statusCode, lastDay.body).toBe(200);

    const before = await countEvents(t);
    // 9999-12-31 23:59:59 at UTC-12 is year 10000 in UTC and in Japan.
    const late = sampleTransaction({ requestedAt: "9999-12-31T23:59:59-12:00" });
    expect(fieldError(await shopCall(t, screenTransactionCall, shop, late))).toEqual([
      { code: ERROR.validation, field: "telegram.requestedAt", message: range },
    ]);
    const tx = sampleTransaction();
    const born = { ...tx, purchaser: { ...tx.purchaser, birthdate: "0000-01-01" } };
    expect(fieldError(await shopCall(t, screenTransactionCall, shop, born))).toEqual([
      { code: ERROR.validation, field: "telegram.purchaser.birthdate", message: range },
    ]);
    expect(await countEvents(t)).toBe(before);
    // The first instant of the range, written in UTC, is inside it.
    const first = sampleTransaction({ requestedAt: "1899-12-31T15:00:00Z" });
    expect((await shopCall(t, screenTransactionCall, shop, first)).statusCode).toBe(200);
  });

  it("refuses an operator ID beyond PostgreSQL's integer, in an assignment and in a search", async () => {
    const { rows } = (await search({ ...EMPTY_QUICK_SEARCH, q: "" }).then((response) => response.json()))
      .telegram as { rows: { eventId: string }[] };
    const eventId = rows[0]?.eventId as string;
    const response = await call(
      t.app,
      eventAssign,
      { eventId, version: 1, assigneeId: 2 ** 40 },
      { session },
    );
    expect(fieldError(response)).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.assigneeId",
        message: messageText("en", "validation.maxValueBigint", { max: 2_147_483_647 }),
      },
    ]);
    // The search's assignee is a number written as text: a wrong one is an invalid value.
    const assignee = await search({ ...EMPTY_DETAIL_SEARCH, assigneeId: "99999999999" });
    expect(fieldError(assignee)).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.search.assigneeId",
        message: messageText("en", "validation.invalidType"),
      },
    ]);
  });
});
