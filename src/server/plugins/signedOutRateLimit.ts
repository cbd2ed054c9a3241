import type { FastifyInstance } from "fastify";
import { ERROR } from "../../contract/errors.ts";
import { ApiError } from "../apiError.ts";
import { SESSION_COOKIE } from "./sessionCookie.ts";

/** Past this many addresses in one minute, new ones share one count, so the table stays bounded. */
const MAX_TRACKED_ADDRESSES = 100_000;
const SHARED = "(many addresses)";
const WINDOW_MS = 60_000;

/**
 * Limits the console calls one source address makes without a session cookie (login, password
 * reset, calls about to be refused InvalidToken) to `perMinute` per minute: past it they answer 429
 * before their body is read. A signed-out client can then no longer keep the one event loop busy;
 * signed-in calls are not counted (their session is checked, and a logged-in operator pages fast).
 * In memory per process: several processes each allow `perMinute`, which bounds the load each takes.
 */
export function installSignedOutRateLimit(app: FastifyInstance, perMinute: number, now: () => Date): void {
  let windowStart = now().getTime();
  const counts = new Map<string, number>();

  app.addHook("onRequest", async (request) => {
    if (!request.routeOptions.config.call || request.cookies[SESSION_COOKIE]) return;
    const at = now().getTime();
    if (at - windowStart >= WINDOW_MS || at < windowStart) {
      counts.clear();
      windowStart = at;
    }
    const key = counts.has(request.ip) || counts.size < MAX_TRACKED_ADDRESSES ? request.ip : SHARED;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    if (count > perMinute) {
      request.log.warn({ ip: request.ip }, "signed-out calls over the per-minute limit");
      throw new ApiError(ERROR.tooManyRequests);
    }
  });
}
