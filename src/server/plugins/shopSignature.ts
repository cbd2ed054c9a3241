import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { ERROR, type ErrorCode } from "../../contract/errors.ts";
import {
  SHOP_HEADERS,
  type ShopCallSpec,
  shopEnvelopeSchema,
  shopInfoSchema,
} from "../../contract/screeningApi.ts";
import { ApiError } from "../apiError.ts";
import type { Database } from "../db/schema.ts";
import type { CredentialCipher } from "../services/credentialCipher.ts";
import {
  createShopAuthenticator,
  freshUntil,
  type ShopAuthentication,
  type ShopAuthRefusal,
  type SignedRequest,
  type SignedRequestOnce,
  shopSourceAllowed,
} from "../services/shopAuthService.ts";
import { requestLang } from "./envelope.ts";
import { depthCheckedJsonParser, trimStringsInPlace } from "./jsonBody.ts";

export interface ShopContext {
  companyId: string;
  applicationId: string;
  /** The application's detection model (read with the signature check). */
  applicationModelId: string;
  /** The envelope's telegram, trimmed, not yet validated. */
  telegram: unknown;
  /**
   * Set when the pass came from the per-process cache of applications: the credential fingerprint it
   * was judged under. The route must read credentialFingerprintsSql in the statement that does its
   * work and, when it differs, call ShopSignature.reauthenticate before storing anything.
   */
  provisionalFingerprint: string | null;
  /** This request as the replay window knows it (a write applied once per signed request uses it). */
  signedRequest: SignedRequestOnce;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on every screening API route: checked by signature here, never by the console guard. */
    shopCall?: ShopCallSpec;
    /**
     * The route proves a cached authentication current in its own statement (see
     * ShopContext.provisionalFingerprint), so the check may use the application cache.
     */
    shopAuthCached?: boolean;
  }
  interface FastifyRequest {
    /** The body exactly as received, which the signature covers. */
    rawBody: Buffer | null;
    /** The authenticated shop of a screening API call. */
    shop: ShopContext | null;
  }
}

export interface ShopSignatureDeps {
  db: Kysely<Database>;
  cipher: CredentialCipher;
  now: () => Date;
}

const REFUSAL_CODE: Record<ShopAuthRefusal, ErrorCode> = {
  unknownApplication: ERROR.unknownApplication,
  invalidSignature: ERROR.invalidSignature,
  replay: ERROR.replay,
};

/** Refuses bytes that are not UTF-8; a leading byte order mark is dropped, as JSON parsers may. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? undefined : value?.trim();

export interface ShopSignature {
  /**
   * Reads the application again and repeats every check on the request (a cached pass proved stale):
   * the new shop context, or the refusal thrown as an ApiError.
   */
  reauthenticate(request: FastifyRequest): Promise<ShopContext>;
}

/**
 * Installs, in the encapsulated scope of the screening API routes only, a JSON parser that keeps the
 * raw body and a check before each handler, in order: the envelope names a company and application
 * (BadEnvelope), the application is that company's (UnknownApplication), the signature matches
 * (InvalidSignature), the timestamp is within 5 minutes (Replay), the source address is in the
 * company's API allowed-IP list (SourceIpNotAllowed), the rest of the envelope is exact. Nothing is
 * stored before all of these pass.
 */
export function installShopSignature(scope: FastifyInstance, deps: ShopSignatureDeps): ShopSignature {
  scope.decorateRequest("rawBody", null);
  scope.decorateRequest("shop", null);
  const authenticator = createShopAuthenticator(deps.db, deps.cipher);

  const parseJson = depthCheckedJsonParser(scope);
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    // JSON is UTF-8 (RFC 8259). Buffer.toString would turn any other bytes (a Shift_JIS body, say)
    // into U+FFFD silently, and the event would be stored with its text lost: refused instead.
    let text: string;
    try {
      text = UTF8.decode(raw);
    } catch {
      return done(new ApiError(ERROR.malformedJson));
    }
    parseJson(request, text, done);
  });

  const check = async (request: FastifyRequest, cached: boolean): Promise<ShopContext> => {
    const call = request.routeOptions.config.shopCall;
    const body = request.body;
    // No body at all (a POST without Content-Type and content): empty, as with application/json.
    if (!request.rawBody) throw new ApiError(ERROR.malformedJson);
    if (body === null || typeof body !== "object" || Array.isArray(body))
      throw new ApiError(ERROR.badEnvelope);
    // Trimmed once: the info here, the whole envelope below.
    const trimmed = trimStringsInPlace(body) as { info?: unknown };
    const info = shopInfoSchema.safeParse(trimmed.info);
    if (!info.success) throw new ApiError(ERROR.badEnvelope);

    const signed: SignedRequest = {
      info: info.data,
      timestamp: headerValue(request.headers[SHOP_HEADERS.timestamp]),
      signature: headerValue(request.headers[SHOP_HEADERS.signature]),
      rawBody: request.rawBody,
    };
    const now = deps.now();
    let auth: ShopAuthentication;
    let provisional = false;
    if (cached) {
      const judged = await authenticator.cached(signed, now);
      auth = judged;
      provisional = judged.fromCache;
    } else {
      auth = await authenticator.fresh(signed, now);
    }
    if (!auth.ok) {
      request.log.warn({ ...info.data, reason: auth.reason, call: call?.name }, "screening API call refused");
      throw new ApiError(REFUSAL_CODE[auth.reason]);
    }
    const { companyId } = auth.application;
    // A refusal is never judged on a cached list: the IP list may have changed since.
    if (provisional && !shopSourceAllowed(auth.application, request.ip)) return check(request, false);
    if (!shopSourceAllowed(auth.application, request.ip)) {
      request.log.warn({ companyId, sourceIp: request.ip }, "API source IP not allowed");
      throw new ApiError(ERROR.sourceIpNotAllowed);
    }

    const envelope = shopEnvelopeSchema.safeParse(trimmed);
    if (!envelope.success) {
      const unknownKeys = envelope.error.issues.every((issue) => issue.code === "unrecognized_keys");
      throw unknownKeys
        ? ApiError.fromZod(requestLang(request), envelope.error)
        : new ApiError(ERROR.badEnvelope);
    }
    return {
      companyId,
      applicationId: info.data.applicationId,
      applicationModelId: auth.application.modelId,
      telegram: envelope.data.telegram,
      provisionalFingerprint: provisional ? auth.application.fingerprint : null,
      // A pass means both headers are there: a hex signature (either case) and unix seconds.
      signedRequest: {
        signature: (signed.signature ?? "").toLowerCase(),
        validUntil: freshUntil(signed.timestamp ?? ""),
      },
    };
  };

  scope.addHook("preHandler", async (request) => {
    const config = request.routeOptions.config;
    if (!config.shopCall) return;
    request.shop = await check(request, config.shopAuthCached === true);
  });

  return {
    async reauthenticate(request) {
      request.shop = await check(request, false);
      return request.shop;
    },
  };
}
