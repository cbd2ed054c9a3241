import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { type NegativeKey, negativeKeysOf } from "../screening/negativeKeys.ts";

export const negativePairId = (item: string, value: string): string => `${item}\u0000${value}`;

/**
 * One JSON value: the [item, value] pairs among the given keys that hit the tenant's negative list,
 * looked up through the negative_keys primary key (all items of both parties at once). Its text is
 * the same for any keys (they are array parameters). The engine puts it into its one facts query;
 * findNegativeHits runs it alone.
 */
export function negativeHitsSql(companyId: string, keys: readonly NegativeKey[]): RawBuilder<unknown> {
  return sql`(select coalesce(json_agg(json_build_array(h.item, h.value)), '[]'::json) from (
    select distinct k.item, k.value
    from unnest(${keys.map((key) => key.item)}::text[], ${keys.map((key) => key.value)}::text[]) as p(item, value)
    join negative_keys k on k.company_id = ${companyId} and k.item = p.item and k.value = p.value) h)`;
}

/** Reads negativeHitsSql's value as a set of negativePairId(item, value). */
export const negativeHitsOf = (value: unknown): Set<string> =>
  new Set(((value ?? []) as [string, string][]).map(([item, hit]) => negativePairId(item, hit)));

/** Which of the given (item, value) keys hit the tenant's negative list, as negativePairId(item, value). */
export async function findNegativeHits(
  db: Kysely<Database>,
  companyId: string,
  keys: readonly NegativeKey[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await sql<{ hits: unknown }>`select ${negativeHitsSql(companyId, keys)} as hits`.execute(
    db,
  );
  return negativeHitsOf(rows[0]?.hits);
}

/**
 * Rewrites the look-up keys of the tenant's negative entries from their stored fields; call it in
 * the same transaction as every insert or update of negatives.
 */
export async function syncNegativeKeys(
  db: Kysely<Database>,
  companyId: string,
  negativeIds: readonly string[],
): Promise<void> {
  if (negativeIds.length === 0) return;
  await db
    .deleteFrom("negative_keys")
    .where("company_id", "=", companyId)
    .where("negative_id", "in", negativeIds)
    .execute();
  const entries = await db
    .selectFrom("negatives")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("negative_id", "in", negativeIds)
    .execute();
  const rows = entries.flatMap((entry) =>
    negativeKeysOf(entry).map((key) => ({
      company_id: companyId,
      item: key.item,
      value: key.value,
      negative_id: String(entry.negative_id),
    })),
  );
  if (rows.length > 0) await db.insertInto("negative_keys").values(rows).execute();
}
