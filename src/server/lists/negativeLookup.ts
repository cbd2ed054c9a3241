import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { negativeKeysOf } from "./negativeKeys.ts";

export const negativePairId = (item: string, value: string): string => `${item}\u0000${value}`;

/** Array parameters of negative look-ups, one element per key; `screening` numbers the batch's screenings. */
export interface NegativeKeyColumns {
  screening: RawBuilder<unknown>;
  companyId: RawBuilder<unknown>;
  item: RawBuilder<unknown>;
  value: RawBuilder<unknown>;
  /** The screening's time: an entry valid until then or earlier is expired and never hits. */
  now: RawBuilder<unknown>;
}

/**
 * One JSON value: [screening, item, value] for each of a screening's keys that hits its tenant's
 * negative list, looked up through the negative_keys primary key, for a whole batch of screenings
 * at once (all items of both parties), expired entries left out. Fixed text: the keys are array parameters.
 * A probe asks whether one valid entry exists and stops there: a common key (a big provider's mail
 * domain) may be held by a great many entries, and joining them all cost seconds per batch.
 */
export function negativeHitsSql(keys: NegativeKeyColumns): RawBuilder<unknown> {
  return sql`(select coalesce(json_agg(json_build_array(h.i, h.item, h.value)), '[]'::json) from (
    select distinct p.i, p.item, p.value
    from unnest(${keys.screening}::int[], ${keys.companyId}::text[], ${keys.item}::text[],
                ${keys.value}::text[], ${keys.now}::timestamptz[]) as p(i, company_id, item, value, now)
    where exists (
      select from negative_keys k
      where k.company_id = p.company_id and k.item = p.item and k.value = p.value
        and (k.valid_until is null or k.valid_until > p.now))) h)`;
}

/** Reads negativeHitsSql's value: per each of `count` screenings, its hits as negativePairId(item, value). */
export function negativeHitsOf(value: unknown, count: number): Set<string>[] {
  const hits = Array.from({ length: count }, () => new Set<string>());
  for (const [screening, item, hit] of (value ?? []) as [number, string, string][]) {
    hits[screening]?.add(negativePairId(item, hit));
  }
  return hits;
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
      valid_until: entry.valid_until,
    })),
  );
  if (rows.length > 0) await db.insertInto("negative_keys").values(rows).execute();
}
