import { Transform } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CallAccess, CallSpec } from "../../contract/call.ts";
import { type RequestEnvelope, requestEnvelopeSchema } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import { type ScreenId, screenWithin } from "../../contract/screens.ts";
import { ApiError } from "../apiError.ts";
import { ipListAllows } from "../services/allowedIpService.ts";
import { permits } from "../services/permissionService.ts";
import type { AuthContext, SessionCheck, SessionService } from "../services/sessionService.ts";
import { requestLang } from "./envelope.ts";
import { trimStringsInPlace } from "./jsonBody.ts";
import { SESSION_COOKIE } from "./sessionCookie.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on every console call route: what the guard checks and how the telegram is validated. */
    call?: CallSpec;
  }
  interface FastifyRequest {
    /** The parsed, trimmed request envelope of a console call. */
    envelope: RequestEnvelope | null;
    /** The signed-in operator; null on public calls. */
    auth: AuthContext | null;
  }
}

/**
 * Largest body of a console call sent without a session cookie (login, password reset, or a caller
 * about to be refused InvalidToken): its few fields fit many times over; the 1 MB limit is for the
 * signed-in calls that carry selections, and a signed-out client must not make the server parse it.
 */
export const SIGNED_OUT_BODY_BYTES = 16 * 1024;

/** The request's body stream, failing with PayloadTooLarge past `limit` bytes (a chunked body). */
function capped(payload: NodeJS.ReadableStream, limit: number): Transform {
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > limit ? new ApiError(ERROR.payloadTooLarge) : null, chunk);
    },
  });
  return payload.pipe(counter);
}

export interface GuardDeps {
  sessions: SessionService;
}

/**
 * Runs before every console call's handler: parses the envelope strictly (text trimmed), then, unless
 * the call is public, checks in order the session and its anti-forgery token, the company's allowed
 * source IPs, the tenant named in info.shopId and the role's permission for the call's screen (and
 * read permission on the screen it also reads, e.g. the one a dialog opens from).
 */
export function installRequestGuard(app: FastifyInstance, deps: GuardDeps): void {
  app.decorateRequest("envelope", null);
  app.decorateRequest("auth", null);

  app.addHook("preParsing", async (request, _reply, payload) => {
    if (!request.routeOptions.config.call || request.cookies[SESSION_COOKIE]) return payload;
    if (Number(request.headers["content-length"]) > SIGNED_OUT_BODY_BYTES) {
      throw new ApiError(ERROR.payloadTooLarge);
    }
    return capped(payload, SIGNED_OUT_BODY_BYTES);
  });

  app.addHook("preHandler", async (request) => {
    const call = request.routeOptions.config.call;
    if (!call) return;
    const lang = requestLang(request);
    if (request.body === undefined || request.body === null || typeof request.body !== "object") {
      throw new ApiError(ERROR.badEnvelope);
    }
    // The body is this request's own, freshly parsed: trimmed in place, not copied (spec section 5).
    const parsed = requestEnvelopeSchema.safeParse(trimStringsInPlace(request.body));
    if (!parsed.success) {
      // No usable info.token is a missing sign-in (spec section 8: InvalidToken goes to login).
      const tokenOnly = parsed.error.issues.every(
        (issue) => issue.path[0] === "info" && issue.path[1] === "token",
      );
      if (tokenOnly && call.access.kind !== "public") throw new ApiError(ERROR.invalidToken);
      const unknownKeys = parsed.error.issues.every((issue) => issue.code === "unrecognized_keys");
      throw unknownKeys ? ApiError.fromZod(lang, parsed.error) : new ApiError(ERROR.badEnvelope);
    }
    request.envelope = { ...parsed.data, telegram: parsed.data.telegram };
    if (call.access.kind === "public") return;
    request.auth = await authorizeCall(request, call.access, request.envelope.info, deps.sessions);
  });
}

/** The screen a call needs read permission on besides its own: its own choice, else a dialog's screen. */
const alsoReadsOf = (access: { screenId: ScreenId; alsoReads?: ScreenId }): ScreenId | undefined =>
  access.alsoReads ?? screenWithin(access.screenId);

/**
 * The request's session, checked with its anti-forgery token, from one of the company's allowed
 * source IPs, else InvalidToken or SourceIpNotAllowed. The screens' permissions come in the same read.
 * A navigation (a download link) passes a null token: its SameSite=Strict cookie is the proof.
 */
export async function signedInSession(
  request: FastifyRequest,
  sessions: SessionService,
  token: string | null | undefined,
  screenId?: ScreenId,
  alsoReads?: ScreenId,
): Promise<Extract<SessionCheck, { ok: true }>> {
  const session = await sessions.check(request.cookies[SESSION_COOKIE], token, screenId, alsoReads);
  if (!session.ok) {
    request.log.info({ reason: session.reason }, "session refused");
    throw new ApiError(ERROR.invalidToken);
  }
  if (!ipListAllows(session.consoleIps, request.ip)) {
    request.log.warn({ companyId: session.auth.companyId, sourceIp: request.ip }, "source IP not allowed");
    throw new ApiError(ERROR.sourceIpNotAllowed);
  }
  return session;
}

/**
 * A signed-in call's checks, in order: session and anti-forgery token, allowed source IP, the tenant
 * named in info.shopId, then the permission `access` asks for. Also used by the multipart upload,
 * whose envelope is a form field rather than the body.
 */
export async function authorizeCall(
  request: FastifyRequest,
  access: CallAccess,
  info: { token?: string | undefined; shopId?: string | undefined } | undefined,
  sessions: SessionService,
): Promise<AuthContext> {
  const screenId = access.kind === "read" || access.kind === "write" ? access.screenId : undefined;
  // One round trip: the session, the company's allowed IPs and the screen's permission are read
  // together; they are still judged in this order, each refusal as before.
  const alsoReads = access.kind === "read" || access.kind === "write" ? alsoReadsOf(access) : undefined;
  const session = await signedInSession(request, sessions, info?.token, screenId, alsoReads);
  const { auth } = session;
  // The tenant is the session's; a body naming another company is refused, never followed.
  if (info?.shopId !== auth.companyId) {
    request.log.warn({ companyId: auth.companyId, shopId: info?.shopId }, "shopId of another tenant");
    throw new ApiError(ERROR.forbidden);
  }
  if (access.kind === "read" || access.kind === "write") {
    const permission = session.permission;
    if (!permits(permission, access.kind)) {
      request.log.info({ screenId: access.screenId, level: access.kind, permission }, "permission refused");
      throw new ApiError(ERROR.forbidden);
    }
    // And read on the screen the call also reads (a dialog's: the screen it opens from).
    const also = session.alsoPermission;
    if (also !== null && !permits(also, "read")) {
      request.log.info({ screenId: alsoReads, level: "read", permission: also }, "permission refused");
      throw new ApiError(ERROR.forbidden);
    }
  }
  return auth;
}
