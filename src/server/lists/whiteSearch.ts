import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { WhiteType } from "../screening/types.ts";
import { normalizeWhiteValue } from "./whiteLookup.ts";

const WHITE_TYPES: readonly WhiteType[] = ["ip", "shopMemberId", "tel"];

export interface WhiteSearch {
  type?: WhiteType;
  /**
   * Prefix of the value as the operator typed it: normalized per type as the entries are stored
   * ("090-1234" finds 09012345678), then compared literally (no wildcards).
   */
  valuePrefix: string;
  createdFrom?: Date;
  createdTo?: Date;
  /** Only entries whose expiry lies in (now, until]. */
  expiring?: { now: Date; until: Date };
  limit: number;
}

/** One tenant's white entries, newest first, with the name of the operator who added each. */
export function searchWhiteEntries(db: Kysely<Database>, companyId: string, search: WhiteSearch) {
  let query = db
    .selectFrom("white_entries as w")
    .leftJoin("operators as o", (join) =>
      join.onRef("o.company_id", "=", "w.company_id").onRef("o.id", "=", "w.created_by"),
    )
    .select(["w.entry_type", "w.value", "w.created_at", "w.valid_until", "w.note", "o.name as operator_name"])
    .where("w.company_id", "=", companyId);
  if (search.type !== undefined) query = query.where("w.entry_type", "=", search.type);
  if (search.valuePrefix.trim() !== "") {
    const types = search.type === undefined ? WHITE_TYPES : [search.type];
    query = query.where((eb) =>
      eb.or(
        types.map((type) =>
          eb.and([
            eb("w.entry_type", "=", type),
            eb(
              eb.fn("strpos", [
                "w.value",
                eb.val(normalizeWhiteValue(type, search.valuePrefix) ?? search.valuePrefix),
              ]),
              "=",
              1,
            ),
          ]),
        ),
      ),
    );
  }
  if (search.createdFrom !== undefined) query = query.where("w.created_at", ">=", search.createdFrom);
  if (search.createdTo !== undefined) query = query.where("w.created_at", "<=", search.createdTo);
  if (search.expiring !== undefined)
    query = query
      .where("w.valid_until", ">", search.expiring.now)
      .where("w.valid_until", "<=", search.expiring.until);
  return query.orderBy("w.created_at", "desc").orderBy("w.value").limit(search.limit).execute();
}
