import type { Kysely } from "kysely";
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_CSV_MAX_ROWS,
  AUDIT_CSV_TEXTS,
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditCsvEncoding,
  type AuditEntry,
  type AuditLogCsvFile,
  type AuditLogOperator,
} from "../../contract/auditLog.ts";
import type { Lang } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import { JAPAN_OFFSET_MS, japanStamp } from "../../contract/japanTime.ts";
import { ApiError } from "../apiError.ts";
import type { Database } from "../db/schema.ts";
import { toCsv } from "../services/csvSafe.ts";
import { MAX_CP932_PER_UNIT, writeCp932 } from "../services/eventExport/cp932Encoder.ts";
import { operatorActor } from "./operatorActor.ts";
import { recordAudit } from "./recordAudit.ts";

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

/** The tenant's rows the filter matches, newest first (keyset on at, id after the cursor). */
function filteredRows(db: Kysely<Database>, companyId: string, filter: AuditLogFilter) {
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
  return query.orderBy("at", "desc").orderBy("id", "desc");
}

type AuditRow = {
  id: string;
  at: Date;
  operator_id: number | null;
  actor: string;
  source_ip: string;
  action: string;
  target: string;
  summary: unknown;
};

const entryOf = (row: AuditRow): AuditEntry => ({
  id: String(row.id),
  at: new Date(row.at).toISOString(),
  operatorId: row.operator_id,
  actor: row.actor,
  sourceIp: row.source_ip,
  action: row.action as AuditAction,
  target: row.target,
  summary: typeof row.summary === "string" ? JSON.parse(row.summary) : row.summary,
});

/** The audit screen's list: newest first, a page of AUDIT_PAGE_SIZE read by keyset on (at, id). */
async function listAuditLog(
  db: Kysely<Database>,
  companyId: string,
  filter: AuditLogFilter,
): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const rows = await filteredRows(db, companyId, filter)
    .limit(AUDIT_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map(entryOf),
    next: rows.length > AUDIT_PAGE_SIZE && last ? cursorOf(last) : null,
  };
}

/** yyyy/MM/dd HH:mm:ss, Japan time, as the screen shows it. */
const japanTime = (at: string): string =>
  new Date(Date.parse(at) + JAPAN_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace("T", " ")
    .replaceAll("-", "/");

/** The refusal of a filter matching more rows than one file holds, in the operator's language. */
const TOO_MANY_ROWS: Record<Lang, string> = {
  en: `More than ${AUDIT_CSV_MAX_ROWS.toLocaleString("en-US")} audit log rows match. Please narrow the date range.`,
  ja: `該当する操作ログが${AUDIT_CSV_MAX_ROWS.toLocaleString("en-US")}件を超えています。期間を絞り込んでください。`,
};

/** The file's bytes in the chosen encoding: UTF-8 text with its BOM, or CP932 in base64 (no BOM). */
function encoded(text: string, encoding: AuditCsvEncoding): string {
  if (encoding === "utf8") return text;
  const buffer = Buffer.alloc(text.length * MAX_CP932_PER_UNIT);
  const end = writeCp932(text, buffer, 0);
  return buffer.subarray(0, end).toString("base64");
}

/** The filtered rows as one CSV file (bounded by AUDIT_CSV_MAX_ROWS: more are refused, 400). */
async function auditLogCsv(
  db: Kysely<Database>,
  caller: { companyId: string; operatorId: number; sourceIp: string },
  request: { filter: Omit<AuditLogFilter, "after">; encoding: AuditCsvEncoding },
  lang: Lang,
  now: Date,
): Promise<AuditLogCsvFile> {
  // The output is an action of its own (csvOutput), recorded with the read: a refused one leaves no row.
  const rows = await db.transaction().execute(async (trx) => {
    const found = await filteredRows(trx, caller.companyId, { ...request.filter, after: null })
      .limit(AUDIT_CSV_MAX_ROWS + 1)
      .execute();
    if (found.length > AUDIT_CSV_MAX_ROWS)
      throw new ApiError(ERROR.tooManyRows, [{ message: TOO_MANY_ROWS[lang] }]);
    const actor = await operatorActor(trx, caller);
    const after = { ...request.filter, encoding: request.encoding, rows: found.length };
    await recordAudit(trx, { ...actor, at: now, action: "csvOutput", target: "auditLog", after });
    return found;
  });
  const texts = AUDIT_CSV_TEXTS[lang];
  const lines = rows
    .map(entryOf)
    .map((entry) => [
      japanTime(entry.at),
      entry.actor,
      entry.sourceIp,
      texts.actions[entry.action] ?? entry.action,
      entry.target,
      JSON.stringify(entry.summary),
    ]);
  const text = toCsv([AUDIT_CSV_COLUMNS.map((column) => texts.columns[column]), ...lines], {
    bom: request.encoding === "utf8",
  });
  return {
    fileName: `auditLog_${japanStamp(now)}.csv`,
    encoding: request.encoding,
    content: encoded(text, request.encoding),
  };
}

/** The operator filter's choices: the tenant's operators of now. */
async function auditLogOperators(db: Kysely<Database>, companyId: string): Promise<AuditLogOperator[]> {
  const rows = await db
    .selectFrom("operators")
    .select(["id", "name", "email"])
    .where("company_id", "=", companyId)
    .orderBy("email")
    .execute();
  return rows.map((row) => ({ operatorId: row.id, name: row.name, email: row.email }));
}

export function createAuditLogService(deps: { db: Kysely<Database>; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    list: (companyId: string, filter: AuditLogFilter) => listAuditLog(deps.db, companyId, filter),
    csv: (
      caller: { companyId: string; operatorId: number; sourceIp: string },
      request: { filter: Omit<AuditLogFilter, "after">; encoding: AuditCsvEncoding },
      lang: Lang,
    ) => auditLogCsv(deps.db, caller, request, lang, now()),
    operators: (companyId: string) => auditLogOperators(deps.db, companyId),
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
