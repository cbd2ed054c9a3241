import type { Kysely } from "kysely";
import { PERMISSION, type Permission } from "../../contract/codes.ts";
import type { Database } from "../db/schema.ts";

/** The role's permission per asked screen ID; a screen without a row (or unknown) is "20". */
export async function permissionsFor(
  db: Kysely<Database>,
  companyId: string,
  roleId: string,
  screenIds: readonly string[],
): Promise<Map<string, Permission>> {
  const rows =
    screenIds.length === 0
      ? []
      : await db
          .selectFrom("role_permissions")
          .select(["screen_id", "permission"])
          .where("company_id", "=", companyId)
          .where("role_id", "=", roleId)
          .where("screen_id", "in", [...screenIds])
          .execute();
  const found = new Map(rows.map((row) => [row.screen_id, row.permission]));
  return new Map(screenIds.map((id) => [id, found.get(id) ?? PERMISSION.none]));
}

/** Whether a permission satisfies a call's access level: write needs 00, read 00 or 10. */
export const permits = (permission: Permission, level: "read" | "write"): boolean =>
  level === "write"
    ? permission === PERMISSION.writable
    : permission === PERMISSION.writable || permission === PERMISSION.readable;
