import iconv from "iconv-lite";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_CSV_TEXTS,
  auditLogCsv,
  auditLogList,
  auditLogOperators,
} from "../../../src/contract/auditLog.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { recordAudit } from "../../../src/server/audit/recordAudit.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";

/** The audit log's CSV output and operator choices: the tenant's filtered rows, Excel-safe, in either encoding. */
describe.each(testBackends())("audit log CSV output (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let adminId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    // From inside CHECK's allowed console list (demoAllowedIps.ts).
    admin = await loginAs(t.app, "CHECK", "admin@check.example", undefined, "192.168.51.20");
    const row = await t.db
      .selectFrom("operators")
      .select("id")
      .where("company_id", "=", "CHECK")
      .where("email", "=", "admin@check.example")
      .executeTakeFirstOrThrow();
    adminId = row.id;
    const by = {
      companyId: "CHECK",
      operatorId: adminId,
      actor: "admin@check.example",
      sourceIp: "198.51.100.21",
    };
    // A summary a spreadsheet would run as a formula, and Japanese text for CP932.
    await recordAudit(t.db, {
      ...by,
      at: new Date("2026-03-01T01:00:00Z"),
      action: "memo",
      target: '=HYPERLINK("x")',
      after: { note: "審査メモ〜" },
    });
    await recordAudit(t.db, {
      ...by,
      at: new Date("2026-03-02T01:00:00Z"),
      action: "logout",
      target: "login",
    });
    await recordAudit(t.db, {
      ...by,
      companyId: "DEMO",
      operatorId: null,
      actor: "other@demo.example",
      at: new Date("2026-03-01T02:00:00Z"),
      action: "memo",
      target: "event:DEMO-ONLY",
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const filter = { from: "2026-03-01", to: "2026-03-01", operatorId: null, action: null };

  it("writes the filtered rows of the tenant in UTF-8 with a BOM, Japan time, defused cells", async () => {
    const response = await call(
      t.app,
      auditLogCsv,
      { filter, encoding: "utf8" },
      { session: admin, remoteAddress: "192.168.51.20" },
    );
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json().telegram;
    expect(file.encoding).toBe("utf8");
    expect(file.fileName).toMatch(/^auditLog_\d{14}\.csv$/);
    expect(file.content.startsWith("\uFEFF")).toBe(true);
    const lines = file.content.slice(1).split("\r\n");
    expect(lines[0]).toBe(Object.values(AUDIT_CSV_TEXTS.en.columns).join(","));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("2026/03/01 10:00:00,admin@check.example,198.51.100.21,Memo,");
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(file.content).not.toContain("DEMO-ONLY");
    expect(file.content).not.toContain("Logout");
  });

  it("writes CP932 bytes (base64) with the header in Japanese when asked", async () => {
    const response = await call(
      t.app,
      auditLogCsv,
      { filter: { ...filter, action: "memo" }, encoding: "cp932" },
      { session: admin, lang: "ja" },
    );
    expect(response.statusCode, response.body).toBe(200);
    const file = response.json().telegram;
    expect(file.encoding).toBe("cp932");
    const text = iconv.decode(Buffer.from(file.content, "base64"), "cp932");
    expect(text.startsWith("\uFEFF")).toBe(false);
    expect(text.split("\r\n")[0]).toBe(Object.values(AUDIT_CSV_TEXTS.ja.columns).join(","));
    expect(text).toContain("メモ");
    expect(text).toContain("審査メモ～");
  });

  it("records the output as a csvOutput row with its filter, and none when refused", async () => {
    const rows = () =>
      t.db
        .selectFrom("audit_log")
        .select(["action", "target", "summary", "source_ip"])
        .where("company_id", "=", "CHECK")
        .where("action", "=", "csvOutput")
        .where("target", "=", "auditLog")
        .orderBy("id")
        .execute();
    const before = (await rows()).length;
    expect(before).toBeGreaterThan(0);
    const refused = await call(
      t.app,
      auditLogCsv,
      { filter: { from: "bad" }, encoding: "utf8" },
      { session: admin },
    );
    expect(refused.statusCode).toBe(400);
    const viewer = await loginAs(t.app, "CHECK", "viewer@check.example");
    const forbidden = await call(t.app, auditLogCsv, { filter: {}, encoding: "utf8" }, { session: viewer });
    expect(forbidden.statusCode).toBe(403);
    expect((await rows()).length).toBe(before);
    const [first] = await rows();
    expect(first?.source_ip).toBe("192.168.51.20");
    expect(first?.summary).toMatchObject({ after: { from: "2026-03-01", encoding: "utf8", rows: 1 } });
  });

  it("refuses a filter that matches more rows than one file holds, saying to narrow the range", async () => {
    await sql`insert into audit_log (company_id, at, operator_id, actor, source_ip, action, target, summary)
      select 'CHECK', timestamptz '2025-01-01T00:00:00Z', ${adminId}::int, 'bulk@check.example', '192.0.2.1',
        'login', 'login', '{}'::jsonb from generate_series(1, ${AUDIT_CSV_MAX_ROWS + 1}::int)`.execute(t.db);
    const response = await call(
      t.app,
      auditLogCsv,
      { filter: { from: "2025-01-01", to: "2025-01-01" }, encoding: "utf8" },
      { session: admin },
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.errors[0].code).toBe(ERROR.tooManyRows);
    expect(body.errors[0].message).toContain("narrow the date range");
  });

  it("offers the tenant's operators for the filter, and the list filters by one of them", async () => {
    const response = await call(t.app, auditLogOperators, {}, { session: admin });
    expect(response.statusCode, response.body).toBe(200);
    const emails = response.json().telegram.operators.map((operator: { email: string }) => operator.email);
    expect(emails).toContain("admin@check.example");
    expect(emails.every((email: string) => email.endsWith("@check.example"))).toBe(true);
    const list = await call(t.app, auditLogList, { ...filter, operatorId: adminId }, { session: admin });
    const entries = list.json().telegram.entries;
    expect(entries.map((entry: { target: string }) => entry.target)).toEqual(['=HYPERLINK("x")']);
  });

  it("seeds the demo tenant with a week of rows of many kinds for the screen", async () => {
    const demo = await loginAs(t.app, "DEMO", "admin@demo.example");
    const list = await call(t.app, auditLogList, {}, { session: demo });
    const entries = list.json().telegram.entries as { action: string; actor: string; sourceIp: string }[];
    expect(entries.length).toBeGreaterThanOrEqual(24);
    expect(new Set(entries.map((entry) => entry.action)).size).toBeGreaterThanOrEqual(15);
    const actors = new Set(entries.map((entry) => entry.actor));
    for (const email of ["admin@demo.example", "reviewer@demo.example", "viewer@demo.example"])
      expect(actors).toContain(email);
  });
});
