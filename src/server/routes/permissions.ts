import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { screenPermissionList } from "../../contract/permissions.ts";
import type { Database } from "../db/schema.ts";
import { permissionsFor } from "../services/permissionService.ts";
import { registerCall } from "./registerCall.ts";

export function registerPermissionRoutes(app: FastifyInstance, db: Kysely<Database>) {
  registerCall(app, screenPermissionList, async ({ telegram, auth }) => {
    const { companyId, roleId } = auth();
    const permissions = await permissionsFor(db, companyId, roleId, telegram.screenIds);
    return {
      telegram: {
        screenPermissions: telegram.screenIds.map((screenId) => ({
          screenId,
          permission: permissions.get(screenId) ?? "20",
        })),
      },
    };
  });
}
