import { type Kysely, sql } from "kysely";
import type { Database, LoginOutcome } from "../db/schema.ts";

/**
 * Password spraying and credential stuffing from one address: beyond the lockout of each operator
 * (LOCKOUT), a source IP from which logins failed for `accounts` different accounts (company ID and
 * e-mail) within `minutes` is refused until the window moves past them: at most `accounts` accounts
 * tried per `minutes`. Different accounts, not failures: an operator mistyping their own password is
 * the lockout's business, so an office behind one address is not shut out by one person's typing.
 * Refused attempts are not stored (only logged), so a flood of them neither grows login_attempts nor
 * the count each of them reads (docs/architecture.md).
 */
export const LOGIN_IP_THROTTLE = { accounts: 20, minutes: 15 } as const;

/** Outcomes that count against the source IP (a refused source IP had valid credentials). */
const FAILED: readonly LoginOutcome[] = ["unknownCompany", "unknownOperator", "wrongPassword", "locked"];

/** Whether logins from this address are refused now (login_attempts_source_ip serves the count). */
export async function sourceIpThrottled(db: Kysely<Database>, sourceIp: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - LOGIN_IP_THROTTLE.minutes * 60_000);
  const { accounts } = await db
    .selectFrom("login_attempts")
    .select(sql<number>`count(distinct (company_id, lower(email)))::int`.as("accounts"))
    .where("source_ip", "=", sourceIp)
    .where("attempted_at", ">", since)
    .where("outcome", "in", FAILED)
    .executeTakeFirstOrThrow();
  return accounts >= LOGIN_IP_THROTTLE.accounts;
}
