import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { WhiteType } from "../screening/types.ts";

export interface WhiteSearch {
  type?: WhiteType;
  /** Prefix of the stored (normalized) value; compared literally. */
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
  if (search.valuePrefix !== "")
    query = query.where((eb) => eb(eb.fn("strpos", ["w.value", eb.val(search.valuePrefix)]), "=", 1));
  if (search.createdFrom !== undefined) query = query.where("w.created_at", ">=", search.createdFrom);
  if (search.createdTo !== undefined) query = query.where("w.created_at", "<=", search.createdTo);
  if (search.expiring !== undefined)
    query = query
      .where("w.valid_until", ">", search.expiring.now)
      .where("w.valid_until", "<=", search.expiring.until);
  return query.orderBy("w.created_at", "desc").orderBy("w.value").limit(search.limit).execute();
}
