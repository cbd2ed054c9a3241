import type { Kysely } from "kysely";
import type { Database, KeywordCategoriesTable } from "../db/schema.ts";
import { bumpKeywordVersion } from "./keywordMatcher.ts";

/** Creates keyword categories of one tenant (the engine matches each by its target). */
export async function addKeywordCategories(
  db: Kysely<Database>,
  companyId: string,
  categories: readonly Pick<KeywordCategoriesTable, "category_id" | "name" | "target">[],
  at: Date,
): Promise<void> {
  if (categories.length === 0) return;
  await db
    .insertInto("keyword_categories")
    .values(categories.map((category) => ({ ...category, company_id: companyId, created_at: at })))
    .execute();
}

/**
 * Adds keywords to one category (and moves the tenant's keyword version: the engine's matcher is
 * rebuilt), stored as entered (the engine folds them when it compares, and
 * % and _ are literal there); an existing keyword has its update time and operator refreshed (spec 5).
 */
export async function addKeywords(
  db: Kysely<Database>,
  companyId: string,
  categoryId: string,
  keywords: readonly string[],
  by: { operatorId: number | null; at: Date },
): Promise<void> {
  const unique = [...new Set(keywords)];
  if (unique.length === 0) return;
  await db
    .insertInto("keywords")
    .values(
      unique.map((keyword) => ({
        company_id: companyId,
        category_id: categoryId,
        keyword,
        updated_at: by.at,
        updated_by: by.operatorId,
      })),
    )
    .onConflict((conflict) =>
      conflict.columns(["company_id", "category_id", "keyword"]).doUpdateSet((eb) => ({
        updated_at: eb.ref("excluded.updated_at"),
        updated_by: eb.ref("excluded.updated_by"),
      })),
    )
    .execute();
  await bumpKeywordVersion(db, companyId);
}

/** Removes keywords of one category; answers how many went. */
export async function deleteKeywords(
  db: Kysely<Database>,
  companyId: string,
  categoryId: string,
  keywords: readonly string[],
): Promise<number> {
  if (keywords.length === 0) return 0;
  const result = await db
    .deleteFrom("keywords")
    .where("company_id", "=", companyId)
    .where("category_id", "=", categoryId)
    .where("keyword", "in", keywords)
    .executeTakeFirst();
  await bumpKeywordVersion(db, companyId);
  return Number(result.numDeletedRows);
}
