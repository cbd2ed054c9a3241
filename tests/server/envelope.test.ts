import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineCall } from "../../src/contract/call.ts";
import { DEFAULT_HEADER, MAX_BODY_BYTES } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { messageText } from "../../src/contract/messages.ts";
import { registerCall } from "../../src/server/plugins/registerCall.ts";
import { call, createTestApp, type TestApp } from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";

// Test-only calls: one echoing its (trimmed) telegram, one failing with a real exception.
const echo = defineCall({
  name: "testEcho",
  method: "POST",
  path: "/api/v3/test/echo",
  access: { kind: "public" },
  request: z
    .object({
      name: z.string().min(1).max(5),
      tags: z.array(z.string()),
      nested: z.object({ note: z.string() }),
    })
    .strict(),
  response: z.object({ name: z.string(), tags: z.array(z.string()), nested: z.object({ note: z.string() }) }),
});
const explode = defineCall({
  name: "testExplode",
  method: "POST",
  path: "/api/v3/test/explode",
  access: { kind: "public" },
  request: z.object({}).strict().optional(),
  response: z.object({}),
});

const envelopeOf = (telegram: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ header: { lang: "en", ...DEFAULT_HEADER }, telegram, ...extra });

describe.each(testBackends())("envelope handling (%s)", (backend) => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), "console-client-"));
    await writeFile(path.join(clientDir, "index.html"), "<!doctype html><title>console</title>");
    await writeFile(path.join(clientDir, "app.js"), "console.log('app')");
    t = await createTestApp(backend, {
      clientDir,
      extraRoutes: (app) => {
        registerCall(app, echo, async ({ telegram }) => ({ telegram }));
        registerCall(app, explode, async () => {
          throw new Error("database exploded at /secret/path");
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const post = (payload: string, contentType = "application/json", url = echo.path) =>
    t.app.inject({ method: "POST", url, headers: { "content-type": contentType }, payload });

  it("trims every text value of the telegram, at any depth, before validating", async () => {
    const response = await call(t.app, echo, {
      name: "  abc  ",
      tags: [" x ", "y\t"],
      nested: { note: "\n n " },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: "10",
      messages: [],
      errors: [],
      telegram: { name: "abc", tags: ["x", "y"], nested: { note: "n" } },
    });
  });

  it("reports validation errors with the field and the message in the header's language", async () => {
    const en = await call(t.app, echo, { name: "toolong", tags: [], nested: { note: "" } });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.name",
        message: messageText("en", "validation.max", { max: 5 }),
      },
    ]);
    const ja = await call(t.app, echo, { name: "   ", tags: [], nested: { note: "" } }, { lang: "ja" });
    expect(ja.json().errors).toEqual([
      { code: ERROR.validation, field: "telegram.name", message: messageText("ja", "validation.required") },
    ]);
  });

  it("refuses unknown keys in the telegram and in the envelope", async () => {
    const inTelegram = await call(t.app, echo, { name: "a", tags: [], nested: { note: "" }, extra: 1 });
    expect(inTelegram.statusCode).toBe(400);
    expect(inTelegram.json().errors[0]).toMatchObject({ code: ERROR.unknownKey, field: "telegram" });
    const inEnvelope = await post(
      envelopeOf({ name: "a", tags: [], nested: { note: "" } }, { shop: "DEMO" }),
    );
    expect(inEnvelope.statusCode).toBe(400);
    expect(inEnvelope.json()).toMatchObject({ result: "20", errors: [{ code: ERROR.unknownKey }] });
  });

  it.each([
    ["malformed JSON", () => post('{"header": {'), 400, ERROR.malformedJson],
    ["an empty JSON body", () => post(""), 400, ERROR.malformedJson],
    ["prototype poisoning", () => post('{"__proto__": {"x": 1}}'), 400, ERROR.malformedJson],
    ["a text/plain body", () => post(envelopeOf({}), "text/plain"), 415, ERROR.unsupportedMediaType],
    ["a form body", () => post("a=b", "application/x-www-form-urlencoded"), 415, ERROR.unsupportedMediaType],
    [
      "a body over MAX_BODY_BYTES",
      () => post(envelopeOf({ name: "x".repeat(MAX_BODY_BYTES), tags: [], nested: { note: "" } })),
      413,
      ERROR.payloadTooLarge,
    ],
    ["a JSON array", () => post("[1, 2]"), 400, ERROR.badEnvelope],
    ["a JSON string", () => post('"hello"'), 400, ERROR.badEnvelope],
    [
      "a bad header",
      () => post(JSON.stringify({ header: { lang: "fr", ...DEFAULT_HEADER }, telegram: {} })),
      400,
      ERROR.badEnvelope,
    ],
    ["a missing header", () => post(JSON.stringify({ telegram: {} })), 400, ERROR.badEnvelope],
    [
      "an unknown /api path",
      () => t.app.inject({ method: "POST", url: "/api/v3/screen/nothingHere", payload: {} }),
      404,
      ERROR.notFound,
    ],
    ["a wrong method", () => t.app.inject({ method: "GET", url: echo.path }), 405, ERROR.methodNotAllowed],
    ["an exception in a handler", () => call(t.app, explode, {}), 500, ERROR.internalFailure],
  ] as const)("answers %s with its own error envelope", async (_name, send, status, code) => {
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toMatchObject({ result: "20", messages: [], telegram: null });
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].code).toBe(code);
    expect(body.errors[0].message).not.toBe("");
    expect(response.body).not.toMatch(/exploded|secret\/path|at .*\.ts|stack/i);
  });

  it("gives the numbered message of a code in the requested language", async () => {
    const ja = await t.app.inject({
      method: "POST",
      url: "/api/v3/nope",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ header: { lang: "ja", ...DEFAULT_HEADER } }),
    });
    expect(ja.json().errors[0].message).toBe(messageText("ja", "no.963"));
    const en = await t.app.inject({
      method: "GET",
      url: "/api/v3/nope",
      headers: { "accept-language": "en-US" },
    });
    expect(en.json().errors[0].message).toBe(messageText("en", "no.963"));
  });

  it("sends the security headers on API answers, static files and errors", async () => {
    for (const response of [
      await call(t.app, echo, { name: "a", tags: [], nested: { note: "" } }),
      await t.app.inject({ method: "GET", url: "/v3/app.js" }),
      await t.app.inject({ method: "GET", url: "/api/v3/nope" }),
    ]) {
      expect(response.headers["referrer-policy"]).toBe("no-referrer");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["x-frame-options"]).toBe("DENY");
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    }
  });

  it("serves the SPA under /v3/ with history routing and redirects / to the login", async () => {
    const file = await t.app.inject({ method: "GET", url: "/v3/app.js" });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain("console.log('app')");
    for (const route of [
      "/v3/",
      "/v3/login",
      "/v3/EventList",
      "/v3/keywordList/abc/new",
      "/v3/PasswordChange?token=x",
    ]) {
      const page = await t.app.inject({ method: "GET", url: route });
      expect(page.statusCode, route).toBe(200);
      expect(page.body, route).toContain("<title>console</title>");
    }
    const root = await t.app.inject({ method: "GET", url: "/" });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe("/v3/login");
    expect((await t.app.inject({ method: "GET", url: "/elsewhere" })).statusCode).toBe(404);
  });
});

describe("without a client build", () => {
  it("still answers the API and explains the missing SPA", async () => {
    const t = await createTestApp("pglite");
    try {
      const page = await t.app.inject({ method: "GET", url: "/v3/login" });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain("npm start");
      const api = await t.app.inject({ method: "POST", url: "/api/v3/nope", payload: {} });
      expect(api.json().errors[0].code).toBe(ERROR.notFound);
    } finally {
      await t.close();
    }
  });
});
