import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** One tenant's keyword categories with their keyword counts, by name. */
export function keywordCategoriesWithCounts(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("keyword_categories as c")
    .leftJoin("keywords as k", (join) =>
      join.onRef("k.company_id", "=", "c.company_id").onRef("k.category_id", "=", "c.category_id"),
    )
    .select((eb) => ["c.category_id", "c.name", "c.target", eb.fn.count<string>("k.keyword").as("count")])
    .where("c.company_id", "=", companyId)
    .groupBy(["c.category_id", "c.name", "c.target"])
    .orderBy("c.name")
    .execute();
}

/** One of the tenant's categories by ID, or undefined. */
export function keywordCategoryOf(db: Kysely<Database>, companyId: string, categoryId: string) {
  return db
    .selectFrom("keyword_categories")
    .select(["name", "target"])
    .where("company_id", "=", companyId)
    .where("category_id", "=", categoryId)
    .executeTakeFirst();
}

/** Whether the category is one of the tenant's. */
export async function keywordCategoryExists(db: Kysely<Database>, companyId: string, categoryId: string) {
  const row = await db
    .selectFrom("keyword_categories")
    .select("category_id")
    .where("company_id", "=", companyId)
    .where("category_id", "=", categoryId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface KeywordSearch {
  categoryId: string;
  /** Compared literally (strpos), so % and _ match only themselves. */
  prefix: string;
  updatedFrom?: Date;
  updatedTo?: Date;
  limit: number;
}

/** One category's keywords, newest first, with the name of the operator who last updated each. */
export function searchKeywords(db: Kysely<Database>, companyId: string, search: KeywordSearch) {
  let query = db
    .selectFrom("keywords as k")
    .leftJoin("operators as o", (join) =>
      join.onRef("o.company_id", "=", "k.company_id").onRef("o.id", "=", "k.updated_by"),
    )
    .select(["k.keyword", "k.updated_at", "o.name as operator_name"])
    .where("k.company_id", "=", companyId)
    .where("k.category_id", "=", search.categoryId);
  if (search.prefix !== "")
    query = query.where((eb) => eb(eb.fn("strpos", ["k.keyword", eb.val(search.prefix)]), "=", 1));
  if (search.updatedFrom !== undefined) query = query.where("k.updated_at", ">=", search.updatedFrom);
  if (search.updatedTo !== undefined) query = query.where("k.updated_at", "<=", search.updatedTo);
  return query.orderBy("k.updated_at", "desc").orderBy("k.keyword").limit(search.limit).execute();
}
