import type { FastifyInstance } from "fastify";
import { allowedIpList, allowedIpPreview, allowedIpUpdate } from "../../contract/allowedIp.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { AllowedIpAdminService } from "../services/admin/allowedIpAdminService.ts";
import { adminCaller } from "./adminCaller.ts";

/** Allowed IP addresses (spec section 2, /AllowedIpAddress): read, preview, Update of a whole list. */
export function registerAllowedIpRoutes(app: FastifyInstance, service: AllowedIpAdminService) {
  registerCall(app, allowedIpList, async ({ auth, request }) => ({
    telegram: { ...(await service.list(auth().companyId)), yourAddress: request.ip },
  }));

  registerCall(app, allowedIpPreview, async ({ auth, telegram }) => ({
    telegram: await service.preview(auth().companyId, telegram.kind, telegram.entries),
  }));

  registerCall(app, allowedIpUpdate, async (context) => ({
    telegram: {
      entries: await service.update(adminCaller(context), context.telegram.kind, context.telegram.entries),
    },
    messages: ["002"],
  }));
}
