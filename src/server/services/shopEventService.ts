import type { Kysely } from "kysely";
import { ERROR } from "../../contract/errors.ts";
import type { EventRef, EventResultTelegram, SettleStatus } from "../../contract/screeningApi.ts";
import { ApiError } from "../apiError.ts";
import type { Database } from "../db/schema.ts";
import type { SignedRequestOnce } from "./shopAuthService.ts";

/**
 * The screening API's reads and writes of a shop's events. The company is always the authenticated
 * application's; an event of another tenant, or logically deleted, is not found.
 */

/**
 * The model to screen with: the one the transaction names if the tenant has it (null when it does
 * not), else the application's.
 */
export async function resolveModelId(
  db: Kysely<Database>,
  companyId: string,
  applicationId: string,
  requested: string | undefined,
): Promise<string | null> {
  if (requested) {
    const model = await db
      .selectFrom("detection_models")
      .select("model_id")
      .where("company_id", "=", companyId)
      .where("model_id", "=", requested)
      .executeTakeFirst();
    return model?.model_id ?? null;
  }
  const application = await db
    .selectFrom("api_applications")
    .select("model_id")
    .where("company_id", "=", companyId)
    .where("application_id", "=", applicationId)
    .executeTakeFirstOrThrow();
  return application.model_id;
}

const findEvent = (db: Kysely<Database>, companyId: string, ref: EventRef) => {
  let query = db
    .selectFrom("events")
    .where("company_id", "=", companyId)
    .where("logically_deleted", "=", false);
  if (ref.eventId) query = query.where("event_id", "=", ref.eventId);
  if (ref.shopEventId) query = query.where("shop_event_id", "=", ref.shopEventId);
  return query;
};

export interface SettleStatusAnswer {
  eventId: string;
  shopEventId: string;
  settleStatus: SettleStatus;
  previousSettleStatus: SettleStatus | null;
}

/**
 * Sets an event's settle status, once per signed request: a byte-identical repeat within the replay
 * window (a retry, or a captured request sent again after a later status) gets the first answer and
 * changes nothing (migration 018).
 */
export async function updateSettleStatus(
  db: Kysely<Database>,
  companyId: string,
  ref: EventRef,
  settleStatus: SettleStatus,
  now: Date,
  request: SignedRequestOnce,
): Promise<SettleStatusAnswer> {
  return db.transaction().execute(async (trx) => {
    // Locked, so two concurrent reports each see the status the other left, and a repeat waits for
    // its first to commit and then finds it below.
    const event = await findEvent(trx, companyId, ref)
      .select(["event_id", "shop_event_id", "settle_status"])
      .forUpdate()
      .executeTakeFirst();
    if (!event) throw new ApiError(ERROR.eventNotFound);
    const applied = await trx
      .selectFrom("settle_status_requests")
      .select("answer")
      .where("company_id", "=", companyId)
      .where("signature", "=", request.signature)
      .executeTakeFirst();
    if (applied) return applied.answer as SettleStatusAnswer;

    await trx
      .updateTable("events")
      .set((eb) => ({ settle_status: settleStatus, updated_at: now, version: eb("version", "+", 1) }))
      .where("company_id", "=", companyId)
      .where("event_id", "=", event.event_id)
      .execute();
    const answer: SettleStatusAnswer = {
      eventId: event.event_id,
      shopEventId: event.shop_event_id,
      settleStatus,
      // Only this API writes the column, with codes of SETTLE_STATUSES.
      previousSettleStatus: event.settle_status as SettleStatus | null,
    };
    await trx
      .deleteFrom("settle_status_requests")
      .where("company_id", "=", companyId)
      .where("valid_until", "<", now)
      .execute();
    await trx
      .insertInto("settle_status_requests")
      .values({
        company_id: companyId,
        signature: request.signature,
        valid_until: request.validUntil,
        answer: JSON.stringify(answer),
      })
      .execute();
    return answer;
  });
}

export async function eventResult(
  db: Kysely<Database>,
  companyId: string,
  ref: EventRef,
): Promise<EventResultTelegram> {
  const event = await findEvent(db, companyId, ref)
    .select([
      "event_id",
      "shop_event_id",
      "model_id",
      "created_at",
      "aaresult",
      "maresult",
      "auth_status",
      "settle_status",
    ])
    .executeTakeFirst();
  if (!event) throw new ApiError(ERROR.eventNotFound);
  const firedRules = await db
    .selectFrom("event_fired_rules")
    .select(["rule_code", "rule_description", "rule_group_name", "is_reason_rule"])
    .where("company_id", "=", companyId)
    .where("event_id", "=", event.event_id)
    .where("release_kind", "=", "normal")
    .orderBy("seq")
    .execute();
  return {
    eventId: event.event_id,
    shopEventId: event.shop_event_id,
    modelId: event.model_id,
    createdAt: event.created_at.toISOString(),
    aaresult: event.aaresult,
    maresult: event.maresult,
    authStatus: event.auth_status,
    settleStatus: event.settle_status as EventResultTelegram["settleStatus"],
    firedRules: firedRules.map((rule) => ({
      ruleCode: rule.rule_code,
      ruleDescription: rule.rule_description,
      ruleGroupName: rule.rule_group_name,
      isReasonRule: rule.is_reason_rule,
    })),
  };
}
