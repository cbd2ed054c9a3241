import { sql, type Transaction } from "kysely";
import type { Lang } from "../../../contract/envelope.ts";
import { ERROR } from "../../../contract/errors.ts";
import { OPERATOR_ADMIN_SCREENS } from "../../../contract/roles.ts";
import { ApiError } from "../../apiError.ts";
import { operatorActor } from "../../audit/operatorActor.ts";
import type { AuditActor } from "../../audit/recordAudit.ts";
import type { Database } from "../../db/schema.ts";

/** The signed-in administrator behind an administration call, and the address the call came from. */
export interface AdminCaller {
  /** The language of the call, for refusals that name a field. */
  lang: Lang;
  companyId: string;
  operatorId: number;
  sourceIp: string;
}

/**
 * Starts an administration change: the tenant's company row is locked, so two administrators'
 * changes of operators, roles or allowed IPs run one after the other and the last-administrator
 * check below sees the other's committed result. Answers the caller as the audit log records them.
 */
export async function beginAdminChange(trx: Transaction<Database>, caller: AdminCaller): Promise<AuditActor> {
  await trx
    .selectFrom("companies")
    .select("company_id")
    .where("company_id", "=", caller.companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return operatorActor(trx, caller);
}

/**
 * Refuses (and so rolls back) a change that left the tenant without an operator whose role writes
 * every operator administration screen: nobody could add an operator or give one a role again.
 */
export async function assertOperatorAdministratorRemains(
  trx: Transaction<Database>,
  companyId: string,
): Promise<void> {
  const { rows } = await sql<{ found: boolean }>`select exists (
      select from operators o where o.company_id = ${companyId} and (
        select count(*) from role_permissions rp
        where rp.company_id = o.company_id and rp.role_id = o.role_id and rp.permission = '00'
          and rp.screen_id in (${sql.join([...OPERATOR_ADMIN_SCREENS])})) = ${OPERATOR_ADMIN_SCREENS.length}
    ) as found`.execute(trx);
  if (!rows[0]?.found) throw new ApiError(ERROR.lastAdministrator);
}

/** Ends every live session of the operator: their next call answers InvalidToken. */
export async function endSessionsOf(
  trx: Transaction<Database>,
  companyId: string,
  operatorId: number,
  at: Date,
): Promise<void> {
  await trx
    .updateTable("sessions")
    .set({ revoked_at: at })
    .where("company_id", "=", companyId)
    .where("operator_id", "=", operatorId)
    .where("revoked_at", "is", null)
    .execute();
}
