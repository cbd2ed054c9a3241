import { z } from "zod";
import { defineCall } from "./call.ts";
import { PERMISSION, PERMISSIONS, type Permission } from "./codes.ts";
import { SCREEN_IDS, type ScreenId } from "./screens.ts";
import { INTEGER_MAX, issue, requiredText } from "./validation.ts";

/**
 * Roles (spec section 2, /OperatorRoleList; beyond the spec, custom roles): a role's permission for
 * every screen and dialog of the screen catalogue, writable (00), readable (10) or not available (20).
 */

/** The roles every tenant starts with (src/server/services/standardRoles.ts); they cannot be changed. */
export const STANDARD_ROLE_IDS = ["administrator", "reviewer", "viewer"] as const;

/**
 * The screens a role must be able to write to administer operators: the tenant always keeps at least
 * one operator with such a role, so someone can still add, edit and give roles to operators.
 */
export const OPERATOR_ADMIN_SCREENS: readonly ScreenId[] = [
  "OperatorList",
  "OperatorDetail",
  "OperatorEdit",
  "OperatorRoleList",
];

export const administersOperators = (permissions: ReadonlyMap<string, Permission>): boolean =>
  OPERATOR_ADMIN_SCREENS.every((screenId) => permissions.get(screenId) === PERMISSION.writable);

export const rolePermissionSchema = z.object({
  screenId: z.enum(SCREEN_IDS as [ScreenId, ...ScreenId[]], "validation.invalidType"),
  permission: z.enum(PERMISSIONS, "validation.invalidType"),
});

/** Every screen once at most; a screen left out is not available (20). */
const permissionsField = z
  .array(rolePermissionSchema)
  .max(SCREEN_IDS.length, issue("maxValues", { max: SCREEN_IDS.length }))
  .refine((list) => new Set(list.map((entry) => entry.screenId)).size === list.length, {
    message: "validation.alreadyAdded",
  });

export const roleNameField = requiredText(30);
const roleIdField = z.string().min(1).max(50);
const versionField = z.number().int().min(1).max(INTEGER_MAX);

export const roleSchema = z.object({
  roleId: z.string(),
  name: z.string(),
  version: z.number().int(),
  standard: z.boolean(),
  /** How many of the tenant's operators have the role (a role in use cannot be deleted). */
  operatorCount: z.number().int(),
  /** One entry per screen of the catalogue, in its order. */
  permissions: z.array(rolePermissionSchema),
});
export type Role = z.infer<typeof roleSchema>;

export const roleList = defineCall({
  name: "roleList",
  method: "POST",
  path: "/api/v3/screen/roleList",
  access: { kind: "read", screenId: "OperatorRoleList" },
  request: z.object({}).strict(),
  response: z.object({ roles: z.array(roleSchema) }),
});

export const roleAdd = defineCall({
  name: "roleAdd",
  method: "POST",
  path: "/api/v3/screen/roleAdd",
  access: { kind: "write", screenId: "OperatorRoleList" },
  request: z.object({ name: roleNameField, permissions: permissionsField }).strict(),
  response: z.object({ role: roleSchema }),
});

export const roleEdit = defineCall({
  name: "roleEdit",
  method: "PUT",
  path: "/api/v3/screen/roleEdit",
  access: { kind: "write", screenId: "OperatorRoleList" },
  request: z
    .object({
      roleId: roleIdField,
      version: versionField,
      name: roleNameField,
      permissions: permissionsField,
    })
    .strict(),
  response: z.object({ role: roleSchema }),
});

export const roleDelete = defineCall({
  name: "roleDelete",
  method: "DELETE",
  path: "/api/v3/screen/roleDelete",
  access: { kind: "write", screenId: "OperatorRoleList" },
  request: z.object({ roleId: roleIdField, version: versionField }).strict(),
  response: z.object({}),
});
