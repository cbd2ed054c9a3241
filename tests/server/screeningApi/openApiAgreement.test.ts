import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HEADER } from "../../../src/contract/envelope.ts";
import {
  eventResultCall,
  screenTransactionCall,
  updateSettleStatusCall,
} from "../../../src/contract/screeningApi.ts";
import { SCREENING_OPENAPI_PATH } from "../../../src/contract/screeningPaths.ts";
import { createTestApp, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { type Shop, sampleTransaction, shopCall, shopOf } from "./shopClient.ts";

type Telegram = Record<string, unknown>;

/**
 * A shop's developers validate their requests against the served OpenAPI document: what it accepts
 * the server must accept, what the server refuses it must refuse (rules a JSON Schema can state).
 */
describe.each(testBackends())("the OpenAPI document agrees with the server (%s)", (backend) => {
  let t: TestApp;
  let demo: Shop;
  let requestValid: Map<string, (body: unknown) => boolean>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    demo = await shopOf(t, "DEMO");
    const doc = (await t.app.inject({ method: "GET", url: SCREENING_OPENAPI_PATH })).json();
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    requestValid = new Map(
      Object.entries(doc.paths as Record<string, { post: { requestBody: { content: Telegram } } }>).map(
        ([path, item]) => {
          const schema = (item.post.requestBody.content["application/json"] as { schema: object }).schema;
          return [path, ajv.compile(schema)];
        },
      ),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const envelope = (telegram: unknown, info?: Telegram) => ({
    header: { lang: "en", ...DEFAULT_HEADER },
    info: info ?? { companyId: demo.companyId, applicationId: demo.applicationId },
    telegram,
  });

  /** A valid transaction with one field (a dotted path) set to `value`. */
  const withField = (fieldPath: string, value: unknown): Telegram => {
    const tx = structuredClone(sampleTransaction()) as Telegram;
    const names = fieldPath.split(".");
    const last = names.pop() as string;
    const holder = names.reduce((object, name) => object[name] as Telegram, tx);
    holder[last] = value;
    return tx;
  };

  const screenings: [string, Telegram, boolean][] = [
    ["a plain transaction", sampleTransaction() as Telegram, true],
    ["a real birthdate", withField("purchaser.birthdate", "1990-02-28"), true],
    ["30 February", withField("purchaser.birthdate", "1990-02-30"), false],
    ["a birthdate in words", withField("purchaser.birthdate", "yesterday"), false],
    ["a domain without a dot", withField("purchaser.mailDomain", "localhost"), false],
    ["an empty domain", withField("purchaser.mailDomain", ""), true],
    ["an IPv6 address", withField("device.ipaddress", "2001:db8::1"), true],
    ["999.1.1.1", withField("device.ipaddress", "999.1.1.1"), false],
    ["a shop event ID of spaces", withField("shopEventId", "   "), false],
    ["a 5-digit BIN", withField("card.bincode", "41111"), false],
    ["an expiry as MM/YY", withField("card.expirationDate", "12/27"), true],
    ["an expiry as YYYY-MM", withField("card.expirationDate", "2027-12"), false],
    ["an amount of 10 digits", withField("amount", 1_000_000_000), false],
    ["a time without offset", withField("requestedAt", "2026-11-24T09:30:00"), false],
  ];

  it.each(screenings)("screening with %s: the document and the server say the same", async (_, tx, valid) => {
    expect(requestValid.get(screenTransactionCall.path)?.(envelope(tx))).toBe(valid);
    const response = await shopCall(t, screenTransactionCall, demo, tx);
    expect(response.statusCode, response.body).toBe(valid ? 200 : 400);
  });

  it("states the language rule, Accept-Language included, in the description and on every call", async () => {
    const doc = (await t.app.inject({ method: "GET", url: SCREENING_OPENAPI_PATH })).json();
    expect(doc.info.description).toContain("Accept-Language");
    for (const item of Object.values(doc.paths) as {
      post: { parameters?: { in: string; name: string }[] };
    }[])
      expect(item.post.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ in: "header", name: "Accept-Language" })]),
      );
  });

  it("says that a modelId must be one of the company's models, which the server checks", async () => {
    const doc = (await t.app.inject({ method: "GET", url: SCREENING_OPENAPI_PATH })).json();
    const telegram =
      doc.paths[screenTransactionCall.path].post.requestBody.content["application/json"].schema.properties
        .telegram;
    expect(telegram.properties.modelId.description).toMatch(/company's detection models/);
    expect(telegram.properties.modelId.description).toContain("InvalidData.Validation");
    const response = await shopCall(t, screenTransactionCall, demo, withField("modelId", "NO_SUCH_MODEL"));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ field: "telegram.modelId" })]);
  });

  it("a company ID that is not alphanumeric is refused by both", async () => {
    const info = { companyId: "DE-MO", applicationId: demo.applicationId };
    expect(requestValid.get(screenTransactionCall.path)?.(envelope(sampleTransaction(), info))).toBe(false);
    const response = await shopCall(t, screenTransactionCall, demo, sampleTransaction(), { info });
    expect(response.statusCode).toBe(400);
  });

  it("settle status and result need an eventId or a shopEventId in both", async () => {
    for (const [spec, telegram] of [
      [updateSettleStatusCall, { settleStatus: "10" }],
      [eventResultCall, {}],
    ] as const) {
      expect(requestValid.get(spec.path)?.(envelope(telegram))).toBe(false);
      const response = await shopCall(t, spec, demo, telegram);
      expect(response.statusCode).toBe(400);
      expect(requestValid.get(spec.path)?.(envelope({ ...telegram, shopEventId: "S-1" }))).toBe(true);
    }
  });

  it("an empty or blank event reference names no event in both; beside a real one it is ignored", async () => {
    for (const [spec, extra] of [
      [updateSettleStatusCall, { settleStatus: "10" }],
      [eventResultCall, {}],
    ] as const) {
      for (const blank of [{ eventId: "" }, { shopEventId: " " }, { eventId: "\u3000", shopEventId: "" }]) {
        const telegram = { ...blank, ...extra };
        expect(requestValid.get(spec.path)?.(envelope(telegram)), JSON.stringify(telegram)).toBe(false);
        const response = await shopCall(t, spec, demo, telegram);
        expect(response.statusCode, JSON.stringify(telegram)).toBe(400);
      }
      // A blank eventId beside a shopEventId: the shopEventId names the event (none here: 404, not 400).
      const named = { eventId: "", shopEventId: "NO-SUCH-ORDER", ...extra };
      expect(requestValid.get(spec.path)?.(envelope(named))).toBe(true);
      expect((await shopCall(t, spec, demo, named)).statusCode).toBe(404);
    }
  });
});
