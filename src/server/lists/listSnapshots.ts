import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Whole-tenant reads of the lists for the seed's batch screener (it screens a year of demo events
 * from memory) and the keyword category names the released rule list shows: the lists' tables are
 * read only here and in the other files of src/server/lists.
 */

/** Every white entry of the tenant, as type and stored value. */
export function whiteEntriesOfTenant(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("white_entries")
    .select(["entry_type", "value"])
    .where("company_id", "=", companyId)
    .execute();
}

/** Every negative match key of the tenant, with the expiry of its entry (null: never expires). */
export function negativeKeysOfTenant(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("negative_keys")
    .select(["item", "value", "valid_until"])
    .where("company_id", "=", companyId)
    .execute();
}

/** Every keyword of the tenant with its category. */
export function keywordsOfTenant(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom("keywords")
    .select(["category_id", "keyword"])
    .where("company_id", "=", companyId)
    .execute();
}

/** The names of the tenant's keyword categories among `categoryIds`. */
export async function keywordCategoryNames(
  db: Kysely<Database>,
  companyId: string,
  categoryIds: readonly string[],
): Promise<Map<string, string>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("keyword_categories")
    .select(["category_id", "name"])
    .where("company_id", "=", companyId)
    .where("category_id", "in", categoryIds)
    .execute();
  return new Map(rows.map((row) => [row.category_id, row.name]));
}
