import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ERROR } from "../../contract/errors.ts";
import { ApiError } from "../apiError.ts";
import { requestLang, sendError } from "./envelope.ts";
import { setSecurityHeaders } from "./securityHeaders.ts";

/** Fastify's own request errors, each mapped to the envelope code that tells the caller what to fix. */
function toApiError(error: FastifyError): ApiError | null {
  if (error instanceof ApiError) return error;
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError(ERROR.unsupportedMediaType);
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError(ERROR.payloadTooLarge);
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new ApiError(ERROR.malformedJson);
  }
  // The JSON parser's SyntaxError (including prototype-poisoning refusals) carries status 400.
  if (error instanceof SyntaxError || error.code === "FST_ERR_CTP_INVALID_CONTENT_LENGTH") {
    return new ApiError(error instanceof SyntaxError ? ERROR.malformedJson : ERROR.badEnvelope);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return new ApiError(ERROR.badEnvelope);
  return null;
}

/** Every /api answer is an envelope, whatever went wrong; nothing else about the failure leaves the server. */
export function installApiErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toApiError(error);
    if (!request.url.startsWith("/api/")) {
      const status = known ? (error.statusCode ?? 400) : 500;
      if (!known) request.log.error({ err: error }, "request failed");
      return reply
        .code(status)
        .type("text/plain; charset=utf-8")
        .send(status === 500 ? "Internal Server Error" : error.message);
    }
    if (known) return sendError(reply, requestLang(request), known);
    request.log.error({ err: error }, "request failed");
    return sendError(reply, requestLang(request), new ApiError(ERROR.internalFailure));
  });
}

/** Unknown /api path: 963; a known path with another method: 405. Other paths are left to the caller. */
export function apiNotFound(app: FastifyInstance, path: string): ApiError {
  return app.apiPaths.has(path) ? new ApiError(ERROR.methodNotAllowed) : new ApiError(ERROR.notFound);
}

/**
 * Fastify's frameworkErrors: a request it refuses before routing (a path that is not valid
 * percent-encoding, FST_ERR_BAD_URL) is answered as the error handler answers any other, so an /api
 * path gets an envelope, and every answer the security headers (onSend hooks do not run here).
 */
export const apiFrameworkErrors =
  (https: boolean) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    setSecurityHeaders(request, reply, https);
    if (!request.url.startsWith("/api/")) {
      return reply.code(400).type("text/plain; charset=utf-8").send("Bad Request");
    }
    return sendError(reply, requestLang(request), toApiError(error) ?? new ApiError(ERROR.badEnvelope));
  };
