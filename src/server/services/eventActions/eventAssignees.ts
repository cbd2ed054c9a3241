import type { Kysely, Transaction } from "kysely";
import { ERROR } from "../../../contract/errors.ts";
import type { Assignee } from "../../../contract/eventActions.ts";
import { messageText } from "../../../contract/messages.ts";
import type { Database } from "../../db/schema.ts";
import { ApiError } from "../../plugins/envelope.ts";
import type { Editor } from "./editGate.ts";

/**
 * The operators an event may be assigned to: every operator of the tenant, by name. (Operators have
 * no deleted state; a password lock-out is temporary and does not end the assignment.)
 */
export async function tenantAssignees(db: Kysely<Database>, companyId: string): Promise<Assignee[]> {
  const rows = await db
    .selectFrom("operators")
    .select(["id", "name"])
    .where("company_id", "=", companyId)
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ operatorId: row.id, operatorName: row.name }));
}

/** The tenant's operator with this ID; another tenant's (or an unknown) ID is a validation error. */
export async function assigneeOfTenant(
  trx: Transaction<Database>,
  editor: Editor,
  operatorId: number,
): Promise<Assignee> {
  const row = await trx
    .selectFrom("operators")
    .select(["id", "name"])
    .where("company_id", "=", editor.companyId)
    .where("id", "=", operatorId)
    .executeTakeFirst();
  if (!row) {
    throw new ApiError(ERROR.validation, [
      { field: "telegram.assigneeId", message: messageText(editor.lang, "validation.unknownOperator") },
    ]);
  }
  return { operatorId: row.id, operatorName: row.name };
}
