import type { Lang } from "../../../contract/envelope.ts";
import { ERROR } from "../../../contract/errors.ts";
import { KEYWORD_SEARCH_LIMIT, keywordLines } from "../../../contract/keywords.ts";
import { messageText } from "../../../contract/messages.ts";
import { ApiError } from "../../apiError.ts";
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
      caller: { companyId: string; operatorId: number; lang: Lang },
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
        await addKeywords(trx, caller.companyId, categoryId, keywords, {
          operatorId: caller.operatorId,
          at: now(),
        });
        return new Set(keywords).size;
      });
    },

    delete(companyId: string, categoryId: string, keywords: readonly string[]) {
      return db.transaction().execute((trx) => deleteKeywords(trx, companyId, categoryId, keywords));
    },
  };
}

export type KeywordService = ReturnType<typeof createKeywordService>;
