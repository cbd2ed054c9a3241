import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { type NegativeKey, negativeKeysOf } from "../screening/negativeKeys.ts";

const pairId = (item: string, value: string): string => `${item}\u0000${value}`;

/**
 * Which of the given (item, value) keys hit the tenant's negative list: one index query for all
 * items of both parties. Answers the hit keys as pairId(item, value).
 */
export async function findNegativeHits(
  db: Kysely<Database>,
  companyId: string,
  keys: readonly NegativeKey[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const items = keys.map((key) => key.item);
  const values = keys.map((key) => key.value);
  const { rows } = await sql<{ item: string; value: string }>`
    select distinct k.item, k.value
    from unnest(${items}::text[], ${values}::text[]) as p(item, value)
    join negative_keys k on k.company_id = ${companyId} and k.item = p.item and k.value = p.value`.execute(
    db,
  );
  return new Set(rows.map((row) => pairId(row.item, row.value)));
}

export const negativePairId = pairId;

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
