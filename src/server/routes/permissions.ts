import type { FastifyInstance } from "fastify";
import { screenPermissionList } from "../../contract/permissions.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { permissionsFor } from "../services/permissionService.ts";

export function registerPermissionRoutes(app: FastifyInstance, db: ServiceDeps["db"]) {
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
