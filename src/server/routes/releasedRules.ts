import type { FastifyInstance } from "fastify";
import { detectionModelList, releasedRuleCsv, releasedRuleList } from "../../contract/releasedRules.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { ReleasedRuleService } from "../services/releasedRuleService.ts";

/**
 * Released rule list (spec section 2): the tenant's detection models, the rules in force for one of
 * them and the same as a CSV file. The tenant is always the session's; a model ID of another tenant
 * simply finds nothing (676).
 */
export function registerReleasedRuleRoutes(app: FastifyInstance, service: ReleasedRuleService) {
  registerCall(app, detectionModelList, async ({ auth }) => ({
    telegram: { models: await service.models(auth().companyId) },
  }));

  registerCall(app, releasedRuleList, async ({ auth, telegram, lang }) => ({
    telegram: await service.rules(auth().companyId, telegram.modelId, lang),
  }));

  registerCall(app, releasedRuleCsv, async ({ auth, telegram, lang }) => ({
    telegram: await service.csv(auth().companyId, telegram.modelId, telegram.releaseId, lang),
  }));
}
