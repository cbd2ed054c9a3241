import { messageText } from "../../contract/messages.ts";
import type { RowOutcome, UploadRowHandler } from "./rowHandler.ts";

/** Longest keyword a registration takes (spec section 5: a parameter; this console's value). */
export const KEYWORD_MAX_LENGTH = 100;
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
      if ([...keyword].length > KEYWORD_MAX_LENGTH)
        return refuse("keyword", messageText(lang, "validation.keywordMaxLength", { 0: KEYWORD_MAX_LENGTH }));
      if (WILDCARDS_ONLY.test(keyword))
        return refuse("keyword", messageText(lang, "validation.keywordWildcardsOnly"));
      // One statement cannot update a row twice: a keyword repeated in the batch is stored once.
      toStore.set(JSON.stringify([categoryId, keyword]), { category_id: categoryId, keyword });
      return { applied: true };
    });
    if (toStore.size > 0)
      await trx
        .insertInto("keywords")
        .values(
          [...toStore.values()].map((entry) => ({
            ...entry,
            company_id: companyId,
            updated_at: now,
            updated_by: operatorId,
          })),
        )
        .onConflict((oc) =>
          oc
            .columns(["company_id", "category_id", "keyword"])
            .doUpdateSet({ updated_at: now, updated_by: operatorId }),
        )
        .execute();
    return outcomes;
  },
};
