import type { Kysely } from "kysely";
import type { Database, NewNegative } from "../db/schema.ts";
import { negativeKeysOf } from "./negativeKeys.ts";
import { negativePairId } from "./negativeLookup.ts";

/**
 * The tenant's negative entries that hold exactly the given values: the same match keys (the
 * values normalized as negativeKeysOf normalizes every entry, so "090-1234-5678" finds the entry
 * stored from "09012345678") and no other key, of the same customer type. This is what cancelling a
 * registration by value removes (CsvNegativeItem register 0): the entry the same values would have
 * registered, never a bigger entry that merely shares one of them (an event's entry holding that
 * phone number among its other items stays). Empty when the values give no key.
 */
export async function negativeIdsWithValues(
  db: Kysely<Database>,
  companyId: string,
  values: Omit<NewNegative, "company_id">,
): Promise<string[]> {
  const keys = negativeKeysOf(values);
  const [first] = keys;
  if (!first) return [];
  // Candidates by one key (negative_keys' primary key), of the customer type.
  let candidates = db
    .selectFrom("negative_keys as k")
    .innerJoin("negatives as n", (join) =>
      join.onRef("n.company_id", "=", "k.company_id").onRef("n.negative_id", "=", "k.negative_id"),
    )
    .select("k.negative_id")
    .where("k.company_id", "=", companyId)
    .where("k.item", "=", first.item)
    .where("k.value", "=", first.value);
  candidates =
    values.customer_type == null
      ? candidates.where("n.customer_type", "is", null)
      : candidates.where("n.customer_type", "=", values.customer_type);
  const ids = (await candidates.execute()).map((row) => String(row.negative_id));
  if (ids.length === 0) return [];
  const wanted = new Set(keys.map((key) => negativePairId(key.item, key.value)));
  const held = new Map<string, Set<string>>();
  for (const row of await db
    .selectFrom("negative_keys")
    .select(["negative_id", "item", "value"])
    .where("company_id", "=", companyId)
    .where("negative_id", "in", ids)
    .execute()) {
    const id = String(row.negative_id);
    const set = held.get(id) ?? new Set<string>();
    set.add(negativePairId(row.item, row.value));
    held.set(id, set);
  }
  return ids.filter((id) => {
    const set = held.get(id);
    return set !== undefined && set.size === wanted.size && [...wanted].every((key) => set.has(key));
  });
}
