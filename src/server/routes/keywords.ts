import type { FastifyInstance } from "fastify";
import { keywordAdd, keywordCategoryList, keywordDelete, keywordList } from "../../contract/keywords.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { KeywordService } from "../services/lists/keywordService.ts";

/** Keywords (spec 2): categories with counts, a category's keywords, add, delete. */
export function registerKeywordRoutes(app: FastifyInstance, service: KeywordService) {
  registerCall(app, keywordCategoryList, async ({ auth }) => ({
    telegram: { categories: await service.categories(auth().companyId) },
  }));

  registerCall(app, keywordList, async ({ auth, telegram }) => {
    const found = await service.list(auth().companyId, telegram);
    return { telegram: found, ...(found.keywords.length === 0 ? { messages: ["676"] } : {}) };
  });

  registerCall(app, keywordAdd, async ({ auth, lang, telegram, request }) => ({
    telegram: {
      added: await service.add(
        { companyId: auth().companyId, operatorId: auth().operatorId, lang, sourceIp: request.ip },
        telegram.categoryId,
        telegram.keywords,
      ),
    },
    messages: ["001"],
  }));

  registerCall(app, keywordDelete, async ({ auth, telegram, request }) => ({
    telegram: {
      deleted: await service.delete(auth().companyId, telegram.categoryId, telegram.keywords, {
        operatorId: auth().operatorId,
        sourceIp: request.ip,
      }),
    },
    messages: ["003"],
  }));
}
