import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Headers on every response. The CSP fits the Vite-built SPA: scripts and styles from our origin only
 * (no inline script), inline style attributes allowed for the UI library, no framing, no plugins.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function installSecurityHeaders(app: FastifyInstance, https: boolean): void {
  app.addHook("onSend", async (request, reply, payload) => {
    setSecurityHeaders(request, reply, https);
    return payload;
  });
}

/** The headers on one answer; Fastify's own refusals before routing (frameworkErrors) skip onSend. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, https: boolean): void {
  reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  reply.header("Referrer-Policy", "no-referrer");
  reply.header("X-Content-Type-Options", "nosniff");
  reply.header("X-Frame-Options", "DENY");
  reply.header("Cross-Origin-Opener-Policy", "same-origin");
  if (https) reply.header("Strict-Transport-Security", "max-age=31536000");
  // API answers carry personal data and tokens: never cache them.
  if (request.url.startsWith("/api/")) reply.header("Cache-Control", "no-store");
}
