import type { FastifyInstance } from "fastify";
import { auditLogCsv, auditLogList, auditLogOperators } from "../../contract/auditLog.ts";
import type { AuditLogService } from "../audit/auditLogService.ts";
import { registerCall } from "../plugins/registerCall.ts";

/** The audit log screen's calls (beyond the spec): the session's tenant's rows only. */
export function registerAuditLogRoutes(app: FastifyInstance, service: AuditLogService) {
  registerCall(app, auditLogList, async ({ auth, telegram }) => ({
    telegram: await service.list(auth().companyId, telegram),
  }));
  registerCall(app, auditLogCsv, async ({ auth, telegram, lang, request }) => ({
    telegram: await service.csv({ ...auth(), sourceIp: request.ip }, telegram, lang),
  }));
  registerCall(app, auditLogOperators, async ({ auth }) => ({
    telegram: { operators: await service.operators(auth().companyId) },
  }));
}
