import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import { PERMISSION, type Permission } from "../../../contract/codes.ts";
import { ERROR } from "../../../contract/errors.ts";
import { type Role, STANDARD_ROLE_IDS } from "../../../contract/roles.ts";
import { SCREEN_IDS, type ScreenId } from "../../../contract/screens.ts";
import { ApiError } from "../../apiError.ts";
import { recordAudit } from "../../audit/recordAudit.ts";
import type { Database } from "../../db/schema.ts";
import type { ServiceDeps } from "../deps.ts";
import {
  type AdminCaller,
  assertOperatorAdministratorRemains,
  beginAdminChange,
} from "./adminTransaction.ts";

export interface RoleFields {
  name: string;
  permissions: readonly { screenId: ScreenId; permission: Permission }[];
}

type Db = ServiceDeps["db"] | Transaction<Database>;

const isStandard = (roleId: string) => (STANDARD_ROLE_IDS as readonly string[]).includes(roleId);

/** One permission per screen of the catalogue, in its order; a screen not named is not available. */
const fullPermissions = (named: RoleFields["permissions"]) => {
  const byScreen = new Map(named.map((entry) => [entry.screenId, entry.permission]));
  return SCREEN_IDS.map((screenId) => ({ screenId, permission: byScreen.get(screenId) ?? PERMISSION.none }));
};

/**
 * Roles and their per-screen permissions. The permission is read from role_permissions on every call
 * (sessionService.check), so a change applies to the role's operators from their next call on.
 */
export function createRoleService(deps: ServiceDeps) {
  const { db, now } = deps;

  async function readRoles(from: Db, companyId: string, roleId?: string): Promise<Role[]> {
    let roles = from
      .selectFrom("roles as r")
      .select((eb) => [
        "r.role_id",
        "r.name",
        "r.version",
        eb
          .selectFrom("operators as o")
          .select((count) => count.fn.countAll<string>().as("n"))
          .whereRef("o.company_id", "=", "r.company_id")
          .whereRef("o.role_id", "=", "r.role_id")
          .as("operator_count"),
      ])
      .where("r.company_id", "=", companyId);
    if (roleId !== undefined) roles = roles.where("r.role_id", "=", roleId);
    const [rows, permissionRows] = await Promise.all([
      roles.orderBy("r.role_id").execute(),
      from
        .selectFrom("role_permissions")
        .select(["role_id", "screen_id", "permission"])
        .where("company_id", "=", companyId)
        .$if(roleId !== undefined, (query) => query.where("role_id", "=", roleId ?? ""))
        .execute(),
    ]);
    return rows.map((row) => {
      const mine = permissionRows
        .filter((permission) => permission.role_id === row.role_id)
        .map((permission) => ({
          screenId: permission.screen_id as ScreenId,
          permission: permission.permission,
        }));
      return {
        roleId: row.role_id,
        name: row.name,
        version: row.version,
        standard: isStandard(row.role_id),
        operatorCount: Number(row.operator_count ?? 0),
        permissions: fullPermissions(mine.filter((entry) => SCREEN_IDS.includes(entry.screenId))),
      };
    });
  }

  /** A custom role at the version the screen read; standard roles are not changed. */
  async function customRole(trx: Transaction<Database>, companyId: string, roleId: string, version: number) {
    if (isStandard(roleId)) throw new ApiError(ERROR.standardRole);
    const [role] = await readRoles(trx, companyId, roleId);
    if (!role || role.version !== version) throw new ApiError(ERROR.conflict);
    return role;
  }

  async function checkNameFree(trx: Transaction<Database>, companyId: string, name: string, self?: string) {
    let taken = trx
      .selectFrom("roles")
      .select("role_id")
      .where("company_id", "=", companyId)
      .where("name", "=", name);
    if (self !== undefined) taken = taken.where("role_id", "!=", self);
    if (await taken.executeTakeFirst()) throw new ApiError(ERROR.duplicate, [{ field: "telegram.name" }]);
  }

  async function writePermissions(
    trx: Transaction<Database>,
    companyId: string,
    roleId: string,
    fields: RoleFields,
  ) {
    await trx
      .deleteFrom("role_permissions")
      .where("company_id", "=", companyId)
      .where("role_id", "=", roleId)
      .execute();
    await trx
      .insertInto("role_permissions")
      .values(
        fullPermissions(fields.permissions).map((entry) => ({
          company_id: companyId,
          role_id: roleId,
          screen_id: entry.screenId,
          permission: entry.permission,
        })),
      )
      .execute();
  }

  /** What an audit summary keeps of a role: its name and the screens it does not leave unavailable. */
  const audited = (role: Pick<Role, "name" | "permissions">) => ({
    name: role.name,
    permissions: Object.fromEntries(
      role.permissions
        .filter((entry) => entry.permission !== PERMISSION.none)
        .map((e) => [e.screenId, e.permission]),
    ),
  });

  return {
    list: (companyId: string) => readRoles(db, companyId),

    async add(caller: AdminCaller, fields: RoleFields): Promise<Role> {
      const roleId = `custom_${randomBytes(6).toString("hex")}`;
      return db.transaction().execute(async (trx) => {
        const actor = await beginAdminChange(trx, caller);
        await checkNameFree(trx, caller.companyId, fields.name);
        await trx
          .insertInto("roles")
          .values({ company_id: caller.companyId, role_id: roleId, name: fields.name })
          .execute();
        await writePermissions(trx, caller.companyId, roleId, fields);
        await recordAudit(trx, {
          ...actor,
          at: now(),
          action: "roleAdd",
          target: `role:${roleId}`,
          after: audited({ name: fields.name, permissions: fullPermissions(fields.permissions) }),
        });
        const [role] = await readRoles(trx, caller.companyId, roleId);
        if (!role) throw new Error("role just added not found");
        return role;
      });
    },

    /** Renames and sets the permissions at the version read; refused if no administrator would remain. */
    async edit(caller: AdminCaller, roleId: string, version: number, fields: RoleFields): Promise<Role> {
      return db.transaction().execute(async (trx) => {
        const actor = await beginAdminChange(trx, caller);
        const before = await customRole(trx, caller.companyId, roleId, version);
        await checkNameFree(trx, caller.companyId, fields.name, roleId);
        await trx
          .updateTable("roles")
          .set({ name: fields.name, version: version + 1 })
          .where("company_id", "=", caller.companyId)
          .where("role_id", "=", roleId)
          .execute();
        await writePermissions(trx, caller.companyId, roleId, fields);
        await assertOperatorAdministratorRemains(trx, caller.companyId);
        const [after] = await readRoles(trx, caller.companyId, roleId);
        if (!after) throw new Error("role just edited not found");
        await recordAudit(trx, {
          ...actor,
          at: now(),
          action: "roleEdit",
          target: `role:${roleId}`,
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
    },

    /** Deletes a custom role no operator has (an operator's role is never taken away by a delete). */
    async delete(caller: AdminCaller, roleId: string, version: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const actor = await beginAdminChange(trx, caller);
        const before = await customRole(trx, caller.companyId, roleId, version);
        if (before.operatorCount > 0) throw new ApiError(ERROR.roleInUse);
        await trx
          .deleteFrom("roles")
          .where("company_id", "=", caller.companyId)
          .where("role_id", "=", roleId)
          .execute();
        await recordAudit(trx, {
          ...actor,
          at: now(),
          action: "roleDelete",
          target: `role:${roleId}`,
          before: audited(before),
        });
      });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
