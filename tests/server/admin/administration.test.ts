import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allowedIpList, allowedIpPreview, allowedIpUpdate } from "../../../src/contract/allowedIp.ts";
import { auditLogList } from "../../../src/contract/auditLog.ts";
import { passwordChange } from "../../../src/contract/auth.ts";
import type { CallSpec } from "../../../src/contract/call.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { messageText } from "../../../src/contract/messages.ts";
import {
  operatorAdd,
  operatorDelete,
  operatorDetail,
  operatorEdit,
  operatorList,
  operatorUnlock,
} from "../../../src/contract/operators.ts";
import { roleAdd, roleDelete, roleEdit, roleList } from "../../../src/contract/roles.ts";
import { screenTransactionCall } from "../../../src/contract/screeningApi.ts";
import { SCREEN_IDS } from "../../../src/contract/screens.ts";
import { type SmtpCapture, startSmtpCapture } from "../../support/smtpCapture.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { sampleTransaction, shopCall, shopOf } from "../screeningApi/shopClient.ts";

const NEW_PASSWORD = "Fresh-2027?word";
const ADMIN_SCREENS = ["OperatorList", "OperatorDetail", "OperatorEdit", "OperatorRoleList"] as const;

describe.each(testBackends())("administration: operators, roles, allowed IPs, audit log (%s)", (backend) => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let admin: Session;
  let viewer: Session;
  let reviewer: Session;
  let acme: Session;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp(backend, { env: { SMTP_URL: smtp.url } });
    [admin, viewer, reviewer, acme] = await Promise.all([
      loginAs(t.app, "DEMO", "admin@demo.example"),
      loginAs(t.app, "DEMO", "viewer@demo.example"),
      loginAs(t.app, "DEMO", "reviewer@demo.example"),
      loginAs(t.app, "ACME", "admin@acme.example"),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const ok = async (spec: CallSpec, telegram: unknown, session: Session, remoteAddress?: string) => {
    const response = await call(t.app, spec, telegram, {
      session,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const refused = async (
    spec: CallSpec,
    telegram: unknown,
    session: Session,
    status: number,
    code: string,
  ) => {
    const response = await call(t.app, spec, telegram, { session });
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json();
    expect(body.errors[0].code).toBe(code);
    return body;
  };
  const auditRows = (companyId = "DEMO") =>
    t.db.selectFrom("audit_log").selectAll().where("company_id", "=", companyId).orderBy("id").execute();
  const newOperator = (email: string, roleId = "viewer") => ({
    name: "New operator",
    email,
    roleId,
    notifyRule: true,
    notifyUpload: false,
  });
  const adminPermissions = () =>
    SCREEN_IDS.map((screenId) => ({
      screenId,
      permission: (ADMIN_SCREENS as readonly string[]).includes(screenId) ? "00" : "20",
    }));

  it("validates every call's telegram", async () => {
    const cases: [CallSpec, unknown, string][] = [
      [operatorList, { pageSize: 30 }, "telegram.pageSize"],
      [operatorDetail, { operatorId: 0 }, "telegram.operatorId"],
      [operatorAdd, { ...newOperator("x@demo.example"), name: "n".repeat(31) }, "telegram.name"],
      [operatorAdd, { ...newOperator("ｘ@demo.example") }, "telegram.email"],
      [operatorEdit, { operatorId: 1, ...newOperator("x@demo.example") }, "telegram.version"],
      [operatorDelete, { operatorIds: [] }, "telegram.operatorIds"],
      [operatorUnlock, { operatorId: 1 }, "telegram.version"],
      [roleAdd, { name: "", permissions: [] }, "telegram.name"],
      [
        roleAdd,
        { name: "R", permissions: [{ screenId: "Nope", permission: "00" }] },
        "telegram.permissions.0.screenId",
      ],
      [
        roleEdit,
        { roleId: "x", version: 1, name: "R", permissions: [{ screenId: "EventList", permission: "99" }] },
        "telegram.permissions.0.permission",
      ],
      [roleDelete, { roleId: "x" }, "telegram.version"],
      [allowedIpUpdate, { kind: "other", entries: [] }, "telegram.kind"],
      [allowedIpPreview, { kind: "console", entries: [{ address: "1.2.3" }] }, "telegram.entries.0.address"],
      [auditLogList, { from: "2026-13-01" }, "telegram.from"],
    ];
    for (const [spec, telegram, field] of cases) {
      const body = await refused(spec, telegram, admin, 400, ERROR.validation);
      expect(
        body.errors.map((e: { field: string }) => e.field),
        spec.name,
      ).toContain(field);
    }
    const ip = await refused(
      allowedIpUpdate,
      { kind: "console", entries: [{ address: "1.2.3.4", subnet: 33 }, { address: "1.2.3.4" }] },
      admin,
      400,
      ERROR.validation,
    );
    expect(ip.errors).toEqual([
      {
        code: ERROR.validation,
        field: "telegram.entries.0.subnet",
        message: "The subnet must be between 0 and 32.",
      },
      { code: ERROR.validation, field: "telegram.entries.1.address", message: "It is already added." },
    ]);
    const role = await refused(
      operatorAdd,
      newOperator("x@demo.example", "nope"),
      admin,
      400,
      ERROR.validation,
    );
    expect(role.errors).toEqual([
      { code: ERROR.validation, field: "telegram.roleId", message: "is not a role of this company" },
    ]);
    const bad = await refused(
      allowedIpUpdate,
      { kind: "api", entries: [{ address: "300.1.1.1" }] },
      admin,
      400,
      ERROR.validation,
    );
    expect(bad.errors[0].message).toBe("has an incorrect format");
  });

  it("refuses writes to a viewer and a reviewer (962) and writes no audit row", async () => {
    const before = (await auditRows()).length;
    for (const session of [viewer, reviewer]) {
      await refused(operatorAdd, newOperator("never@demo.example"), session, 403, ERROR.forbidden);
      await refused(operatorDelete, { operatorIds: [1] }, session, 403, ERROR.forbidden);
      await refused(roleAdd, { name: "Never", permissions: [] }, session, 403, ERROR.forbidden);
      await refused(allowedIpUpdate, { kind: "api", entries: [] }, session, 403, ERROR.forbidden);
    }
    await refused(operatorList, {}, viewer, 403, ERROR.forbidden);
    await refused(auditLogList, {}, reviewer, 403, ERROR.forbidden);
    expect((await auditRows()).length).toBe(before);
  });

  it("adds an operator, mails a single-use set-password link (no password), and they sign in with it", async () => {
    const added = await ok(operatorAdd, newOperator("newcomer@demo.example", "reviewer"), admin);
    expect(added.messages).toEqual([{ code: "009", message: messageText("en", "no.009") }]);
    const { operator } = added.telegram;
    expect(operator).toMatchObject({
      email: "newcomer@demo.example",
      roleId: "reviewer",
      locked: false,
      version: 1,
    });

    const mail = await smtp.waitFor((m) => m.to.includes("newcomer@demo.example"), 10_000);
    const match = /http:\/\/console\.test\/v3\/PasswordChange\?token=([\w%-]+)/.exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    const token = decodeURIComponent(match?.[1] ?? "");
    const stored = await t.db
      .selectFrom("password_reset_tokens")
      .selectAll()
      .where("operator_id", "=", operator.operatorId)
      .executeTakeFirstOrThrow();
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBe(24 * 3_600_000);

    const changed = await call(t.app, passwordChange, {
      token,
      password: NEW_PASSWORD,
      passwordConfirmation: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await loginAs(t.app, "DEMO", "newcomer@demo.example", NEW_PASSWORD);
    const again = await call(t.app, passwordChange, {
      token,
      password: `${NEW_PASSWORD}x`,
      passwordConfirmation: `${NEW_PASSWORD}x`,
    });
    expect(again.statusCode).toBe(400);

    const [row] = (await auditRows()).filter((r) => r.action === "operatorAdd");
    expect(row).toMatchObject({ actor: "admin@demo.example", target: `operator:${operator.operatorId}` });
    expect(JSON.stringify(row?.summary)).not.toMatch(/token|password_hash|\$argon/i);

    await refused(operatorAdd, newOperator("NEWCOMER@demo.example"), admin, 409, ERROR.duplicate);
    // Unique in the company only: ACME may have the same address.
    await ok(operatorAdd, newOperator("newcomer@demo.example", "viewer"), acme);
  });

  it("lists with filters and paging, shows the detail, and keeps tenants apart", async () => {
    const list = await ok(operatorList, { email: "demo.example", pageSize: 50 }, admin);
    expect(list.telegram.companyId).toBe("DEMO");
    expect(list.telegram.count).toBe(list.telegram.matchingIds.length);
    expect(list.telegram.operators.every((o: { email: string }) => o.email.endsWith("@demo.example"))).toBe(
      true,
    );
    const byRole = await ok(operatorList, { roleId: "viewer" }, admin);
    expect(byRole.telegram.operators.map((o: { email: string }) => o.email)).toEqual(["viewer@demo.example"]);
    const acmeIds: number[] = (await ok(operatorList, {}, acme)).telegram.matchingIds;
    expect(acmeIds.some((id) => list.telegram.matchingIds.includes(id))).toBe(false);

    const acmeId = acmeIds[0] ?? 0;
    await refused(operatorDetail, { operatorId: acmeId }, admin, 200, ERROR.noDataFound);
    await refused(
      operatorEdit,
      { operatorId: acmeId, version: 1, ...newOperator("x@demo.example") },
      admin,
      409,
      ERROR.conflict,
    );
    expect((await ok(operatorDelete, { operatorIds: [acmeId] }, admin)).telegram.deleted).toBe(0);
    expect((await ok(operatorList, {}, acme)).telegram.matchingIds).toContain(acmeId);
    expect(
      (await auditRows("ACME")).every((r) => r.operator_id !== null && acmeIds.includes(r.operator_id)),
    ).toBe(true);
  });

  it("edits at the version read (015 when stale), ends the operator's sessions, and deletes them", async () => {
    const { operator } = (await ok(operatorAdd, newOperator("edited@demo.example", "reviewer"), admin))
      .telegram;
    await t.db
      .updateTable("operators")
      .set({
        password_hash: (
          await t.db
            .selectFrom("operators")
            .select("password_hash")
            .where("email", "=", "reviewer@demo.example")
            .executeTakeFirstOrThrow()
        ).password_hash,
      })
      .where("id", "=", operator.operatorId)
      .execute();
    const session = await loginAs(t.app, "DEMO", "edited@demo.example");
    const edit = {
      operatorId: operator.operatorId,
      version: 1,
      ...newOperator("edited@demo.example", "viewer"),
      name: "Edited",
    };
    const saved = await ok(operatorEdit, edit, admin);
    expect(saved.messages[0].code).toBe("002");
    expect(saved.telegram.operator).toMatchObject({ name: "Edited", roleId: "viewer", version: 2 });
    await refused(operatorEdit, edit, admin, 409, ERROR.conflict);
    expect((await call(t.app, operatorList, {}, { session })).json().errors[0].code).toBe(ERROR.invalidToken);

    const second = await loginAs(t.app, "DEMO", "edited@demo.example");
    const deleted = await ok(operatorDelete, { operatorIds: [operator.operatorId] }, admin);
    expect(deleted).toMatchObject({ telegram: { deleted: 1 }, messages: [{ code: "003" }] });
    const after = await call(t.app, auditLogList, {}, { session: second });
    expect(after.statusCode).toBe(401);
    expect(after.json().errors[0].code).toBe(ERROR.invalidToken);
    const actions = (await auditRows())
      .filter((r) => r.target === `operator:${operator.operatorId}`)
      .map((r) => r.action);
    expect(actions).toEqual(["operatorAdd", "operatorEdit", "operatorDelete"]);
  });

  it("unlocks a locked operator", async () => {
    const viewerRow = await t.db
      .selectFrom("operators")
      .select(["id", "version"])
      .where("email", "=", "viewer@demo.example")
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("operators")
      .set({ failed_login_count: 10, locked_until: new Date(t.clock.now().getTime() + 3_600_000) })
      .where("id", "=", viewerRow.id)
      .execute();
    expect((await ok(operatorDetail, { operatorId: viewerRow.id }, admin)).telegram.operator.locked).toBe(
      true,
    );
    const unlocked = await ok(
      operatorUnlock,
      { operatorId: viewerRow.id, version: viewerRow.version },
      admin,
    );
    expect(unlocked.telegram.operator).toMatchObject({ locked: false, version: viewerRow.version + 1 });
  });

  it("never leaves the company without an operator who can administer operators", async () => {
    const adminRow = await t.db
      .selectFrom("operators")
      .select(["id", "version"])
      .where("email", "=", "admin@demo.example")
      .executeTakeFirstOrThrow();
    const before = (await auditRows()).length;
    const body = await refused(
      operatorDelete,
      { operatorIds: [adminRow.id] },
      admin,
      409,
      ERROR.lastAdministrator,
    );
    expect(body.errors[0].message).toBe(messageText("en", "error.lastAdministrator"));
    await refused(
      operatorEdit,
      {
        operatorId: adminRow.id,
        version: adminRow.version,
        ...newOperator("admin@demo.example", "reviewer"),
      },
      admin,
      409,
      ERROR.lastAdministrator,
    );
    expect((await auditRows()).length).toBe(before);
    expect((await ok(operatorList, {}, admin)).telegram.count).toBeGreaterThan(0);

    // A custom administering role: moving the only administrator onto it, then taking its rights away, is refused.
    const { role } = (await ok(roleAdd, { name: "Team lead", permissions: adminPermissions() }, admin))
      .telegram;
    expect(role.permissions).toHaveLength(SCREEN_IDS.length);
    await ok(
      operatorEdit,
      {
        operatorId: adminRow.id,
        version: adminRow.version,
        ...newOperator("admin@demo.example", role.roleId),
        name: "Admin",
      },
      admin,
    );
    const lead = await loginAs(t.app, "DEMO", "admin@demo.example");
    const demoted = adminPermissions().map((entry) =>
      entry.screenId === "OperatorEdit" ? { ...entry, permission: "10" } : entry,
    );
    await refused(
      roleEdit,
      { roleId: role.roleId, version: role.version, name: "Team lead", permissions: demoted },
      lead,
      409,
      ERROR.lastAdministrator,
    );
    await refused(roleDelete, { roleId: role.roleId, version: role.version }, lead, 409, ERROR.roleInUse);
    await refused(
      roleEdit,
      { roleId: "administrator", version: 1, name: "Mine", permissions: [] },
      lead,
      409,
      ERROR.standardRole,
    );
    // Back on the standard role for the tests after.
    const current = await t.db
      .selectFrom("operators")
      .select("version")
      .where("id", "=", adminRow.id)
      .executeTakeFirstOrThrow();
    await ok(
      operatorEdit,
      {
        operatorId: adminRow.id,
        version: current.version,
        ...newOperator("admin@demo.example", "administrator"),
        name: "Admin",
      },
      lead,
    );
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
  });

  it("creates, renames, edits and deletes a custom role; an edit applies on the operator's next call", async () => {
    const { role } = (
      await ok(roleAdd, { name: "Auditor", permissions: [{ screenId: "AuditLog", permission: "10" }] }, admin)
    ).telegram;
    expect(role).toMatchObject({ standard: false, operatorCount: 0, version: 1 });
    await refused(roleAdd, { name: "Auditor", permissions: [] }, admin, 409, ERROR.duplicate);
    const { operator } = (await ok(operatorAdd, newOperator("auditor@demo.example", role.roleId), admin))
      .telegram;
    const hash = (
      await t.db
        .selectFrom("operators")
        .select("password_hash")
        .where("email", "=", "viewer@demo.example")
        .executeTakeFirstOrThrow()
    ).password_hash;
    await t.db
      .updateTable("operators")
      .set({ password_hash: hash })
      .where("id", "=", operator.operatorId)
      .execute();
    const auditor = await loginAs(t.app, "DEMO", "auditor@demo.example");
    await ok(auditLogList, {}, auditor);

    const renamed = await ok(
      roleEdit,
      { roleId: role.roleId, version: 1, name: "Reader", permissions: [] },
      admin,
    );
    expect(renamed.telegram.role).toMatchObject({ name: "Reader", version: 2 });
    await refused(auditLogList, {}, auditor, 403, ERROR.forbidden);
    await refused(
      roleEdit,
      { roleId: role.roleId, version: 1, name: "Stale", permissions: [] },
      admin,
      409,
      ERROR.conflict,
    );

    await ok(operatorDelete, { operatorIds: [operator.operatorId] }, admin);
    await ok(roleDelete, { roleId: role.roleId, version: 2 }, admin);
    const roles = (await ok(roleList, {}, admin)).telegram.roles.map((r: { roleId: string }) => r.roleId);
    expect(roles).not.toContain(role.roleId);
    expect(
      (await ok(roleList, {}, acme)).telegram.roles.every(
        (r: { operatorCount: number }) => r.operatorCount >= 0,
      ),
    ).toBe(true);
    const actions = (await auditRows())
      .filter((r) => r.target === `role:${role.roleId}`)
      .map((r) => r.action);
    expect(actions).toEqual(["roleAdd", "roleEdit", "roleDelete"]);
  });

  it("saves an allowed IP list whole, refuses locking oneself out, previews refusals and enforces on the next call", async () => {
    const auditedBefore = (await auditRows()).length;
    const self = await refused(
      allowedIpUpdate,
      { kind: "console", entries: [{ address: "10.0.0.0", subnet: "8" }] },
      admin,
      409,
      ERROR.selfLockout,
    );
    expect(self.errors[0].message).toContain("127.0.0.1");
    expect((await ok(allowedIpList, {}, admin)).telegram.console).toEqual([]);

    await loginAs(t.app, "DEMO", "reviewer@demo.example", undefined, "192.0.2.7");
    const preview = await ok(
      allowedIpPreview,
      { kind: "console", entries: [{ address: "127.0.0.1" }] },
      admin,
    );
    expect(preview.telegram.refusedSignInSources).toContainEqual({ address: "192.0.2.7", count: 1 });
    expect(preview.telegram.refusedApiCalls).toBe(0);

    const saved = await ok(
      allowedIpUpdate,
      { kind: "console", entries: [{ address: "127.0.0.1" }, { address: "198.51.100.0", subnet: 24 }] },
      admin,
    );
    expect(saved.telegram.entries).toEqual([
      { address: "127.0.0.1", subnet: 32 },
      { address: "198.51.100.0", subnet: 24 },
    ]);
    const fromElsewhere = await call(t.app, operatorList, {}, { session: admin, remoteAddress: "192.0.2.7" });
    expect(fromElsewhere.json().errors[0].code).toBe(ERROR.sourceIpNotAllowed);
    await ok(operatorList, {}, admin, "198.51.100.9");
    // ACME's list is its own.
    expect((await ok(allowedIpList, {}, acme)).telegram.console).toEqual([]);

    await ok(allowedIpUpdate, { kind: "console", entries: [] }, admin);
    await ok(operatorList, {}, admin, "192.0.2.7");
    const rows = (await auditRows()).slice(auditedBefore).filter((r) => r.action === "allowedIpUpdate");
    expect(rows.map((r) => r.summary)).toEqual([
      { before: [], after: ["127.0.0.1/32", "198.51.100.0/24"] },
      { before: ["127.0.0.1/32", "198.51.100.0/24"], after: [] },
    ]);
  });

  it("applies an API list Update to the very next screening call", async () => {
    const shop = await shopOf(t, "DEMO");
    const screen = (remoteAddress: string) =>
      shopCall(t, screenTransactionCall, shop, sampleTransaction(), { remoteAddress });
    expect((await screen("192.0.2.7")).statusCode).toBe(200);
    await ok(allowedIpUpdate, { kind: "api", entries: [{ address: "198.51.100.0", subnet: 24 }] }, admin);
    const outside = await screen("192.0.2.7");
    expect(outside.statusCode, outside.body).toBe(403);
    expect(outside.json().errors[0].code).toBe(ERROR.sourceIpNotAllowed);
    expect((await screen("198.51.100.20")).statusCode).toBe(200);
    await ok(allowedIpUpdate, { kind: "api", entries: [] }, admin);
    expect((await screen("192.0.2.7")).statusCode).toBe(200);
  });

  it("lists the audit log newest first by keyset, filtered by operator and action, one tenant's rows only", async () => {
    const all = await ok(auditLogList, {}, admin);
    const entries = all.telegram.entries as { id: string; at: string; action: string; operatorId: number }[];
    expect(entries.length).toBeGreaterThan(5);
    const sorted = [...entries].sort((a, b) =>
      a.at === b.at ? Number(b.id) - Number(a.id) : b.at.localeCompare(a.at),
    );
    expect(entries).toEqual(sorted);
    const adds = await ok(auditLogList, { action: "operatorAdd" }, admin);
    expect(adds.telegram.entries.every((e: { action: string }) => e.action === "operatorAdd")).toBe(true);
    const byOther = await ok(auditLogList, { operatorId: 999_999 }, admin);
    expect(byOther.telegram.entries).toEqual([]);
    const acmeEntries = (await ok(auditLogList, {}, acme)).telegram.entries as { id: string }[];
    expect(acmeEntries.some((e) => entries.some((d) => d.id === e.id))).toBe(false);

    // Keyset: rows enough for two pages, the second starting right after the first.
    const actor = {
      company_id: "DEMO",
      operator_id: 1,
      actor: "bulk@demo.example",
      source_ip: "127.0.0.1",
      action: "memo",
      target: "event:x",
      summary: "{}",
    };
    await t.db
      .insertInto("audit_log")
      .values(
        Array.from({ length: 250 }, (_, i) => ({ ...actor, at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })),
      )
      .execute();
    const first = await ok(auditLogList, { action: "memo", from: "2026-01-01", to: "2026-01-01" }, admin);
    expect(first.telegram.entries).toHaveLength(200);
    const second = await ok(
      auditLogList,
      { action: "memo", from: "2026-01-01", to: "2026-01-01", after: first.telegram.next },
      admin,
    );
    expect(second.telegram.entries).toHaveLength(50);
    expect(second.telegram.next).toBeNull();
    expect(first.telegram.entries.at(-1).at > second.telegram.entries[0].at).toBe(true);
  });
});
