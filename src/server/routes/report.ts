import type { FastifyInstance } from "fastify";
import { eventReport, eventReportCsv, ruleHitCsv, ruleHitStats } from "../../contract/report.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { ReportService } from "../services/report/reportService.ts";

/**
 * Screening result report (/EventReportNegative): the report, the rule hit statistics and both as
 * CSV files. The tenant is always the session's.
 */
export function registerReportRoutes(app: FastifyInstance, service: ReportService) {
  registerCall(app, eventReport, async ({ auth, telegram, lang }) => ({
    telegram: await service.report(auth().companyId, telegram, lang),
  }));
  registerCall(app, eventReportCsv, async ({ auth, telegram, lang }) => ({
    telegram: await service.reportCsv(auth().companyId, telegram, lang),
  }));
  registerCall(app, ruleHitStats, async ({ auth, telegram, lang }) => ({
    telegram: await service.ruleHits(auth().companyId, telegram, lang),
  }));
  registerCall(app, ruleHitCsv, async ({ auth, telegram, lang }) => ({
    telegram: await service.ruleHitCsv(auth().companyId, telegram, lang),
  }));
}
