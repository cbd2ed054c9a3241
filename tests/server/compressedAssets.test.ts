import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HEADER } from "../../src/contract/envelope.ts";
import { EMPTY_DETAIL_SEARCH, eventList } from "../../src/contract/eventSearch.ts";
import { JSON_COMPRESSION_THRESHOLD_BYTES } from "../../src/server/plugins/jsonCompression.ts";
import { createTestApp, loginAs, type Session, type TestApp } from "./helpers/testApp.ts";

const CHROMIUM_ACCEPT = "gzip, deflate, br, zstd";
const ASSET = "index-Ab12_cD3.js";
const ASSET_BODY = `export const text = ${JSON.stringify("console ".repeat(2000))};\n`;
const INDEX = `<!doctype html><html lang="ja"><head><title>console</title></head><body>${"<div></div>".repeat(200)}</body></html>`;
const IMMUTABLE = "public, max-age=31536000, immutable";

/** A build as vite.config.ts writes it: each asset with its brotli and gzip copies beside it. */
async function writeBuild(clientDir: string): Promise<void> {
  const assets = path.join(clientDir, "assets");
  await mkdir(assets, { recursive: true });
  await writeFile(path.join(clientDir, "index.html"), INDEX);
  await writeFile(path.join(assets, ASSET), ASSET_BODY);
  await writeFile(path.join(assets, `${ASSET}.br`), brotliCompressSync(ASSET_BODY));
  await writeFile(path.join(assets, `${ASSET}.gz`), gzipSync(ASSET_BODY));
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? "")
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes("accept-encoding");

describe("compressed delivery: assets by Accept-Encoding, JSON answers above the threshold", () => {
  let t: TestApp;
  let clientDir: string;
  let admin: Session;
  const bigJson = { rows: Array.from({ length: 200 }, (_, i) => ({ id: `E${i}`, amount: i * 100 })) };

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(os.tmpdir(), "console-client-"));
    await writeBuild(clientDir);
    t = await createTestApp("pglite", {
      clientDir,
      extraRoutes: (app) => {
        // A streamed answer, as the CSV download sends its file; typed JSON, the type that is compressed.
        app.get("/api/test/streamed", (_request, reply) =>
          reply.type("application/json; charset=utf-8").send(Readable.from([JSON.stringify(bigJson)])),
        );
      },
    });
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
  });
  afterAll(async () => {
    await t?.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const getAsset = (acceptEncoding?: string) =>
    t.app.inject({
      method: "GET",
      url: `/v3/assets/${ASSET}`,
      headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
    });

  it("sends an asset brotli-compressed to a browser that accepts brotli, immutable, varying on Accept-Encoding", async () => {
    const response = await getAsset(CHROMIUM_ACCEPT);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(varies(response)).toBe(true);
    expect(response.rawPayload.length).toBeLessThan(ASSET_BODY.length / 10);
    expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
    const built = await readFile(path.join(clientDir, "assets", ASSET));
    expect(brotliDecompressSync(response.rawPayload).equals(built)).toBe(true);
  });

  it("sends gzip to a client that accepts gzip only, or refuses brotli", async () => {
    for (const accept of ["gzip", "br;q=0, gzip", "gzip, deflate"]) {
      const response = await getAsset(accept);
      expect(response.headers["content-encoding"], accept).toBe("gzip");
      expect(response.headers["cache-control"], accept).toBe(IMMUTABLE);
      expect(varies(response), accept).toBe(true);
      expect(gunzipSync(response.rawPayload).toString("utf8"), accept).toBe(ASSET_BODY);
    }
  });

  it("sends the file as it is without Accept-Encoding, or when no offered coding is acceptable", async () => {
    for (const accept of [undefined, "identity", "br;q=0, gzip;q=0", "deflate"]) {
      const response = await getAsset(accept);
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers["content-encoding"], accept).toBeUndefined();
      expect(response.headers["cache-control"], accept).toBe(IMMUTABLE);
      expect(varies(response), accept).toBe(true);
      expect(response.body, accept).toBe(ASSET_BODY);
    }
  });

  it("never serves a compressed copy under its own name; an unknown asset is not found as before", async () => {
    for (const url of [
      `/v3/assets/${ASSET}.br`,
      "/v3/assets/missing-0000.js",
      "/v3/assets/..%2Findex.html",
    ]) {
      const response = await t.app.inject({
        method: "GET",
        url,
        headers: { "accept-encoding": CHROMIUM_ACCEPT },
      });
      expect(response.headers["content-type"], url).not.toContain("javascript");
      expect(response.headers["cache-control"], url).not.toBe(IMMUTABLE);
    }
  });

  it("sends index.html compressed with its settings, never cached", async () => {
    for (const url of ["/v3/", "/v3/login"]) {
      const response = await t.app.inject({
        method: "GET",
        url,
        headers: { "accept-encoding": CHROMIUM_ACCEPT },
      });
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(varies(response), url).toBe(true);
      const html = brotliDecompressSync(response.rawPayload).toString("utf8");
      expect(html, url).toContain("<title>console</title>");
      expect(html, url).toContain('<meta name="');
    }
  });

  const listCall = (acceptEncoding?: string) =>
    t.app.inject({
      method: eventList.method,
      url: eventList.path,
      headers: {
        "content-type": "application/json",
        cookie: `sid=${admin.cookie}`,
        ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}),
      },
      payload: JSON.stringify({
        header: { lang: "en", ...DEFAULT_HEADER },
        info: { token: admin.token, shopId: admin.companyId },
        telegram: { search: EMPTY_DETAIL_SEARCH, pageSize: 200, cursor: null },
      }),
    });

  it("compresses a JSON answer above the threshold and keeps its Server-Timing", async () => {
    const plain = await listCall();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD_BYTES);

    const response = await listCall(CHROMIUM_ACCEPT);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(varies(response)).toBe(true);
    expect(String(response.headers["server-timing"])).toMatch(/\bdur=/);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const answer = JSON.parse(brotliDecompressSync(response.rawPayload).toString("utf8"));
    expect(answer.telegram.rows.length).toBe(plain.json().telegram.rows.length);

    const gzipped = await listCall("gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString("utf8")).telegram.rows.length).toBe(
      answer.telegram.rows.length,
    );
  });

  it("leaves an answer below the threshold as it is", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v3/screen/no-such-call",
      headers: { "content-type": "application/json", "accept-encoding": CHROMIUM_ACCEPT },
      payload: JSON.stringify({ header: { lang: "en", ...DEFAULT_HEADER }, telegram: {} }),
    });
    expect(response.rawPayload.length).toBeLessThan(JSON_COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(() => response.json()).not.toThrow();
  });

  it("lets a streamed answer (a download) stream as it is, uncompressed", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/test/streamed",
      headers: { "accept-encoding": CHROMIUM_ACCEPT },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-length"]).toBeUndefined();
    expect(response.headers["transfer-encoding"]).toBe("chunked");
    expect(response.json()).toEqual(bigJson);
  });
});
