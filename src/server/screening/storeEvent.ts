import { type Kysely, sql } from "kysely";
import { PREPARED } from "../db/preparedStatements.ts";
import type { Database } from "../db/schema.ts";
import { eventPartRows, type ScreenedEventParts } from "./eventPartRows.ts";

export interface EventToStore extends ScreenedEventParts {
  modelId: string;
  applicationId: string | null;
  packageId: string | null;
}

const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::jsonb`;

/** Inserts the rows of each part from a JSON array, only when the event row was inserted. */
const partInsert = (table: string, rows: unknown[]) =>
  sql`insert into ${sql.table(table)} select r.* from e, jsonb_populate_recordset(null::${sql.table(table)}, ${json(rows)}) r`;

/**
 * Stores the event and all its parts in one statement (so one transaction and one round trip). The
 * event row is inserted unless the tenant already has the shop event ID; then nothing is stored and
 * false is answered. An event ID collision raises the unique violation of events_pkey.
 */
export async function storeEvent(db: Kysely<Database>, event: EventToStore): Promise<boolean> {
  const { companyId, eventId, tx, decision, now } = event;
  const parts = eventPartRows(event);
  const requestedAt = tx.requestedAt ? new Date(tx.requestedAt) : now;
  const { rows } = await sql<{ event_id: string }>`${sql.raw(PREPARED)}
    with e as (
      insert into events (company_id, event_id, shop_event_id, model_id, rule_package_id, release_id,
        simulation_release_id, application_id, auth_status, aaresult, created_at, requested_at, amount,
        total_amount, rule_group_name, method, days_to_payment, tenant_name, forced_ng, memo, simulation_result)
      values (${companyId}, ${eventId}, ${tx.shopEventId}, ${event.modelId}, ${event.packageId},
        ${decision.releaseId}, ${event.simulation?.releaseId ?? null}, ${event.applicationId},
        ${decision.authStatus}, ${decision.aaresult}, ${now}, ${requestedAt}, ${tx.amount},
        ${tx.totalAmount ?? null}, ${decision.ruleGroupName}, ${tx.method ?? null},
        ${tx.daysToPayment ?? null}, ${tx.tenantName ?? null}, ${tx.forcedNg === true}, ${tx.memo ?? null},
        ${event.simulation ? JSON.stringify(event.simulation) : null}::jsonb)
      on conflict (company_id, shop_event_id) do nothing
      returning company_id, event_id
    ),
    p as (${partInsert("event_parties", parts.event_parties)}),
    i as (${partInsert("event_items", parts.event_items)}),
    d as (${partInsert("event_devices", parts.event_devices)}),
    c as (${partInsert("event_cards", parts.event_cards)}),
    f as (${partInsert("event_fired_rules", parts.event_fired_rules)}),
    k as (${partInsert("event_link_keys", parts.event_link_keys)})
    select event_id from e`.execute(db);
  return rows.length > 0;
}
