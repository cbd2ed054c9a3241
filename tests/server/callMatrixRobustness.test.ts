import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionInfo } from "../../src/contract/auth.ts";
import { DEFAULT_HEADER } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { eventDetail } from "../../src/contract/eventDetail.ts";
import { loadConfig } from "../../src/server/config.ts";
import { startServer } from "../../src/server/server.ts";
import { freshDataDir, removeDataDir } from "../support/testDatabase.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";

const envelope = (info?: Record<string, string>, telegram: unknown = {}) => ({
  header: { lang: "en", ...DEFAULT_HEADER },
  ...(info ? { info } : {}),
  telegram,
});

/** The refusal's one error code. */
const codeOf = (body: string): string | undefined => JSON.parse(body).errors?.[0]?.code;

/** Robustness of the console API found by a black-box probe (issue 38 point 7). */
describe.each(testBackends())("console API robustness (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = (body: string | Buffer, cookie?: string, url = sessionInfo.path) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/json", ...(cookie ? { cookie: `sid=${cookie}` } : {}) },
      payload: body,
    });

  it("refuses a signed-out body of 90,000 keys as too large, before parsing it", async () => {
    const wide = JSON.stringify({
      ...envelope(),
      telegram: Object.fromEntries(Array.from({ length: 90_000 }, (_, i) => [`k${i}`, 1])),
    });
    const response = await inject(wide);
    expect(response.statusCode).toBe(413);
    expect(codeOf(response.body)).toBe(ERROR.payloadTooLarge);
  });

  it("refuses a signed-out body above 16 KB, and takes a small one to the session check", async () => {
    const padded = JSON.stringify(envelope(undefined, { pad: "x".repeat(17 * 1024) }));
    expect(codeOf((await inject(padded)).body)).toBe(ERROR.payloadTooLarge);
    const small = await inject(JSON.stringify(envelope()));
    expect(small.statusCode).toBe(401);
    expect(codeOf(small.body)).toBe(ERROR.invalidToken);
  });

  it("refuses a signed-in body wider than the entry limit with BadEnvelope, whatever its keys", async () => {
    const info = { token: admin.token, shopId: "DEMO" };
    const ids = Array.from({ length: 30_000 }, () => 1);
    const response = await inject(JSON.stringify(envelope(info, { ids })), admin.cookie);
    expect(response.statusCode).toBe(400);
    expect(codeOf(response.body)).toBe(ERROR.badEnvelope);
  });

  it("refuses bytes that are not UTF-8 as MalformedJson, as the screening API does", async () => {
    const info = { token: admin.token, shopId: "DEMO" };
    const text = JSON.stringify(envelope(info, { eventId: "bad:@@@" }));
    const at = text.indexOf("@@@");
    const bytes = Buffer.concat([
      Buffer.from(text.slice(0, at)),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(text.slice(at + 3)),
    ]);
    const response = await inject(bytes, admin.cookie, eventDetail.path);
    expect(response.statusCode).toBe(400);
    expect(codeOf(response.body)).toBe(ERROR.malformedJson);
  });

  it("answers a call without info.token 401 InvalidToken, as docs/api.md says", async () => {
    const response = await inject(JSON.stringify(envelope({ shopId: "DEMO" })), admin.cookie);
    expect(response.statusCode).toBe(401);
    expect(codeOf(response.body)).toBe(ERROR.invalidToken);
  });

  it("answers a path that is not valid percent-encoding with an envelope and the security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v3/screen/%ff" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ result: "20", telegram: null });
    expect(codeOf(response.body)).toBe(ERROR.badEnvelope);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("still answers a signed-in call normally", async () => {
    const response = await call(t.app, sessionInfo, {}, { session: admin });
    expect(response.statusCode).toBe(200);
  });
});

describe("connection timeout", () => {
  it("closes a connection whose body stalls longer than CONNECTION_TIMEOUT_SECONDS", async () => {
    const dataDir = await freshDataDir();
    const server = await startServer(
      loadConfig({ DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent", CONNECTION_TIMEOUT_SECONDS: "1" }),
      { clientDir: "/nonexistent-client-build" },
    );
    try {
      const { port } = new URL(server.url);
      const socket = net.connect(Number(port), "127.0.0.1");
      const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
      socket.on("error", () => {});
      // A login promising 1,000 bytes that sends one and then nothing (the probe's slow body).
      socket.write(
        "POST /api/v3/screen/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
      );
      const stillOpen = new Promise<"open">((resolve) => setTimeout(() => resolve("open"), 10_000).unref());
      expect(await Promise.race([closed.then(() => "closed" as const), stillOpen])).toBe("closed");
      socket.destroy();
    } finally {
      await server.close();
      await removeDataDir(dataDir);
    }
  }, 30_000);
});

describe("request timeout", () => {
  it("cuts off a request whose body trickles in for longer than REQUEST_TIMEOUT_SECONDS", async () => {
    const dataDir = await freshDataDir();
    // The connection is never idle long (a byte every 200 ms), so only the whole-request limit ends it.
    const server = await startServer(
      loadConfig({
        DATA_DIR: dataDir,
        PORT: "0",
        LOG_LEVEL: "silent",
        REQUEST_TIMEOUT_SECONDS: "1",
        CONNECTION_TIMEOUT_SECONDS: "600",
      }),
      { clientDir: "/nonexistent-client-build" },
    );
    const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
    });
    socket.on("error", () => {});
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.write(
      "POST /api/v3/screen/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    const trickle = setInterval(() => socket.writable && socket.write(" "), 200);
    try {
      const stillOpen = new Promise<"open">((resolve) => setTimeout(() => resolve("open"), 10_000).unref());
      expect(await Promise.race([closed.then(() => "closed" as const), stillOpen])).toBe("closed");
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
      socket.destroy();
      await server.close();
      await removeDataDir(dataDir);
    }
  }, 30_000);
});
