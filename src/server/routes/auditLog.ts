import type { FastifyInstance } from "fastify";
import { auditLogList } from "../../contract/auditLog.ts";
import type { AuditLogService } from "../audit/auditLogService.ts";
import { registerCall } from "../plugins/registerCall.ts";

/** The audit log screen's list (beyond the spec): the session's tenant's rows only. */
export function registerAuditLogRoutes(app: FastifyInstance, service: AuditLogService) {
  registerCall(app, auditLogList, async ({ auth, telegram }) => ({
    telegram: await service.list(auth().companyId, telegram),
  }));
}
