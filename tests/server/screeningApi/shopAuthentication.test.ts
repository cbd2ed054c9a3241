import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiConnectionInfo, apiSecretRotate } from "../../../src/contract/apiConnection.ts";
import { MAX_BODY_BYTES } from "../../../src/contract/envelope.ts";
import { ERROR, type ErrorCode } from "../../../src/contract/errors.ts";
import { messageText } from "../../../src/contract/messages.ts";
import { eventResultCall, screenTransactionCall } from "../../../src/contract/screeningApi.ts";
import { call, createTestApp, loginAs, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import {
  countEvents,
  envelopeOf,
  type Shop,
  type ShopCallOptions,
  sampleTransaction,
  shopCall,
  shopOf,
} from "./shopClient.ts";

type Response = Awaited<ReturnType<typeof shopCall>>;

describe.each(testBackends())("screening API authentication (%s)", (backend) => {
  let t: TestApp;
  let demo: Shop;
  let acme: Shop;
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  beforeAll(async () => {
    // trace: the most the logger ever writes, so the secret check below sees everything.
    t = await createTestApp(backend, { env: { LOG_LEVEL: "trace" } });
    [demo, acme] = await Promise.all([shopOf(t, "DEMO"), shopOf(t, "ACME")]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectRefused = (response: Response, code: ErrorCode, status: number, message: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({
      result: "20",
      messages: [],
      errors: [{ code, message }],
      telegram: null,
    });
  };

  /** Sends the call and proves that nothing was stored. */
  const refusedWithoutEvent = async (send: () => Promise<Response>): Promise<Response> => {
    const before = await countEvents(t);
    const response = await send();
    expect(await countEvents(t)).toBe(before);
    return response;
  };

  it("screens a correctly signed transaction and stores its event", async () => {
    const before = await countEvents(t);
    const tx = sampleTransaction();
    const response = await shopCall(t, screenTransactionCall, demo, tx);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ result: "10", messages: [], errors: [] });
    expect(body.telegram).toEqual({
      eventId: expect.stringMatching(/^E\d{14}[A-Z2-7]{6}$/),
      shopEventId: tx.shopEventId,
      aaresult: expect.stringMatching(/^(OK|NG|HOLD|REVIEW)$/),
      authStatus: expect.stringMatching(/^(00|10|30)$/),
      firedRules: expect.any(Array),
      duplicate: false,
    });
    expect(await countEvents(t)).toBe(before + 1);
    const event = await t.db
      .selectFrom("events")
      .select(["company_id", "shop_event_id", "application_id", "aaresult", "model_id"])
      .where("event_id", "=", body.telegram.eventId)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      company_id: "DEMO",
      shop_event_id: tx.shopEventId,
      application_id: demo.applicationId,
      aaresult: body.telegram.aaresult,
      model_id: "MODEL01",
    });
  });

  it("refuses a wrong, missing or foreign signature with InvalidSignature", async () => {
    const text = messageText("en", "error.invalidSignature");
    const cases: [string, () => Promise<Response>][] = [
      [
        "signature of another key",
        () => shopCall(t, screenTransactionCall, demo, sampleTransaction(), { secret: acme.secret }),
      ],
      [
        "no signature header",
        () => shopCall(t, screenTransactionCall, demo, sampleTransaction(), { signature: null }),
      ],
      [
        "not hex",
        () => shopCall(t, screenTransactionCall, demo, sampleTransaction(), { signature: "z".repeat(64) }),
      ],
      ["too short", () => shopCall(t, screenTransactionCall, demo, sampleTransaction(), { signature: "ab" })],
      [
        "body changed after signing",
        () => {
          const tx = sampleTransaction();
          return shopCall(
            t,
            screenTransactionCall,
            demo,
            { ...tx, amount: 1 },
            { signedBody: envelopeOf(demo, tx) },
          );
        },
      ],
      [
        "timestamp changed after signing",
        () =>
          shopCall(t, screenTransactionCall, demo, sampleTransaction(), {
            timestamp: nowSeconds(),
            signedTimestamp: nowSeconds() - 1,
          }),
      ],
    ];
    for (const [name, send] of cases) {
      const response = await refusedWithoutEvent(send);
      expect(response.statusCode, name).toBe(401);
      expectRefused(response, ERROR.invalidSignature, 401, text);
    }
  });

  it("refuses an unknown application, and an application of another company, with UnknownApplication", async () => {
    const text = messageText("en", "error.unknownApplication");
    const unknown = { ...demo, applicationId: "app_0000000000000000" };
    expectRefused(
      await refusedWithoutEvent(() => shopCall(t, screenTransactionCall, unknown, sampleTransaction())),
      ERROR.unknownApplication,
      401,
      text,
    );
    // ACME's own application, correctly signed with ACME's key, but naming DEMO as the company.
    const crossed = { ...acme, companyId: "DEMO" };
    expectRefused(
      await refusedWithoutEvent(() => shopCall(t, screenTransactionCall, crossed, sampleTransaction())),
      ERROR.unknownApplication,
      401,
      text,
    );
  });

  it("refuses a correctly signed request older or newer than 5 minutes as a Replay", async () => {
    const text = messageText("en", "error.replay");
    for (const offset of [-301, 301, -3600, 86_400]) {
      expectRefused(
        await refusedWithoutEvent(() =>
          shopCall(t, screenTransactionCall, demo, sampleTransaction(), { timestamp: nowSeconds() + offset }),
        ),
        ERROR.replay,
        401,
        text,
      );
    }
    // At the edge of the window either way it is still accepted.
    for (const offset of [-299, 299]) {
      const response = await shopCall(t, screenTransactionCall, demo, sampleTransaction(), {
        timestamp: nowSeconds() + offset,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it("applies the company's API allowed-IP list, and leaves the console list alone", async () => {
    await t.db
      .insertInto("allowed_ip_addresses")
      .values({ company_id: "DEMO", kind: "api", address: "10.20.30.0", subnet: 24 })
      .execute();
    try {
      expectRefused(
        await refusedWithoutEvent(() =>
          shopCall(t, screenTransactionCall, demo, sampleTransaction(), { remoteAddress: "192.0.2.7" }),
        ),
        ERROR.sourceIpNotAllowed,
        403,
        messageText("en", "error.sourceIpNotAllowed"),
      );
      const inside = await shopCall(t, screenTransactionCall, demo, sampleTransaction(), {
        remoteAddress: "10.20.30.99",
      });
      expect(inside.statusCode, inside.body).toBe(200);
      // Another company's empty list still allows every address.
      const acmeCall = await shopCall(t, screenTransactionCall, acme, sampleTransaction(), {
        remoteAddress: "192.0.2.7",
      });
      expect(acmeCall.statusCode, acmeCall.body).toBe(200);
      // The console's list is a separate one: operators still log in from anywhere.
      await loginAs(t.app, "DEMO", "viewer@demo.example", undefined, "192.0.2.7");
    } finally {
      await t.db.deleteFrom("allowed_ip_addresses").where("company_id", "=", "DEMO").execute();
    }
  });

  it("refuses a body that is not JSON, a wrong content type and a bad envelope, storing nothing", async () => {
    // Without a readable header.lang (and no Accept-Language) the answer is in Japanese, as everywhere.
    expectRefused(
      await refusedWithoutEvent(() =>
        shopCall(t, screenTransactionCall, demo, null, { rawBody: '{"header": {"lang": "en",' }),
      ),
      ERROR.malformedJson,
      400,
      messageText("ja", "error.malformedJson"),
    );
    expectRefused(
      await refusedWithoutEvent(() => shopCall(t, screenTransactionCall, demo, null, { rawBody: "" })),
      ERROR.malformedJson,
      400,
      messageText("ja", "error.malformedJson"),
    );
    // No body and no content type at all: as empty as an empty application/json body.
    for (const headers of [{}, { "x-timestamp": "1", "x-signature": "0".repeat(64) }]) {
      const noBody = await refusedWithoutEvent(() =>
        t.app.inject({ method: "POST", url: screenTransactionCall.path, headers }),
      );
      expectRefused(noBody, ERROR.malformedJson, 400, messageText("ja", "error.malformedJson"));
    }
    expectRefused(
      await refusedWithoutEvent(() =>
        shopCall(t, screenTransactionCall, demo, sampleTransaction(), { contentType: "text/plain" }),
      ),
      ERROR.unsupportedMediaType,
      415,
      messageText("ja", "error.unsupportedMediaType"),
    );
    expectRefused(
      await refusedWithoutEvent(() =>
        shopCall(t, screenTransactionCall, demo, sampleTransaction(), { info: { shopId: "DEMO" } }),
      ),
      ERROR.badEnvelope,
      400,
      messageText("en", "error.badEnvelope"),
    );
    // Signed and authentic, but an envelope key nobody knows.
    const extra = JSON.stringify({
      ...JSON.parse(envelopeOf(demo, sampleTransaction())),
      extra: 1,
    });
    const unknownKey = await refusedWithoutEvent(() =>
      shopCall(t, screenTransactionCall, demo, null, { rawBody: extra }),
    );
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().errors[0].code).toBe(ERROR.unknownKey);
  });

  it("answers a refusal made before the body is parsed in the language Accept-Language prefers", async () => {
    const tooLarge = JSON.stringify({
      ...JSON.parse(envelopeOf(demo, sampleTransaction())),
      pad: "x".repeat(MAX_BODY_BYTES),
    });
    type EarlyError = "malformedJson" | "unsupportedMediaType" | "payloadTooLarge";
    const early: { code: EarlyError; status: number; options: ShopCallOptions }[] = [
      { code: "malformedJson", status: 400, options: { rawBody: '{"header": {"lang": "en",' } },
      { code: "malformedJson", status: 400, options: { rawBody: "" } },
      // Prototype poisoning is refused by the parser, with a readable header.lang beside it.
      {
        code: "malformedJson",
        status: 400,
        options: { rawBody: '{"header":{"lang":"en"},"__proto__":{"x":1}}' },
      },
      { code: "unsupportedMediaType", status: 415, options: { contentType: "text/plain" } },
      { code: "payloadTooLarge", status: 413, options: { rawBody: tooLarge } },
    ];
    const cases: [string | undefined, "en" | "ja"][] = [
      [undefined, "ja"],
      ["en", "en"],
      ["en-US,en;q=0.9", "en"],
      ["EN-gb", "en"],
      // The language of highest weight among ja and en wins, wherever it stands in the list.
      ["fr-FR, en;q=0.8", "en"],
      ["ja;q=0.2, en;q=0.9", "en"],
      ["de, *;q=0.5, en-US;q=0.3, ja;q=0.1", "en"],
      ["ja,en;q=0.5", "ja"],
      ["en;q=0, ja;q=0.1", "ja"],
      ["en;q=0", "ja"],
      ["*", "ja"],
      ["fr", "ja"],
      ["english", "ja"],
    ];
    for (const { code, status, options } of early) {
      for (const [acceptLanguage, lang] of cases) {
        const response = await refusedWithoutEvent(() =>
          shopCall(t, screenTransactionCall, demo, sampleTransaction(), {
            ...options,
            ...(acceptLanguage === undefined ? {} : { headers: { "accept-language": acceptLanguage } }),
          }),
        );
        expect(response.statusCode, `${code} ${acceptLanguage}`).toBe(status);
        expect(response.json(), `${code} ${acceptLanguage}`).toEqual({
          result: "20",
          messages: [],
          errors: [{ code: ERROR[code], message: messageText(lang, `error.${code}`) }],
          telegram: null,
        });
      }
    }
    // Once the body is read, the envelope's header.lang decides, whatever Accept-Language says.
    expectRefused(
      await refusedWithoutEvent(() =>
        shopCall(t, screenTransactionCall, demo, sampleTransaction(), {
          info: { shopId: "DEMO" },
          headers: { "accept-language": "ja" },
        }),
      ),
      ERROR.badEnvelope,
      400,
      messageText("en", "error.badEnvelope"),
    );
  });

  it("refuses a body that is not UTF-8 as MalformedJson instead of storing its text garbled", async () => {
    const marker = "@@ADDRESS@@";
    const tx = sampleTransaction();
    tx.purchaser = { ...tx.purchaser, fullAddress: marker };
    const envelope = envelopeOf(demo, tx);
    const [before, after] = envelope.split(marker) as [string, string];
    const withBytes = (bytes: number[]) =>
      Buffer.concat([Buffer.from(before, "utf8"), Buffer.from(bytes), Buffer.from(after, "utf8")]);
    // 東京都 in Shift_JIS, as a shop's legacy system might send it; a stray byte; a truncated sequence.
    for (const bytes of [[0x93, 0x8c, 0x8b, 0x9e, 0x93, 0x73], [0xff], [0xe6, 0x9d]]) {
      for (const contentType of ["application/json", "application/json; charset=Shift_JIS"]) {
        expectRefused(
          await refusedWithoutEvent(() =>
            shopCall(t, screenTransactionCall, demo, null, {
              rawBody: withBytes(bytes),
              contentType,
              headers: { "accept-language": "en" },
            }),
          ),
          ERROR.malformedJson,
          400,
          messageText("en", "error.malformedJson"),
        );
      }
    }
    // The same text in UTF-8 is screened, and stored as sent; a leading byte order mark is allowed.
    const utf8 = await shopCall(t, screenTransactionCall, demo, null, {
      rawBody: Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        withBytes([...Buffer.from("東京都", "utf8")]),
      ]),
    });
    expect(utf8.statusCode, utf8.body).toBe(200);
    const stored = await t.db
      .selectFrom("event_parties")
      .select("full_address")
      .where("event_id", "=", utf8.json().telegram.eventId)
      .where("party", "=", "purchaser")
      .executeTakeFirstOrThrow();
    expect(stored.full_address).toBe("東京都");
  });

  it("never sends back a lone surrogate of a request's key, so that every JSON parser reads the refusal", async () => {
    const body = envelopeOf(demo, sampleTransaction());
    const cases: [string, ErrorCode, string][] = [
      // An unknown top-level key, an unknown header key: the message names the key.
      [`${body.slice(0, -1)},"\\ud800x":1}`, ERROR.unknownKey, ""],
      [body.replace('"header":{', '"header":{"\\udc00":1,'), ERROR.unknownKey, "header"],
      // A telegram key that no field may hold: the field names it.
      [body.replace('"telegram":{', '"telegram":{"a\\ud800":1,'), ERROR.validation, "telegram.a\ufffd"],
    ];
    for (const [rawBody, code, field] of cases) {
      const response = await refusedWithoutEvent(() =>
        shopCall(t, screenTransactionCall, demo, null, { rawBody }),
      );
      expect(response.statusCode, rawBody.slice(0, 80)).toBe(400);
      // The answer's JSON text holds no \ud800-\udfff escape, and no such code unit once parsed.
      expect(response.body).not.toMatch(/\\ud[89a-f][0-9a-f]{2}/i);
      const [error] = response.json().errors;
      expect(error.code).toBe(code);
      expect(error.field).toBe(field);
      expect(`${error.field}${error.message}`).not.toMatch(/[\ud800-\udfff]/);
    }
  });

  it("answers invalid data field by field, with the field's rule, and stores nothing", async () => {
    const tx = sampleTransaction({ shopEventId: "S".repeat(101) });
    tx.purchaser = { ...tx.purchaser, mailAccountHash: "A".repeat(63), mailDomain: "bad..domain" };
    // Hex digits and colons, but no IPv6 address.
    tx.device = { ...tx.device, ipaddress: "1:2" };
    const response = await refusedWithoutEvent(() => shopCall(t, screenTransactionCall, demo, tx));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.result).toBe("20");
    expect(body.telegram).toBeNull();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        {
          code: ERROR.validation,
          field: "telegram.shopEventId",
          message: messageText("en", "validation.max", { max: 100 }),
        },
        {
          code: ERROR.validation,
          field: "telegram.purchaser.mailAccountHash",
          message: messageText("en", "validation.delimiterItemHash"),
        },
        {
          code: ERROR.validation,
          field: "telegram.purchaser.mailDomain",
          message: messageText("en", "validation.domain"),
        },
        {
          code: ERROR.validation,
          field: "telegram.device.ipaddress",
          message: messageText("en", "validation.ipAddressV4"),
        },
      ]),
    );
    expect(body.errors).toHaveLength(4);

    const unknownModel = await refusedWithoutEvent(() =>
      shopCall(t, screenTransactionCall, demo, sampleTransaction({ modelId: "NO_SUCH_MODEL" })),
    );
    expect(unknownModel.statusCode).toBe(400);
    expect(unknownModel.json().errors).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.modelId",
        message: messageText("en", "validation.unknownModel"),
      },
    ]);
  });

  it("is not a console call: a console session does not open it, and it does not open the console", async () => {
    const viewer = await loginAs(t.app, "DEMO", "viewer@demo.example");
    const withSession = await t.app.inject({
      method: "POST",
      url: eventResultCall.path,
      headers: { "content-type": "application/json", cookie: `sid=${viewer.cookie}` },
      payload: JSON.stringify({
        header: { lang: "en", tz: "Asia/Tokyo", currency: "JPY", version: "3.0" },
        info: { companyId: "DEMO", applicationId: demo.applicationId },
        telegram: { eventId: "E1" },
      }),
    });
    expect(withSession.statusCode).toBe(401);
    expect(withSession.json().errors[0].code).toBe(ERROR.invalidSignature);
  });

  it("stops accepting a secret key the moment it is rotated, and never logs a key", async () => {
    const admin = await loginAs(t.app, "DEMO", "admin@demo.example");
    const oldShop = await shopOf(t, "DEMO");
    const { rotatedAt } = (await call(t.app, apiConnectionInfo, {}, { session: admin })).json().telegram;
    const rotated = await call(t.app, apiSecretRotate, { rotatedAt }, { session: admin });
    expect(rotated.statusCode).toBe(200);
    const newSecret: string = rotated.json().telegram.secretKey;

    expectRefused(
      await refusedWithoutEvent(() => shopCall(t, screenTransactionCall, oldShop, sampleTransaction())),
      ERROR.invalidSignature,
      401,
      messageText("en", "error.invalidSignature"),
    );
    const fresh = await shopCall(
      t,
      screenTransactionCall,
      { ...oldShop, secret: newSecret },
      sampleTransaction(),
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
    demo = { ...oldShop, secret: newSecret };

    const logs = t.logs();
    expect(logs).toContain("screening API call refused");
    for (const secret of [oldShop.secret, newSecret, acme.secret]) expect(logs).not.toContain(secret);
  });
});
