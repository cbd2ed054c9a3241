import type { Kysely, Transaction } from "kysely";
import { ERROR } from "../../../contract/errors.ts";
import type { Label } from "../../../contract/eventActions.ts";
import { messageText } from "../../../contract/messages.ts";
import { ApiError } from "../../apiError.ts";
import type { Database } from "../../db/schema.ts";
import type { Editor } from "./editGate.ts";

/** The tenant's labels in display order. */
export async function tenantLabels(db: Kysely<Database>, companyId: string): Promise<Label[]> {
  const rows = await db
    .selectFrom("labels")
    .select(["label_id", "name"])
    .where("company_id", "=", companyId)
    .orderBy("display_order")
    .orderBy("label_id")
    .execute();
  return rows.map((row) => ({ labelId: row.label_id, name: row.name }));
}

/**
 * The tenant's labels with the given IDs, in display order; an ID the tenant does not have is a
 * validation error on `field` (never another tenant's label).
 */
export async function labelsOfTenant(
  trx: Transaction<Database>,
  editor: Editor,
  labelIds: readonly string[],
  field: string,
): Promise<Label[]> {
  const wanted = [...new Set(labelIds)];
  if (wanted.length === 0) return [];
  const found = (await tenantLabels(trx, editor.companyId)).filter((label) => wanted.includes(label.labelId));
  if (found.length !== wanted.length) {
    throw new ApiError(ERROR.validation, [
      { field, message: messageText(editor.lang, "validation.unknownLabel") },
    ]);
  }
  return found;
}

/** 914 when the tenant has no labels at all (nothing to choose from). */
export async function requireTenantLabels(trx: Transaction<Database>, companyId: string): Promise<void> {
  const any = await trx
    .selectFrom("labels")
    .select("label_id")
    .where("company_id", "=", companyId)
    .limit(1)
    .executeTakeFirst();
  if (!any) throw new ApiError(ERROR.noLabels);
}

/**
 * Replaces the event's labels: the event_labels rows the event list searches by and the names in
 * events.label_names that lists and CSV files show, in the same transaction.
 */
export async function setEventLabels(
  trx: Transaction<Database>,
  companyId: string,
  eventId: string,
  labels: readonly Label[],
): Promise<void> {
  await trx
    .deleteFrom("event_labels")
    .where("company_id", "=", companyId)
    .where("event_id", "=", eventId)
    .execute();
  if (labels.length > 0) {
    await trx
      .insertInto("event_labels")
      .values(labels.map((label) => ({ company_id: companyId, event_id: eventId, label_id: label.labelId })))
      .execute();
  }
  await trx
    .updateTable("events")
    .set({ label_names: labels.map((label) => label.name) })
    .where("company_id", "=", companyId)
    .where("event_id", "=", eventId)
    .execute();
}
