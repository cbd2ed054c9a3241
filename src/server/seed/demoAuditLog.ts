import type { Kysely } from "kysely";
import type { AuditAction } from "../../contract/auditLog.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import type { Database } from "../db/schema.ts";

const HOUR_MS = 3_600_000;

/** One demo row: hours before the seed's time, by whom, from where, what, on what. */
interface DemoAuditRow {
  hoursAgo: number;
  email: string;
  sourceIp: string;
  action: AuditAction;
  target: string | ((eventId: string) => string);
  before?: unknown;
  after?: unknown;
}

const OFFICE = "198.18.10.10";
const HOME = "198.18.20.24";

/** A week of DEMO's team at work, oldest first: what the audit log screen shows on `npm start`. */
const ROWS: readonly DemoAuditRow[] = [
  {
    hoursAgo: 160,
    email: "admin@demo.example",
    sourceIp: OFFICE,
    action: "login",
    target: "login",
    after: { outcome: "success" },
  },
  {
    hoursAgo: 159.5,
    email: "admin@demo.example",
    sourceIp: OFFICE,
    action: "roleEdit",
    target: "role:reviewer",
    before: { name: "Reviewer" },
    after: { name: "Reviewer" },
  },
  {
    hoursAgo: 159,
    email: "admin@demo.example",
    sourceIp: OFFICE,
    action: "allowedIpUpdate",
    target: "allowedIp:console",
    before: [],
    after: [{ address: "203.0.113.0", subnet: 24 }],
  },
  { hoursAgo: 158, email: "admin@demo.example", sourceIp: OFFICE, action: "logout", target: "login" },
  {
    hoursAgo: 136,
    email: "reviewer@demo.example",
    sourceIp: OFFICE,
    action: "loginFailed",
    target: "login",
    after: { outcome: "wrongPassword" },
  },
  {
    hoursAgo: 135.9,
    email: "reviewer@demo.example",
    sourceIp: OFFICE,
    action: "login",
    target: "login",
    after: { outcome: "success" },
  },
  {
    hoursAgo: 135.5,
    email: "reviewer@demo.example",
    sourceIp: OFFICE,
    action: "manualResult",
    target: (id) => `event:${id}`,
    before: { maresult: null },
    after: { maresult: "20", reason: "なりすまし" },
  },
  {
    hoursAgo: 135.4,
    email: "reviewer@demo.example",
    sourceIp: OFFICE,
    action: "memo",
    target: (id) => `event:${id}`,
    after: { length: 18 },
  },
  {
    hoursAgo: 135,
    email: "reviewer@demo.example",
    sourceIp: OFFICE,
    action: "white",
    target: "white:ip",
    after: { count: 1, entries: [{ type: "ip", value: "192.0.2.50" }] },
  },
  {
    hoursAgo: 112,
    email: "viewer@demo.example",
    sourceIp: HOME,
    action: "login",
    target: "login",
    after: { outcome: "success" },
  },
  {
    hoursAgo: 111.5,
    email: "viewer@demo.example",
    sourceIp: HOME,
    action: "displayFormat",
    target: "displayFormat:operator",
    after: { mode: "0" },
  },
  { hoursAgo: 111, email: "viewer@demo.example", sourceIp: HOME, action: "logout", target: "login" },
  {
    hoursAgo: 88,
    email: "admin@demo.example",
    sourceIp: OFFICE,
    action: "login",
    target: "login",
    after: { outcome: "success" },
  },
  {
    hoursAgo: 87.8,
    email: "admin@demo.example",
    sourceIp: OFFICE,
    action: "keyword",
    target: "keyword:itemName",
    after: { count: 2, keywords: ["換金", "ギフト券"] },
  },
  {
    hoursAgo: 87.5,
    email: "admin@demo.example",
    sourceIp: OFFICE,
    action: "csvUpload",
    target: "job:demo-upload",
    after: { fileType: "CsvKeyword", fileName: "keywords.csv", encoding: "utf8bom" },
  },
  {
    hoursAgo: 87,
    email: "admin@demo.example",
    sourceIp: OFFICE,
    action: "apiSecretReveal",
    target: "apiConnection:DEMO",
  },
  {
    hoursAgo: 64,
    email: "reviewer@demo.example",
    sourceIp: OFFICE,
    action: "login",
    target: "login",
    after: { outcome: "success" },
  },
  {
    hoursAgo: 63.7,
    email: "reviewer@demo.example",
    sourceIp: OFFICE,
    action: "assignee",
    target: (id) => `event:${id}`,
    before: { assigneeId: null },
    after: { assigneeId: "reviewer" },
  },
  {
    hoursAgo: 63.5,
    email: "reviewer@demo.example",
    sourceIp: OFFICE,
    action: "label",
    target: (id) => `event:${id}`,
    after: { labels: 1 },
  },
  {
    hoursAgo: 63,
    email: "reviewer@demo.example",
    sourceIp: OFFICE,
    action: "csvOutput",
    target: "job:demo-export",
    after: { events: 120, encoding: "utf8" },
  },
  {
    hoursAgo: 62.9,
    email: "reviewer@demo.example",
    sourceIp: OFFICE,
    action: "download",
    target: "job:demo-export",
  },
  {
    hoursAgo: 40,
    email: "admin@demo.example",
    sourceIp: HOME,
    action: "login",
    target: "login",
    after: { outcome: "success" },
  },
  {
    hoursAgo: 39.5,
    email: "admin@demo.example",
    sourceIp: HOME,
    action: "operatorEdit",
    target: "operator:viewer",
    before: { notifyRule: false },
    after: { notifyRule: true },
  },
  {
    hoursAgo: 39,
    email: "admin@demo.example",
    sourceIp: HOME,
    action: "csvOutput",
    target: "auditLog",
    after: { from: "", to: "", encoding: "cp932", rows: 24 },
  },
];

/**
 * A week of DEMO's audit rows (issue 41): sign-ins, reviews, list changes, outputs and administration
 * by the three demo logins, from two addresses, so the audit log screen has rows to filter and page.
 * Never a secret in a summary (recordAudit redacts any anyway).
 */
export async function seedDemoAuditLog(db: Kysely<Database>, now: Date): Promise<void> {
  const operators = await db
    .selectFrom("operators")
    .select(["id", "email"])
    .where("company_id", "=", "DEMO")
    .execute();
  const idOf = new Map(operators.map((operator) => [operator.email, operator.id]));
  const events = await db
    .selectFrom("events")
    .select("event_id")
    .where("company_id", "=", "DEMO")
    .orderBy("created_at", "desc")
    .limit(3)
    .execute();
  const eventId = (index: number) => events[index % Math.max(events.length, 1)]?.event_id ?? "DEMO-EVENT";
  let nth = 0;
  for (const row of ROWS) {
    const operatorId = idOf.get(row.email);
    if (operatorId === undefined) continue;
    await recordAudit(db, {
      companyId: "DEMO",
      operatorId,
      actor: row.email,
      sourceIp: row.sourceIp,
      at: new Date(now.getTime() - row.hoursAgo * HOUR_MS),
      action: row.action,
      target: typeof row.target === "function" ? row.target(eventId(nth++)) : row.target,
      before: row.before,
      after: row.after,
    });
  }
}
