import type { Kysely } from "kysely";
import { PERMISSION } from "../../contract/codes.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import type { Database } from "../db/schema.ts";
import { rolePermissionRows, STANDARD_ROLES, type StandardRole } from "../services/standardRoles.ts";
import { createOperator } from "../services/tenantService.ts";

/** A custom role for the administration screens to show: screens events, sees nothing else. */
export const DEMO_CUSTOM_ROLE: StandardRole = {
  roleId: "custom_screener",
  name: "Event screener",
  levels: {
    event: PERMISSION.writable,
    report: PERMISSION.readable,
    csv: PERMISSION.none,
    negative: PERMISSION.none,
    white: PERMISSION.none,
    rule: PERMISSION.none,
    keyword: PERMISSION.none,
    apiInfo: PERMISSION.none,
    admin: PERMISSION.none,
  },
  screens: { EventDialogCsvDownload: PERMISSION.none },
};

const HOUR_MS = 3_600_000;

/**
 * CHECK's team for the operator screens: one operator per role, the custom role's and a locked one
 * (DEMO's and ACME's operators stay as the event tests know them); and a few audit rows in DEMO.
 */
export async function seedDemoAdministration(
  db: Kysely<Database>,
  password: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto("roles")
    .values({ company_id: "CHECK", role_id: DEMO_CUSTOM_ROLE.roleId, name: DEMO_CUSTOM_ROLE.name })
    .execute();
  await db.insertInto("role_permissions").values(rolePermissionRows("CHECK", DEMO_CUSTOM_ROLE)).execute();
  const team = [
    { email: "reviewer@check.example", name: "チェック審査者", roleId: STANDARD_ROLES.reviewer.roleId },
    { email: "viewer@check.example", name: "チェック閲覧者", roleId: STANDARD_ROLES.viewer.roleId },
    { email: "screener@check.example", name: "チェック担当者", roleId: DEMO_CUSTOM_ROLE.roleId },
    { email: "locked@check.example", name: "ロック中の担当者", roleId: STANDARD_ROLES.viewer.roleId },
  ];
  for (const operator of team) await createOperator(db, { companyId: "CHECK", ...operator, password });
  await db
    .updateTable("operators")
    .set({ failed_login_count: 5, locked_until: new Date(now.getTime() + 24 * HOUR_MS) })
    .where("company_id", "=", "CHECK")
    .where("email", "=", "locked@check.example")
    .execute();

  const admin = { companyId: "DEMO", operatorId: null, actor: "admin@demo.example", sourceIp: "127.0.0.1" };
  const adminRow = await db
    .selectFrom("operators")
    .select("id")
    .where("company_id", "=", "DEMO")
    .where("email", "=", "admin@demo.example")
    .executeTakeFirstOrThrow();
  const by = { ...admin, operatorId: adminRow.id };
  await recordAudit(db, {
    ...admin,
    actor: "admin@demo.example",
    at: new Date(now.getTime() - 3 * HOUR_MS),
    action: "loginFailed",
    target: "login",
  });
  await recordAudit(db, {
    ...by,
    at: new Date(now.getTime() - 3 * HOUR_MS + 60_000),
    action: "login",
    target: "login",
  });
  await recordAudit(db, {
    ...by,
    at: new Date(now.getTime() - 2 * HOUR_MS),
    action: "allowedIpUpdate",
    target: "allowedIp:api",
    before: [],
    after: [],
  });
  await recordAudit(db, { ...by, at: new Date(now.getTime() - HOUR_MS), action: "logout", target: "login" });
}
