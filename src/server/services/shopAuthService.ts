import { createHmac, timingSafeEqual } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { REPLAY_WINDOW_SECONDS, type ShopInfo } from "../../contract/screeningApi.ts";
import { PREPARED } from "../db/preparedStatements.ts";
import type { Database } from "../db/schema.ts";
import { ipListAllows } from "./allowedIpService.ts";
import { decryptApplicationSecret } from "./apiConnectionService.ts";
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

/** What a screening API call needs of the application it names, read in one query. */
export interface ShopApplication {
  companyId: string;
  secret: string;
  /** The application's detection model (used when the transaction names none). */
  modelId: string;
  /** The company's API allowed-IP list. */
  apiAllowedIps: { address: string; subnet: number }[];
}

/**
 * The application, its current secret key (decrypted on every call, so a rotated key stops at once),
 * its model and its company's API allowed-IP list: one round trip instead of three per call.
 */
export async function shopApplication(
  db: Kysely<Database>,
  applicationId: string,
  cipher: CredentialCipher,
): Promise<ShopApplication | undefined> {
  const { rows } = await sql<{
    company_id: string;
    secret_ciphertext: string;
    model_id: string;
    api_ips: [string, number][];
  }>`${sql.raw(PREPARED)}select a.company_id, a.secret_ciphertext, a.model_id,
      coalesce((select json_agg(json_build_array(ip.address, ip.subnet)) from allowed_ip_addresses ip
        where ip.company_id = a.company_id and ip.kind = 'api'), '[]'::json) as api_ips
    from api_applications a where a.application_id = ${applicationId}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    companyId: row.company_id,
    secret: decryptApplicationSecret(cipher, row.company_id, applicationId, row.secret_ciphertext),
    modelId: row.model_id,
    apiAllowedIps: row.api_ips.map(([address, subnet]) => ({ address, subnet: Number(subnet) })),
  };
}

/**
 * Decides whether a request comes from the application it names: the application must exist and
 * belong to the named company, the signature must match under its current secret key (a rotated key
 * stops at once: nothing is cached), and only then is the timestamp's age judged, so "replay" is only
 * ever said of a genuinely signed request. A pass carries the application (model, API IP list).
 */
export async function authenticateShop(
  db: Kysely<Database>,
  cipher: CredentialCipher,
  request: SignedRequest,
  now: Date,
): Promise<{ ok: true; application: ShopApplication } | { ok: false; reason: ShopAuthRefusal }> {
  const application = await shopApplication(db, request.info.applicationId, cipher);
  // An application of another company is as unknown as a missing one: nothing tells them apart.
  if (!application || application.companyId !== request.info.companyId)
    return { ok: false, reason: "unknownApplication" };
  const timestamp = request.timestamp ?? "";
  if (!signatureMatches(application.secret, timestamp, request.rawBody, request.signature))
    return { ok: false, reason: "invalidSignature" };
  if (!isFresh(timestamp, now)) return { ok: false, reason: "replay" };
  return { ok: true, application };
}

/** Whether the company's API allowed-IP list (read with the application) lets the source address in. */
export const shopSourceAllowed = (application: ShopApplication, ip: string): boolean =>
  ipListAllows(application.apiAllowedIps, ip);
