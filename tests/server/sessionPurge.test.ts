import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionInfo } from "../../src/contract/auth.ts";
import { RESET_TOKEN_RETENTION_DAYS } from "../../src/server/jobs/passwordResetTokenPurge.ts";
import { SESSION_RETENTION_DAYS } from "../../src/server/jobs/sessionPurge.ts";
import { call, createTestApp, loginAs, type TestApp } from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(testBackends())("purge of ended sessions and spent reset tokens (%s)", (backend) => {
  let t: TestApp;
  const operators: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    for (const companyId of ["DEMO", "ACME"]) {
      const row = await t.db
        .selectFrom("operators")
        .select("id")
        .where("company_id", "=", companyId)
        .executeTakeFirstOrThrow();
      operators[companyId] = row.id;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs);

  it("deletes sessions ended more than the retention ago, of every tenant, and keeps the others", async () => {
    const { sessionIdleMinutes: idle, sessionAbsoluteHours: absolute } = t.config;
    const retention = SESSION_RETENTION_DAYS * DAY;
    const session = (
      name: string,
      companyId: string,
      created: number,
      lastSeen: number,
      revoked: number | null,
    ) => ({
      company_id: companyId,
      secret_hash: `purge-${name}`,
      csrf_token_hash: "x",
      operator_id: operators[companyId] ?? 0,
      created_at: at(created),
      last_seen_at: at(lastSeen),
      revoked_at: revoked === null ? null : at(revoked),
    });
    await t.db
      .insertInto("sessions")
      .values([
        session("live", "DEMO", -HOUR, -MINUTE, null),
        session("revokedLongAgo", "DEMO", -retention - 2 * DAY, -retention - 2 * DAY, -retention - HOUR),
        session("revokedRecently", "ACME", -retention, -retention + HOUR, -retention + 2 * HOUR),
        session("idleLongAgo", "ACME", -retention - DAY, -retention - idle * MINUTE - HOUR, null),
        session("idleRecently", "DEMO", -2 * DAY, -2 * DAY, null),
        session("absoluteLongAgo", "DEMO", -retention - absolute * HOUR - HOUR, -MINUTE, null),
        session("absoluteRecently", "ACME", -absolute * HOUR - HOUR, -HOUR, null),
      ])
      .execute();
    const signedIn = await loginAs(t.app, "DEMO", "admin@demo.example");

    await t.app.jobs.sweep();

    const left = await t.db
      .selectFrom("sessions")
      .select("secret_hash")
      .where("secret_hash", "like", "purge-%")
      .orderBy("secret_hash")
      .execute();
    expect(left.map((row) => row.secret_hash)).toEqual([
      "purge-absoluteRecently",
      "purge-idleRecently",
      "purge-live",
      "purge-revokedRecently",
    ]);
    // A real session signed in just now still works after the sweep.
    expect((await call(t.app, sessionInfo, {}, { session: signedIn })).statusCode).toBe(200);
  });

  it("deletes reset tokens used or expired more than the retention ago and keeps the others", async () => {
    const retention = RESET_TOKEN_RETENTION_DAYS * DAY;
    const token = (name: string, companyId: string, expires: number, used: number | null) => ({
      company_id: companyId,
      token_hash: `purge-${name}`,
      operator_id: operators[companyId] ?? 0,
      created_at: at(expires - HOUR),
      expires_at: at(expires),
      used_at: used === null ? null : at(used),
    });
    await t.db
      .insertInto("password_reset_tokens")
      .values([
        token("live", "DEMO", HOUR / 2, null),
        token("usedLongAgo", "ACME", -retention - HOUR / 2, -retention - HOUR),
        token("usedRecently", "DEMO", -HOUR / 2, -HOUR),
        token("expiredLongAgo", "DEMO", -retention - MINUTE, null),
        token("expiredRecently", "ACME", -retention + HOUR, null),
      ])
      .execute();

    await t.app.jobs.sweep();

    const left = await t.db
      .selectFrom("password_reset_tokens")
      .select("token_hash")
      .where("token_hash", "like", "purge-%")
      .orderBy("token_hash")
      .execute();
    expect(left.map((row) => row.token_hash)).toEqual([
      "purge-expiredRecently",
      "purge-live",
      "purge-usedRecently",
    ]);
  });
});
