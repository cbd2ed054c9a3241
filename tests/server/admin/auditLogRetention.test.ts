import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "../../../src/server/audit/recordAudit.ts";
import { purgeExpiredAuditLog } from "../../../src/server/jobs/auditLogPurge.ts";
import { createTestApp, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";

describe.each(testBackends())("audit log: append-only, secrets left out, retention (%s)", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { env: { AUDIT_RETENTION_MONTHS: "6" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const entry = (at: Date, target: string) => ({
    companyId: "DEMO",
    operatorId: 1,
    actor: "admin@demo.example",
    sourceIp: "127.0.0.1",
    at,
    action: "apiSecretRotate" as const,
    target,
  });

  it("never stores a password, token or secret, at any depth", async () => {
    await recordAudit(t.db, {
      ...entry(new Date(), "retention:secrets"),
      before: { secretKey: "s3cr3t", nested: [{ password: "pw", loginToken: "tk" }], name: "kept" },
    });
    const row = await t.db
      .selectFrom("audit_log")
      .select("summary")
      .where("target", "=", "retention:secrets")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row.summary)).not.toMatch(/s3cr3t|"pw"|"tk"/);
    expect(row.summary).toEqual({
      before: {
        secretKey: "[redacted]",
        nested: [{ password: "[redacted]", loginToken: "[redacted]" }],
        name: "kept",
      },
      after: null,
    });
  });

  it("refuses to change a row", async () => {
    await expect(sql`update audit_log set actor = 'someone else'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
  });

  it("purges only the rows older than AUDIT_RETENTION_MONTHS", async () => {
    expect(t.config.auditRetentionMonths).toBe(6);
    const now = new Date(Date.UTC(2026, 11, 1));
    await recordAudit(t.db, entry(new Date(Date.UTC(2026, 4, 30)), "retention:old"));
    await recordAudit(t.db, entry(new Date(Date.UTC(2026, 5, 2)), "retention:kept"));
    expect(await purgeExpiredAuditLog(t.db, t.config, now)).toBeGreaterThanOrEqual(1);
    const targets = (await t.db.selectFrom("audit_log").select("target").execute()).map((row) => row.target);
    expect(targets).toContain("retention:kept");
    expect(targets).not.toContain("retention:old");
  });
});
