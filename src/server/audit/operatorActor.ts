import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import type { AuditActor } from "./recordAudit.ts";

/** The signed-in operator as the audit log records them: with their e-mail address of now. */
export async function operatorActor(
  trx: Transaction<Database> | Kysely<Database>,
  who: { companyId: string; operatorId: number; sourceIp: string },
): Promise<AuditActor> {
  const operator = await trx
    .selectFrom("operators")
    .select("email")
    .where("company_id", "=", who.companyId)
    .where("id", "=", who.operatorId)
    .executeTakeFirst();
  return {
    companyId: who.companyId,
    operatorId: who.operatorId,
    actor: operator?.email ?? "",
    sourceIp: who.sourceIp,
  };
}
