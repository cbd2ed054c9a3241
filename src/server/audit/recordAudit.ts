import type { Kysely, Transaction } from "kysely";
import type { AuditAction } from "../../contract/auditLog.ts";
import type { Database } from "../db/schema.ts";

/** Who acted, from where: the signed-in operator of a call, or the typed e-mail of a failed sign-in. */
export interface AuditActor {
  companyId: string;
  operatorId: number | null;
  /** The operator's e-mail address at the time. */
  actor: string;
  sourceIp: string;
}

export interface AuditRecord extends AuditActor {
  at: Date;
  action: AuditAction;
  /** What was acted on, e.g. "operator:12", "role:custom_ab12", "allowedIp:console". */
  target: string;
  before?: unknown;
  after?: unknown;
}

/** Keys whose value never enters the log, at any depth: passwords, tokens, secrets and keys. */
const SECRET_KEY = /password|token|secret|hash|cipher|key$/i;

/** The value with every secret-looking key's value replaced, so a summary cannot carry one. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) ? "[redacted]" : withoutSecrets(item),
    ]),
  );
}

/**
 * Appends one audit row. Called with the transaction of the change itself, so the row is written
 * exactly when the change commits and never for a refused or rolled-back action.
 */
export async function recordAudit(trx: Transaction<Database> | Kysely<Database>, record: AuditRecord) {
  await trx
    .insertInto("audit_log")
    .values({
      company_id: record.companyId,
      at: record.at,
      operator_id: record.operatorId,
      actor: record.actor,
      source_ip: record.sourceIp,
      action: record.action,
      target: record.target,
      summary: JSON.stringify(withoutSecrets({ before: record.before ?? null, after: record.after ?? null })),
    })
    .execute();
}
