import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { ScreeningOutcome } from "./types.ts";

/**
 * The stored automatic outcome of the tenant's event, found by the shop's event ID or our event ID;
 * undefined when there is none. duplicate is true: this is what a retry is answered.
 */
export async function readStoredOutcome(
  db: Kysely<Database>,
  companyId: string,
  by: { shopEventId: string } | { eventId: string },
): Promise<ScreeningOutcome | undefined> {
  let query = db
    .selectFrom("events")
    .select(["event_id", "aaresult", "auth_status"])
    .where("company_id", "=", companyId);
  query =
    "shopEventId" in by
      ? query.where("shop_event_id", "=", by.shopEventId)
      : query.where("event_id", "=", by.eventId);
  const event = await query.executeTakeFirst();
  if (!event) return undefined;
  const fired = await db
    .selectFrom("event_fired_rules")
    .select(["rule_code", "rule_description", "rule_group_name", "is_reason_rule"])
    .where("company_id", "=", companyId)
    .where("event_id", "=", event.event_id)
    .where("release_kind", "=", "normal")
    .orderBy("seq")
    .execute();
  return {
    eventId: event.event_id,
    aaresult: event.aaresult,
    authStatus: event.auth_status,
    firedRules: fired.map((rule) => ({
      ruleCode: rule.rule_code,
      ruleDescription: rule.rule_description,
      ruleGroupName: rule.rule_group_name,
      isReasonRule: rule.is_reason_rule,
    })),
    duplicate: true,
  };
}
