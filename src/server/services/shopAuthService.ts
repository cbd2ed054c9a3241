import { createHmac, timingSafeEqual } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { REPLAY_WINDOW_SECONDS, type ShopInfo } from "../../contract/screeningApi.ts";
import { PREPARED } from "../db/preparedStatements.ts";
import type { Database } from "../db/schema.ts";
import { CREDENTIAL_FINGERPRINT } from "../screening/credentialFingerprints.ts";
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

/**
 * The first instant a request signed at `timestamp` is no longer fresh (isFresh counts whole seconds,
 * so it still takes the request during the last window second). A request's replay record must be
 * kept until then: purged any earlier, a captured request could be sent again in that gap.
 */
export const freshUntil = (timestamp: string): Date =>
  new Date((Number(timestamp) + REPLAY_WINDOW_SECONDS + 1) * 1000);

export type ShopAuthRefusal = "unknownApplication" | "invalidSignature" | "replay";

export interface SignedRequest {
  info: ShopInfo;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
}

/** A signed request as the replay window sees it: its signature, and until when it would be accepted. */
export interface SignedRequestOnce {
  signature: string;
  validUntil: Date;
}

/** What a screening API call needs of the application it names, read in one query. */
export interface ShopApplication {
  companyId: string;
  secret: string;
  /** The application's detection model (used when the transaction names none). */
  modelId: string;
  /** The company's API allowed-IP list. */
  apiAllowedIps: { address: string; subnet: number }[];
  /**
   * A digest of everything above as stored (secret ciphertext, model, API IP list): a rotation, a
   * model change or an IP list change changes it (credentialFingerprintsSql computes it in SQL).
   */
  fingerprint: string;
}

/**
 * The application, its current secret key, its model and its company's API allowed-IP list: one
 * round trip instead of three per call.
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
    fingerprint: string;
  }>`${sql.raw(PREPARED)}select a.company_id, a.secret_ciphertext, a.model_id,
      coalesce((select json_agg(json_build_array(ip.address, ip.subnet)) from allowed_ip_addresses ip
        where ip.company_id = a.company_id and ip.kind = 'api'), '[]'::json) as api_ips,
      ${CREDENTIAL_FINGERPRINT} as fingerprint
    from api_applications a where a.application_id = ${applicationId}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    companyId: row.company_id,
    secret: decryptApplicationSecret(cipher, row.company_id, applicationId, row.secret_ciphertext),
    modelId: row.model_id,
    apiAllowedIps: row.api_ips.map(([address, subnet]) => ({ address, subnet: Number(subnet) })),
    fingerprint: row.fingerprint,
  };
}

export type ShopAuthentication =
  | { ok: true; application: ShopApplication }
  | { ok: false; reason: ShopAuthRefusal };

/**
 * Judges a request against an application as read: it must exist and belong to the named company,
 * the signature must match under its secret key, and only then is the timestamp's age judged, so
 * "replay" is only ever said of a genuinely signed request.
 */
function judge(
  application: ShopApplication | undefined,
  request: SignedRequest,
  now: Date,
): ShopAuthentication {
  // An application of another company is as unknown as a missing one: nothing tells them apart.
  if (!application || application.companyId !== request.info.companyId)
    return { ok: false, reason: "unknownApplication" };
  const timestamp = request.timestamp ?? "";
  if (!signatureMatches(application.secret, timestamp, request.rawBody, request.signature))
    return { ok: false, reason: "invalidSignature" };
  if (!isFresh(timestamp, now)) return { ok: false, reason: "replay" };
  return { ok: true, application };
}

/**
 * Decides whether a request comes from the application it names, reading the application's current
 * secret key (a rotated key stops at once: nothing is cached). A pass carries the application.
 */
export async function authenticateShop(
  db: Kysely<Database>,
  cipher: CredentialCipher,
  request: SignedRequest,
  now: Date,
): Promise<ShopAuthentication> {
  return judge(await shopApplication(db, request.info.applicationId, cipher), request, now);
}

/**
 * How long a cached application is trusted before it is read again even if never proved stale. The
 * read runs beside the calls, which keep the application read before until it is in: made to wait,
 * every call arriving during that read would wait for it.
 */
export const SHOP_AUTH_CACHE_TTL_MS = 60_000;
const SHOP_AUTH_CACHE_LIMIT = 10_000;

export interface ShopAuthenticator {
  /**
   * Authenticates from the application cached by an earlier call when there is one (no database
   * round trip, no decryption). Such a pass is provisional: the caller must compare
   * application.fingerprint with credentialFingerprintsSql read in the same statement as its work
   * and, before storing anything, call `fresh` when they differ. A refusal under the cached
   * application is never final: the application is read again and the request judged anew.
   */
  cached(request: SignedRequest, now: Date): Promise<ShopAuthentication & { fromCache: boolean }>;
  /** Reads the application now (refreshing the cache) and judges the request under it. */
  fresh(request: SignedRequest, now: Date): Promise<ShopAuthentication>;
}

interface CachedApplication {
  application: ShopApplication;
  /** When the read that found it began: a read begun earlier never replaces it. */
  readAt: number;
}

/**
 * Shop authentication with a per-process cache of each application's decrypted secret, model and
 * API IP list. Correct across server processes: a cached pass carries the fingerprint it was read
 * with, and the screening statement reads the current one (see ShopAuthenticator.cached), so a key
 * rotated by any process stops before the next event is stored under the old one.
 */
export function createShopAuthenticator(
  db: Kysely<Database>,
  cipher: CredentialCipher,
  ttlMs: number = SHOP_AUTH_CACHE_TTL_MS,
): ShopAuthenticator {
  const cache = new Map<string, CachedApplication>();
  /** Applications whose cached entry is being read again after the TTL. */
  const refreshing = new Set<string>();

  const read = async (applicationId: string): Promise<ShopApplication | undefined> => {
    const readAt = Date.now();
    const application = await shopApplication(db, applicationId, cipher);
    const cached = cache.get(applicationId);
    if (cached && cached.readAt > readAt) return application;
    if (application) {
      if (cache.size >= SHOP_AUTH_CACHE_LIMIT) cache.clear();
      cache.set(applicationId, { application, readAt });
    } else {
      cache.delete(applicationId);
    }
    return application;
  };
  // Every fresh judgement reads for itself: one read begun before a rotation must not vouch for it.
  const fresh = async (request: SignedRequest, now: Date): Promise<ShopAuthentication> =>
    judge(await read(request.info.applicationId), request, now);
  const refresh = (applicationId: string): void => {
    if (refreshing.has(applicationId)) return;
    refreshing.add(applicationId);
    // A failed re-read keeps the entry (each pass under it is still proved); the next call tries again.
    read(applicationId)
      .catch(() => undefined)
      .finally(() => refreshing.delete(applicationId));
  };
  return {
    fresh,
    async cached(request, now) {
      const { applicationId } = request.info;
      const entry = cache.get(applicationId);
      if (entry) {
        if (Date.now() - entry.readAt > ttlMs) refresh(applicationId);
        const judged = judge(entry.application, request, now);
        if (judged.ok) return { ...judged, fromCache: true };
      }
      return { ...(await fresh(request, now)), fromCache: false };
    },
  };
}

/** Whether the company's API allowed-IP list (read with the application) lets the source address in. */
export const shopSourceAllowed = (application: ShopApplication, ip: string): boolean =>
  ipListAllows(application.apiAllowedIps, ip);
