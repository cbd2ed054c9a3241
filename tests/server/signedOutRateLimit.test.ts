import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionInfo } from "../../src/contract/auth.ts";
import { DEFAULT_HEADER } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { createTestApp, loginAs, type Session, type TestApp } from "./helpers/testApp.ts";

const LIMIT = 5;
const body = JSON.stringify({ header: { lang: "en", ...DEFAULT_HEADER }, telegram: {} });

/** Signed-out console calls per source address and minute (SIGNED_OUT_CALLS_PER_MINUTE). */
describe("signed-out call rate limit", () => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp("pglite", { env: { SIGNED_OUT_CALLS_PER_MINUTE: String(LIMIT) } });
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
  });
  afterAll(async () => {
    await t?.close();
  });

  const signedOut = (remoteAddress: string, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: sessionInfo.path,
      remoteAddress,
      headers: { "content-type": "application/json", ...(cookie ? { cookie: `sid=${cookie}` } : {}) },
      payload: body,
    });

  it("answers 429 past the limit, for that address only, until the minute has passed", async () => {
    for (let i = 0; i < LIMIT; i++) expect((await signedOut("192.0.2.7")).statusCode).toBe(401);
    const refused = await signedOut("192.0.2.7");
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).errors[0].code).toBe(ERROR.tooManyRequests);
    expect(refused.headers["x-content-type-options"]).toBe("nosniff");

    expect((await signedOut("192.0.2.8")).statusCode).toBe(401);
    t.clock.advanceMinutes(1);
    expect((await signedOut("192.0.2.7")).statusCode).toBe(401);
  });

  it("does not count calls that carry a session", async () => {
    for (let i = 0; i < LIMIT * 2; i++) {
      const response = await signedOut("192.0.2.9", admin.cookie);
      expect(response.statusCode).not.toBe(429);
    }
  });
});
