import { describe, expect, it } from "vitest";
import { ApiFailure, buildEnvelope, createApiClient } from "../../../src/client/api.ts";
import { type LoginInfo, login, logout, sessionInfo } from "../../../src/contract/auth.ts";
import { screenPermissionList } from "../../../src/contract/permissions.ts";

const loginInfo: LoginInfo = {
  loginToken: "anti-forgery-value",
  loginOperator: {
    operatorId: "op1",
    contractDiv: "10",
    companyId: "shop01",
    companyName: "Shop",
    operatorName: "Taro",
  },
  environment: "TST",
};

describe("buildEnvelope (spec section 7)", () => {
  it("sends the header and no info on a public call, with text trimmed", () => {
    const envelope = buildEnvelope(
      login,
      { companyId: " shop01 ", email: "a@b.jp ", password: "x" },
      "en",
      loginInfo,
    );
    expect(envelope).toEqual({
      header: { lang: "en", tz: "Asia/Tokyo", currency: "JPY", version: "3.0" },
      telegram: { companyId: "shop01", email: "a@b.jp", password: "x" },
    });
  });

  it("adds token and shop ID on an authenticated call", () => {
    const envelope = buildEnvelope(screenPermissionList, { screenIds: [" EventList "] }, "ja", loginInfo);
    expect(envelope.info).toEqual({ token: "anti-forgery-value", shopId: "shop01" });
    expect(envelope.header.lang).toBe("ja");
    expect(envelope.telegram).toEqual({ screenIds: ["EventList"] });
  });

  it("uses a shop ID override, and empty values without a login (the server answers InvalidToken)", () => {
    expect(buildEnvelope(logout, undefined, "ja", loginInfo, "other").info).toEqual({
      token: "anti-forgery-value",
      shopId: "other",
    });
    expect(buildEnvelope(logout, undefined, "ja", null).info).toEqual({ token: "", shopId: "" });
  });
});

type Seen = { url: string; init: RequestInit };

function fakeFetch(status: number, body: string, seen: Seen[] = []): typeof fetch {
  return async (input, init) => {
    seen.push({ url: String(input instanceof Request ? input.url : input), init: init ?? {} });
    return new Response(body, { status, headers: { "content-type": "application/json" } });
  };
}

const envelope = (fields: Record<string, unknown>) =>
  JSON.stringify({ result: "10", messages: [], errors: [], telegram: null, ...fields });

describe("createApiClient", () => {
  it("posts the envelope as JSON with credentials and returns the validated result", async () => {
    const seen: Seen[] = [];
    const api = createApiClient({
      lang: () => "en",
      loginInfo: () => loginInfo,
      fetch: fakeFetch(
        200,
        envelope({ telegram: { screenPermissions: [{ screenId: "EventList", permission: "00" }] } }),
        seen,
      ),
    });
    const outcome = await api.call(screenPermissionList, { screenIds: ["EventList"] });
    expect(outcome).toEqual({
      ok: true,
      result: { screenPermissions: [{ screenId: "EventList", permission: "00" }] },
      messages: [],
    });
    expect(seen[0]?.url).toBe("/api/v3/screen/screenPermissionList");
    expect(seen[0]?.init.method).toBe("POST");
    expect(seen[0]?.init.credentials).toBe("include");
    expect(JSON.parse(String(seen[0]?.init.body))).toMatchObject({ info: { token: "anti-forgery-value" } });
  });

  it("treats an HTTP error with an envelope body as an ordinary refusal", async () => {
    const body = envelope({
      result: "20",
      errors: [{ code: "AuthorizeError.InvalidToken", message: "Please log in again." }],
    });
    const api = createApiClient({ lang: () => "en", loginInfo: () => null, fetch: fakeFetch(401, body) });
    await expect(api.call(logout)).resolves.toEqual({
      ok: false,
      errors: [{ code: "AuthorizeError.InvalidToken", message: "Please log in again." }],
    });
  });

  it("throws for a body that is not an envelope, or a result that breaks the contract", async () => {
    const html = createApiClient({
      lang: () => "ja",
      loginInfo: () => null,
      fetch: fakeFetch(502, "<html>Bad gateway</html>"),
    });
    await expect(html.call(logout)).rejects.toBeInstanceOf(ApiFailure);
    const broken = createApiClient({
      lang: () => "ja",
      loginInfo: () => loginInfo,
      fetch: fakeFetch(200, envelope({ telegram: { loginOperator: "nobody" } })),
    });
    await expect(broken.call(sessionInfo)).rejects.toMatchObject({ kind: "response" });
  });

  /** A client whose network holds each call until released, then fails it; the spinner counts it reported. */
  function heldClient() {
    let release: () => void = () => {};
    const api = createApiClient({
      lang: () => "ja",
      loginInfo: () => null,
      fetch: () =>
        new Promise((_resolve, reject) => {
          release = () => reject(new TypeError("fetch failed"));
        }),
    });
    const changes: number[] = [];
    api.onPendingChange(() => changes.push(api.pendingCalls()));
    return { api, changes, release: () => release() };
  }

  it("throws a network failure and counts calls under way for the spinner", async () => {
    const { api, changes, release } = heldClient();
    const call = api.call(logout);
    expect(api.pendingCalls()).toBe(1);
    release();
    await expect(call).rejects.toMatchObject({ kind: "network" });
    expect(api.pendingCalls()).toBe(0);
    expect(changes).toEqual([1, 0]);
  });

  it("does not count a background call for the spinner", async () => {
    const { api, changes, release } = heldClient();
    const call = api.call(logout, undefined, { background: true });
    expect(api.pendingCalls()).toBe(0);
    release();
    await expect(call).rejects.toMatchObject({ kind: "network" });
    expect(changes).toEqual([]);
  });
});
