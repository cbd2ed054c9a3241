import { type Kysely, sql, type Transaction } from "kysely";
import { PERMISSION } from "../../../contract/codes.ts";
import { ERROR } from "../../../contract/errors.ts";
import {
  type Assignee,
  type AssigneeChoice,
  MANUAL_SCREENING_SCREENS,
} from "../../../contract/eventActions.ts";
import { messageText } from "../../../contract/messages.ts";
import { ApiError } from "../../apiError.ts";
import type { Database } from "../../db/schema.ts";
import type { Editor } from "./editGate.ts";

/** Whether the operator `o`'s role may write a manual result (OK, NG or HOLD). */
const canScreen = sql<boolean>`exists (select 1 from role_permissions rp
  where rp.company_id = o.company_id and rp.role_id = o.role_id
    and rp.screen_id in (${sql.join(MANUAL_SCREENING_SCREENS)}) and rp.permission = ${PERMISSION.writable})`;

/**
 * Every operator of the tenant by name, each with whether it may be assigned an event: only an
 * operator who may screen it. (Operators have no deleted state; a password lock-out is temporary and
 * does not end the assignment.)
 */
export async function tenantAssignees(db: Kysely<Database>, companyId: string): Promise<AssigneeChoice[]> {
  const rows = await db
    .selectFrom("operators as o")
    .select(["o.id", "o.name", canScreen.as("can_screen")])
    .where("o.company_id", "=", companyId)
    .orderBy("o.name")
    .orderBy("o.id")
    .execute();
  return rows.map((row) => ({ operatorId: row.id, operatorName: row.name, canScreen: row.can_screen }));
}

/**
 * The tenant's operator with this ID who may screen the event; another tenant's (or an unknown) ID,
 * or an operator whose role cannot write a manual result, is a validation error.
 */
export async function assigneeOfTenant(
  trx: Transaction<Database>,
  editor: Editor,
  operatorId: number,
): Promise<Assignee> {
  const row = await trx
    .selectFrom("operators as o")
    .select(["o.id", "o.name", canScreen.as("can_screen")])
    .where("o.company_id", "=", editor.companyId)
    .where("o.id", "=", operatorId)
    .executeTakeFirst();
  if (!row?.can_screen) {
    const reason = row ? "validation.cannotScreen" : "validation.unknownOperator";
    throw new ApiError(ERROR.validation, [
      { field: "telegram.assigneeId", message: messageText(editor.lang, reason) },
    ]);
  }
  return { operatorId: row.id, operatorName: row.name };
}
