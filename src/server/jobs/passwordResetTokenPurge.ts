import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Days a used or expired password reset token is kept: until then a late click on an expired link
 * is told it expired (919) rather than that it is invalid (910); after that the hash has no use.
 */
export const RESET_TOKEN_RETENTION_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the password reset tokens used (or replaced by a newer link) or expired more than
 * RESET_TOKEN_RETENTION_DAYS ago; an unused, unexpired token is never touched. Answers how many went.
 */
export async function purgeSpentResetTokens(db: Kysely<Database>, now: Date): Promise<number> {
  const keptSince = new Date(now.getTime() - RESET_TOKEN_RETENTION_DAYS * DAY_MS);
  const result = await db
    .deleteFrom("password_reset_tokens")
    .where((eb) => eb.or([eb("used_at", "<", keptSince), eb("expires_at", "<", keptSince)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
