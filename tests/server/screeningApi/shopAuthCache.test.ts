import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../../src/contract/errors.ts";
import { screenTransactionCall } from "../../../src/contract/screeningApi.ts";
import { createApiConnectionService } from "../../../src/server/services/apiConnectionService.ts";
import { loadCredentialCipher } from "../../../src/server/services/credentialCipher.ts";
import {
  createShopAuthenticator,
  type SignedRequest,
  signShopRequest,
} from "../../../src/server/services/shopAuthService.ts";
import { ReadGate, sleep, TIMED_OUT, within } from "../helpers/readGate.ts";
import { createTestApp, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { countEvents, type Shop, sampleTransaction, shopCall, shopOf } from "./shopClient.ts";

/**
 * The screening call authenticates from a per-process cache of applications. Changes made behind the
 * app's back (as another server process sharing the database would make them) must still take effect
 * on the very next call.
 */
describe.each(testBackends())("screening API authentication cache (%s)", (backend) => {
  let t: TestApp;
  let demo: Shop;

  beforeAll(async () => {
    t = await createTestApp(backend);
    demo = await shopOf(t, "DEMO");
  });
  afterAll(async () => {
    await t?.close();
  });

  const screenOk = async (shop: Shop, tx = sampleTransaction()) => {
    const response = await shopCall(t, screenTransactionCall, shop, tx);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().telegram as { eventId: string };
  };
  const modelOf = async (eventId: string) =>
    (
      await t.db
        .selectFrom("events")
        .select("model_id")
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", eventId)
        .executeTakeFirstOrThrow()
    ).model_id;

  const addModel = (modelId: string) =>
    t.db
      .insertInto("detection_models")
      .values({ company_id: "DEMO", model_id: modelId, model_name: `cache test model ${modelId}` })
      .execute();
  /** Changes DEMO's application's model in the database, behind any cache's back. */
  const setModel = (modelId: string) =>
    t.db
      .updateTable("api_applications")
      .set({ model_id: modelId })
      .where("application_id", "=", demo.applicationId)
      .execute();

  it("screens with the application's model as changed in the database since it was cached", async () => {
    await addModel("CACHE02");
    const before = await screenOk(demo);
    expect(await modelOf(before.eventId)).toBe("MODEL01");
    await setModel("CACHE02");
    try {
      const after = await screenOk(demo);
      expect(await modelOf(after.eventId)).toBe("CACHE02");
    } finally {
      await setModel("MODEL01");
    }
    expect(await modelOf((await screenOk(demo)).eventId)).toBe("MODEL01");
  });

  it("refuses the old key at once after a rotation elsewhere, before judging the telegram", async () => {
    await screenOk(demo);
    const admin = await t.db
      .selectFrom("operators")
      .select("id")
      .where("company_id", "=", "DEMO")
      .where("email", "=", "admin@demo.example")
      .executeTakeFirstOrThrow();
    // Another server process's console rotates the key: this app's cache is not told.
    const elsewhere = createApiConnectionService(
      { db: t.db, now: () => new Date() },
      await loadCredentialCipher(t.config),
    );
    const { rotatedAt } = await elsewhere.info("DEMO");
    const { secretKey } = await elsewhere.rotate("DEMO", admin.id, rotatedAt);
    const before = await countEvents(t);

    const valid = await shopCall(t, screenTransactionCall, demo, sampleTransaction());
    expect(valid.statusCode, valid.body).toBe(401);
    expect(valid.json().errors[0].code).toBe(ERROR.invalidSignature);
    const invalid = await shopCall(t, screenTransactionCall, demo, sampleTransaction({ amount: -1 }));
    expect(invalid.statusCode, invalid.body).toBe(401);
    expect(invalid.json().errors[0].code).toBe(ERROR.invalidSignature);
    expect(await countEvents(t)).toBe(before);

    demo = { ...demo, secret: secretKey };
    await screenOk(demo);
    expect(await countEvents(t)).toBe(before + 1);
  });

  it("refuses at once a source address the API allowed-IP list no longer lets in", async () => {
    await screenOk(demo);
    await t.db
      .insertInto("allowed_ip_addresses")
      .values({ company_id: "DEMO", kind: "api", address: "198.51.100.0", subnet: 24 })
      .execute();
    try {
      const before = await countEvents(t);
      const outside = await shopCall(t, screenTransactionCall, demo, sampleTransaction(), {
        remoteAddress: "192.0.2.7",
      });
      expect(outside.statusCode, outside.body).toBe(403);
      expect(outside.json().errors[0].code).toBe(ERROR.sourceIpNotAllowed);
      expect(await countEvents(t)).toBe(before);
      const inside = await shopCall(t, screenTransactionCall, demo, sampleTransaction(), {
        remoteAddress: "198.51.100.20",
      });
      expect(inside.statusCode, inside.body).toBe(200);
    } finally {
      await t.db.deleteFrom("allowed_ip_addresses").where("company_id", "=", "DEMO").execute();
    }
    // Removed again: the cached list (with the entry) must not refuse.
    const anywhere = await shopCall(t, screenTransactionCall, demo, sampleTransaction(), {
      remoteAddress: "192.0.2.7",
    });
    expect(anywhere.statusCode, anywhere.body).toBe(200);
  });

  it("reads an application again after the cache's time beside the calls, which keep the one read before until it is in", async () => {
    const ttlMs = 300;
    // The application's reads are the rows with its secret's ciphertext.
    const gate = new ReadGate((row) => "secret_ciphertext" in row);
    const authenticator = createShopAuthenticator(
      t.db.withPlugin(gate),
      await loadCredentialCipher(t.config),
      ttlMs,
    );
    const signed = (): SignedRequest => {
      const rawBody = Buffer.from(JSON.stringify({ info: { companyId: "DEMO" } }));
      const timestamp = String(Math.floor(Date.now() / 1000));
      return {
        info: { companyId: "DEMO", applicationId: demo.applicationId },
        timestamp,
        signature: signShopRequest(demo.secret, timestamp, rawBody),
        rawBody,
      };
    };
    const modelNow = async () => {
      const judged = await authenticator.cached(signed(), new Date());
      return judged.ok ? [judged.application.modelId, judged.fromCache] : judged.reason;
    };
    expect(await modelNow()).toEqual(["MODEL01", false]);
    await addModel("CACHE03");
    // Changed behind the cache's back, as another server process would.
    await setModel("CACHE03");
    try {
      await sleep(ttlMs + 100);
      // The re-read is held: the calls meanwhile pass at once under the cached application, which
      // is read once, not once per call.
      gate.close();
      try {
        const during = await within(1_000, Promise.all([modelNow(), modelNow(), modelNow()]));
        expect(during).not.toBe(TIMED_OUT);
        expect(during).toEqual([
          ["MODEL01", true],
          ["MODEL01", true],
          ["MODEL01", true],
        ]);
        expect(gate.held).toBe(1);
      } finally {
        gate.release();
      }
      let now = await modelNow();
      for (let wait = 0; now[0] !== "CACHE03" && wait < 200; wait++) {
        await sleep(25);
        now = await modelNow();
      }
      expect(now).toEqual(["CACHE03", true]);
    } finally {
      await setModel("MODEL01");
    }
  });
});
