import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.ts";

/**
 * Secrets never reach the log: pino censors these paths wherever a log call or serializer puts them,
 * and request URLs lose query tokens (the password-change link carries one) and download tokens.
 */
const SECRET_KEYS = [
  "password",
  "passwordConfirmation",
  "currentPassword",
  "newPassword",
  "token",
  "loginToken",
  "secret",
  "secretKey",
  "sid",
  "cookie",
  "authorization",
];

export const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

export const redactUrl = (url: string): string =>
  url
    .replace(/([?&](?:token|sid|secret|password)=)[^&#]*/gi, "$1[Redacted]")
    // A download link's token is its last path segment (DOWNLOAD_PATH_PREFIX).
    .replace(/(\/api\/v3\/download\/)[^?#]*/g, "$1[Redacted]");

export function loggerOptions(
  config: Pick<Config, "logLevel">,
  stream?: NodeJS.WritableStream,
): NonNullable<Exclude<FastifyServerOptions["logger"], boolean>> {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: "[Redacted]" },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
