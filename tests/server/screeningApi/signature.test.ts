import { describe, expect, it } from "vitest";
import { REPLAY_WINDOW_SECONDS } from "../../../src/contract/screeningApi.ts";
import {
  freshUntil,
  isFresh,
  signatureMatches,
  signShopRequest,
} from "../../../src/server/services/shopAuthService.ts";

// The shop's side of the signature, as docs/api.md computes it with openssl.
const SECRET = "s3cr3t-key_ABC";
const TIMESTAMP = "1763776800";
const BODY = '{"header":{"lang":"en"},"telegram":{"x":"日本"}}';
/** printf '%s.%s' "$ts" "$body" | openssl dgst -sha256 -hmac "$secret" */
const OPENSSL_SIGNATURE = "d654979321c4ec715e4f5f90027855d8f1ab71b56e1590092a3907ee06a8c949";

describe("the screening API signature", () => {
  it("is the hex HMAC-SHA256 of timestamp.body under the secret key, as openssl computes it", () => {
    expect(signShopRequest(SECRET, TIMESTAMP, BODY)).toBe(OPENSSL_SIGNATURE);
    expect(signShopRequest(SECRET, TIMESTAMP, Buffer.from(BODY, "utf8"))).toBe(OPENSSL_SIGNATURE);
  });

  it("matches in either hex case, and nothing else", () => {
    const body = Buffer.from(BODY, "utf8");
    expect(signatureMatches(SECRET, TIMESTAMP, body, OPENSSL_SIGNATURE)).toBe(true);
    expect(signatureMatches(SECRET, TIMESTAMP, body, OPENSSL_SIGNATURE.toUpperCase())).toBe(true);
    expect(signatureMatches(`${SECRET}x`, TIMESTAMP, body, OPENSSL_SIGNATURE)).toBe(false);
    expect(signatureMatches(SECRET, "1763776801", body, OPENSSL_SIGNATURE)).toBe(false);
    expect(signatureMatches(SECRET, TIMESTAMP, Buffer.from(`${BODY} `), OPENSSL_SIGNATURE)).toBe(false);
    expect(signatureMatches(SECRET, TIMESTAMP, body, OPENSSL_SIGNATURE.slice(0, 62))).toBe(false);
    expect(signatureMatches(SECRET, TIMESTAMP, body, undefined)).toBe(false);
    // A timestamp that is not unix seconds is not signed material at all.
    expect(signatureMatches(SECRET, "", body, signShopRequest(SECRET, "", body))).toBe(false);
    expect(signatureMatches(SECRET, "1e9", body, signShopRequest(SECRET, "1e9", body))).toBe(false);
  });

  it("is fresh within 5 minutes of the server's clock, either way", () => {
    const now = new Date(Number(TIMESTAMP) * 1000);
    expect(REPLAY_WINDOW_SECONDS).toBe(300);
    for (const offset of [-300, -1, 0, 1, 300])
      expect(isFresh(String(Number(TIMESTAMP) + offset), now), String(offset)).toBe(true);
    for (const offset of [-301, 301, -86_400])
      expect(isFresh(String(Number(TIMESTAMP) + offset), now), String(offset)).toBe(false);
    expect(isFresh("", now)).toBe(false);
    expect(isFresh("-5", now)).toBe(false);
  });

  it("keeps a request's replay record until the request is no longer fresh, not a moment less", () => {
    const until = freshUntil(TIMESTAMP);
    expect(isFresh(TIMESTAMP, new Date(until.getTime() - 1))).toBe(true);
    expect(isFresh(TIMESTAMP, until)).toBe(false);
  });
});
