import type { Kysely } from "kysely";
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry } from "../../contract/auditLog.ts";
import { JAPAN_OFFSET_MS } from "../../contract/japanTime.ts";
import type { Database } from "../db/schema.ts";

export interface AuditLogFilter {
  /** Japan dates, YYYY-MM-DD, both included; "" for no bound. */
  from: string;
  to: string;
  operatorId: number | null;
  action: AuditAction | null;
  /** The cursor of the previous page's last row. */
  after: string | null;
}

/** The instant a Japan date starts at. */
const japanDayStart = (date: string): Date => new Date(Date.parse(`${date}T00:00:00Z`) - JAPAN_OFFSET_MS);
const DAY_MS = 86_400_000;

const cursorOf = (row: { at: Date; id: string }) => `${new Date(row.at).toISOString()}_${row.id}`;

/** The audit screen's list: newest first, a page of AUDIT_PAGE_SIZE read by keyset on (at, id). */
async function listAuditLog(
  db: Kysely<Database>,
  companyId: string,
  filter: AuditLogFilter,
): Promise<{ entries: AuditEntry[]; next: string | null }> {
  let query = db
    .selectFrom("audit_log")
    .select(["id", "at", "operator_id", "actor", "source_ip", "action", "target", "summary"])
    .where("company_id", "=", companyId);
  if (filter.from) query = query.where("at", ">=", japanDayStart(filter.from));
  if (filter.to) query = query.where("at", "<", new Date(japanDayStart(filter.to).getTime() + DAY_MS));
  if (filter.operatorId !== null) query = query.where("operator_id", "=", filter.operatorId);
  if (filter.action !== null) query = query.where("action", "=", filter.action);
  if (filter.after) {
    const [at = "", id = "0"] = filter.after.split("_");
    query = query.where((eb) => eb(eb.refTuple("at", "id"), "<", eb.tuple(new Date(at), id)));
  }
  const rows = await query
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(AUDIT_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: String(row.id),
      at: new Date(row.at).toISOString(),
      operatorId: row.operator_id,
      actor: row.actor,
      sourceIp: row.source_ip,
      action: row.action as AuditAction,
      target: row.target,
      summary: typeof row.summary === "string" ? JSON.parse(row.summary) : row.summary,
    })),
    next: rows.length > AUDIT_PAGE_SIZE && last ? cursorOf(last) : null,
  };
}

export function createAuditLogService(deps: { db: Kysely<Database> }) {
  return { list: (companyId: string, filter: AuditLogFilter) => listAuditLog(deps.db, companyId, filter) };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
