import type { Lang } from "../../../contract/envelope.ts";
import { ERROR } from "../../../contract/errors.ts";
import { KEYWORD_SEARCH_LIMIT, keywordLines } from "../../../contract/keywords.ts";
import { messageText } from "../../../contract/messages.ts";
import { ApiError } from "../../apiError.ts";
import { operatorActor } from "../../audit/operatorActor.ts";
import { recordAudit } from "../../audit/recordAudit.ts";
import {
  keywordCategoriesWithCounts,
  keywordCategoryExists,
  keywordCategoryOf,
  searchKeywords,
} from "../../lists/keywordSearch.ts";
import { addKeywords, deleteKeywords } from "../../lists/keywordWrites.ts";
import type { ServiceDeps } from "../deps.ts";

export interface KeywordListRequest {
  categoryId: string;
  prefix: string;
  updatedFrom?: string;
  updatedTo?: string;
}

const dateOf = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

/** Most keywords an audit summary names; the count says how many there were in all. */
const AUDITED_KEYWORDS = 20;

/** The keyword screens over src/server/lists, scoped to the caller's tenant. */
export function createKeywordService(deps: ServiceDeps) {
  const { db, now } = deps;
  return {
    async categories(companyId: string) {
      const rows = await keywordCategoriesWithCounts(db, companyId);
      return rows.map((row) => ({
        categoryId: row.category_id,
        name: row.name,
        target: row.target,
        count: Number(row.count),
      }));
    },

    async list(companyId: string, request: KeywordListRequest) {
      const rows = await searchKeywords(db, companyId, {
        categoryId: request.categoryId,
        prefix: request.prefix,
        updatedFrom: dateOf(request.updatedFrom),
        updatedTo: dateOf(request.updatedTo),
        limit: KEYWORD_SEARCH_LIMIT,
      });
      return {
        category: (await keywordCategoryOf(db, companyId, request.categoryId)) ?? null,
        keywords: rows.map((row) => ({
          keyword: row.keyword,
          updatedAt: row.updated_at.toISOString(),
          updatedBy: row.operator_name,
        })),
      };
    },

    /** Adds the entered keywords (validated by the contract); an existing one is refreshed. */
    async add(
      caller: { companyId: string; operatorId: number; lang: Lang; sourceIp: string },
      categoryId: string,
      text: string,
    ) {
      const keywords = keywordLines(text);
      return db.transaction().execute(async (trx) => {
        if (!(await keywordCategoryExists(trx, caller.companyId, categoryId)))
          throw new ApiError(ERROR.validation, [
            {
              field: "telegram.categoryId",
              message: messageText(caller.lang, "validation.unknownKeywordCategory"),
            },
          ]);
        const at = now();
        await addKeywords(trx, caller.companyId, categoryId, keywords, { operatorId: caller.operatorId, at });
        // With the change itself: an unknown category (refused above) never gets here.
        const actor = await operatorActor(trx, { ...caller, sourceIp: caller.sourceIp });
        const unique = [...new Set(keywords)];
        const after = { count: unique.length, keywords: unique.slice(0, AUDITED_KEYWORDS) };
        await recordAudit(trx, { ...actor, at, action: "keyword", target: `keyword:${categoryId}`, after });
        return unique.length;
      });
    },

    delete(
      companyId: string,
      categoryId: string,
      keywords: readonly string[],
      by: { operatorId: number; sourceIp: string },
    ) {
      return db.transaction().execute(async (trx) => {
        const deleted = await deleteKeywords(trx, companyId, categoryId, keywords);
        const actor = await operatorActor(trx, { companyId, ...by });
        const before = { count: keywords.length, keywords: keywords.slice(0, AUDITED_KEYWORDS), deleted };
        await recordAudit(trx, {
          ...actor,
          at: now(),
          action: "keyword",
          target: `keyword:${categoryId}`,
          before,
        });
        return deleted;
      });
    },
  };
}

export type KeywordService = ReturnType<typeof createKeywordService>;
