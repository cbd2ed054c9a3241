import type { FastifyInstance } from "fastify";
import { roleAdd, roleDelete, roleEdit, roleList } from "../../contract/roles.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { RoleService } from "../services/admin/roleService.ts";
import { adminCaller } from "./adminCaller.ts";

/** Roles (spec section 2, /OperatorRoleList) and custom roles' create, edit and delete. */
export function registerRoleRoutes(app: FastifyInstance, service: RoleService) {
  registerCall(app, roleList, async ({ auth }) => ({
    telegram: { roles: await service.list(auth().companyId) },
  }));

  registerCall(app, roleAdd, async (context) => ({
    telegram: { role: await service.add(adminCaller(context), context.telegram) },
    messages: ["001"],
  }));

  registerCall(app, roleEdit, async (context) => {
    const { roleId, version, ...fields } = context.telegram;
    return {
      telegram: { role: await service.edit(adminCaller(context), roleId, version, fields) },
      messages: ["002"],
    };
  });

  registerCall(app, roleDelete, async (context) => {
    await service.delete(adminCaller(context), context.telegram.roleId, context.telegram.version);
    return { telegram: {}, messages: ["003"] };
  });
}
