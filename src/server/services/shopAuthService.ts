import { createHmac, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { REPLAY_WINDOW_SECONDS, type ShopInfo } from "../../contract/screeningApi.ts";
import type { Database } from "../db/schema.ts";
import { secretFor } from "./apiConnectionService.ts";
import type { CredentialCipher } from "./credentialCipher.ts";

/** Hex HMAC-SHA256 under the secret key of `timestamp + "." + raw body`: what a shop sends as X-Signature. */
export function signShopRequest(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac("sha256", secret)
    .update(`${timestamp}.`, "utf8")
    .update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody)
    .digest("hex");
}

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;
const UNIX_SECONDS = /^[0-9]{1,12}$/;

/** Constant-time comparison of the expected and the presented signature (both 32 bytes once decoded). */
export function signatureMatches(
  secret: string,
  timestamp: string,
  rawBody: Buffer,
  presented: string | undefined,
): boolean {
  if (presented === undefined || !HEX_SHA256.test(presented) || !UNIX_SECONDS.test(timestamp)) return false;
  const expected = Buffer.from(signShopRequest(secret, timestamp, rawBody), "hex");
  return timingSafeEqual(expected, Buffer.from(presented, "hex"));
}

/** Signed within the replay window of the server's clock, either way. */
export const isFresh = (timestamp: string, now: Date): boolean =>
  UNIX_SECONDS.test(timestamp) &&
  Math.abs(Math.floor(now.getTime() / 1000) - Number(timestamp)) <= REPLAY_WINDOW_SECONDS;

export type ShopAuthRefusal = "unknownApplication" | "invalidSignature" | "replay";

export interface SignedRequest {
  info: ShopInfo;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
}

/**
 * Decides whether a request comes from the application it names: the application must exist and
 * belong to the named company, the signature must match under its current secret key (a rotated key
 * stops at once: nothing is cached), and only then is the timestamp's age judged, so "replay" is only
 * ever said of a genuinely signed request.
 */
export async function authenticateShop(
  db: Kysely<Database>,
  cipher: CredentialCipher,
  request: SignedRequest,
  now: Date,
): Promise<{ ok: true; companyId: string } | { ok: false; reason: ShopAuthRefusal }> {
  const application = await secretFor(db, request.info.applicationId, cipher);
  // An application of another company is as unknown as a missing one: nothing tells them apart.
  if (!application || application.companyId !== request.info.companyId)
    return { ok: false, reason: "unknownApplication" };
  const timestamp = request.timestamp ?? "";
  if (!signatureMatches(application.secret, timestamp, request.rawBody, request.signature))
    return { ok: false, reason: "invalidSignature" };
  if (!isFresh(timestamp, now)) return { ok: false, reason: "replay" };
  return { ok: true, companyId: application.companyId };
}
