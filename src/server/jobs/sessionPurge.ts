import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import type { Database } from "../db/schema.ts";

/** Days an ended session (signed out, revoked or timed out) is kept: who was signed in when. */
export const SESSION_RETENTION_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the sessions that ended more than SESSION_RETENTION_DAYS ago: revoked (sign-out, a new
 * sign-in, a password change, a detected timeout) or past the idle or absolute timeout without being
 * looked at again. A live session is never touched. Answers how many went.
 */
export async function purgeEndedSessions(
  db: Kysely<Database>,
  config: Pick<Config, "sessionIdleMinutes" | "sessionAbsoluteHours">,
  now: Date,
): Promise<number> {
  const keptSince = now.getTime() - SESSION_RETENTION_DAYS * DAY_MS;
  const result = await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("revoked_at", "<", new Date(keptSince)),
        eb("last_seen_at", "<", new Date(keptSince - config.sessionIdleMinutes * 60_000)),
        eb("created_at", "<", new Date(keptSince - config.sessionAbsoluteHours * 3_600_000)),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
