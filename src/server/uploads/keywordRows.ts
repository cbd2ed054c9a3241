import { KEYWORD_MAX_CHARACTERS } from "../../contract/keywords.ts";
import { messageText } from "../../contract/messages.ts";
import { addKeywords } from "../lists/keywordWrites.ts";
import type { RowOutcome, UploadRowHandler } from "./rowHandler.ts";

const WILDCARDS_ONLY = /^[%_]+$/;

/**
 * CsvKeyword: one keyword per row, registered in a category of the tenant (columns categoryId,
 * keyword), by the keyword rules of spec section 5; an existing keyword has its update time and
 * operator refreshed.
 */
export const keywordRowHandler: UploadRowHandler = {
  fileType: "CsvKeyword",
  columns: ["categoryId", "keyword"],
  async applyBatch(trx, context, rows) {
    const { companyId, operatorId, lang, now } = context;
    const categoryIds = [...new Set(rows.map((row) => row.values.categoryId ?? ""))];
    const known = new Set(
      (
        await trx
          .selectFrom("keyword_categories")
          .select("category_id")
          .where("company_id", "=", companyId)
          .where("category_id", "in", categoryIds)
          .execute()
      ).map((row) => row.category_id),
    );
    const refuse = (column: string, message: string): RowOutcome => ({ applied: false, column, message });
    const toStore = new Map<string, { category_id: string; keyword: string }>();
    const outcomes = rows.map((row): RowOutcome => {
      const categoryId = (row.values.categoryId ?? "").trim();
      const keyword = (row.values.keyword ?? "").trim();
      if (categoryId === "") return refuse("categoryId", messageText(lang, "validation.required"));
      if (!known.has(categoryId))
        return refuse("categoryId", messageText(lang, "validation.unknownKeywordCategory"));
      if (keyword === "") return refuse("keyword", messageText(lang, "validation.required"));
      if ([...keyword].length > KEYWORD_MAX_CHARACTERS)
        return refuse(
          "keyword",
          messageText(lang, "validation.keywordMaxLength", { 0: KEYWORD_MAX_CHARACTERS }),
        );
      if (WILDCARDS_ONLY.test(keyword))
        return refuse("keyword", messageText(lang, "validation.keywordWildcardsOnly"));
      // One statement cannot update a row twice: a keyword repeated in the batch is stored once.
      toStore.set(JSON.stringify([categoryId, keyword]), { category_id: categoryId, keyword });
      return { applied: true };
    });
    // The lists module is the keywords' only writer (src/server/lists); one call per category.
    const byCategory = new Map<string, string[]>();
    for (const { category_id, keyword } of toStore.values())
      byCategory.set(category_id, [...(byCategory.get(category_id) ?? []), keyword]);
    for (const [categoryId, keywords] of byCategory)
      await addKeywords(trx, companyId, categoryId, keywords, { operatorId, at: now });
    return outcomes;
  },
};
