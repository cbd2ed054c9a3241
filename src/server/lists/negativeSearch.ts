import { type Kysely, type SqlBool, sql } from "kysely";
import type { NegativeItemType, NegativeSearchParsed } from "../../contract/negativeList.ts";
import { NEGATIVE_EXPIRING_DAYS, NEGATIVE_ITEM_TYPES } from "../../contract/negativeList.ts";
import type { NegativeItem } from "../../contract/rules.ts";
import type { Database, NegativesTable } from "../db/schema.ts";
import {
  nameKey,
  normalizeAddress,
  normalizeHash,
  normalizeIp,
  normalizeOpaque,
  normalizeTel,
  normalizeZipcode,
} from "../screening/normalize.ts";

type Column = keyof NegativesTable & string;

/**
 * Each item type of the list: the stored columns that hold it and, for the items the engine matches,
 * the match key (negative_keys.item) its values are searched by, normalized as the engine does.
 */
const ITEM_COLUMNS: Record<
  NegativeItemType,
  { columns: Column[]; key?: NegativeItem; normalize?: (v: string) => string | undefined }
> = {
  tel: { columns: ["tel"], key: "tel", normalize: normalizeTel },
  mobileTel: { columns: ["mobile_tel"], key: "mobileTel", normalize: normalizeTel },
  address: { columns: ["full_address"], key: "address", normalize: normalizeAddress },
  zipcode: { columns: ["zipcode"], key: "zipcode", normalize: normalizeZipcode },
  mail: {
    columns: ["mail_account", "mobile_mail_account"],
    key: "mailAccount",
    normalize: (v) => normalizeHash(v.split("&")[0]),
  },
  name: {
    columns: ["normalized_last_name"],
    key: "name",
    normalize: (v) => {
      const [last, first] = v.split("&");
      return nameKey(last, first);
    },
  },
  shopMemberId: { columns: ["shop_member_id"], key: "shopMemberId", normalize: normalizeOpaque },
  ipaddress: { columns: ["ipaddress"], key: "ipaddress", normalize: normalizeIp },
  ipaddressv6: { columns: ["ipaddressv6"], key: "ipaddress", normalize: normalizeIp },
  cookie: { columns: ["cookie"], key: "cookie", normalize: normalizeOpaque },
  deviceId: {
    columns: ["primary_did", "did_middle", "did_short"],
    key: "deviceId",
    normalize: normalizeOpaque,
  },
  etag: { columns: ["etag"] },
  localStorage: { columns: ["local_storage"] },
  company: { columns: ["company"] },
};

/** The stored column a registered value of the item goes to. */
export const negativeColumnOf = (item: NegativeItemType): Column => ITEM_COLUMNS[item].columns[0] as Column;

/** The first item an entry holds (NEGATIVE_ITEM_TYPES order) and its stored value. */
export function primaryItemOf(
  row: Partial<Record<Column, unknown>>,
): { item: NegativeItemType; value: string } | undefined {
  for (const item of NEGATIVE_ITEM_TYPES) {
    const columns = ITEM_COLUMNS[item].columns;
    const values = columns
      .map((column) => row[column])
      .filter((v): v is string => typeof v === "string" && v !== "");
    if (values[0] === undefined) continue;
    if (item === "name")
      return { item, value: `${row.normalized_last_name}&${row.normalized_first_name ?? ""}` };
    if (item === "mail")
      return { item, value: `${values[0]}&${row.mail_domain ?? row.mobile_mail_domain ?? ""}` };
    return { item, value: values[0] };
  }
  return undefined;
}

export const PRIMARY_COLUMNS = [
  ...new Set([
    ...Object.values(ITEM_COLUMNS).flatMap((c) => c.columns),
    "normalized_first_name",
    "mail_domain",
    "mobile_mail_domain",
  ]),
] as Column[];

/** First instant of a Japan date, and of the day after it. */
const japanDayStart = (date: string, plusDays = 0): Date =>
  new Date(new Date(`${date}T00:00:00+09:00`).getTime() + plusDays * 86_400_000);

/**
 * The tenant's negative entries matching a search, as a query on `negatives as n` (scoped by company
 * first): item values through the match keys' primary key, otherwise the item's columns.
 */
export function matchingNegatives(
  db: Kysely<Database>,
  companyId: string,
  search: NegativeSearchParsed,
  now: Date,
) {
  let query = db.selectFrom("negatives as n").where("n.company_id", "=", companyId);
  const values = search.values.split(/\s+/).filter((v) => v !== "");
  if (search.item !== "") {
    const spec = ITEM_COLUMNS[search.item];
    if (values.length === 0) {
      query = query.where((eb) => eb.or(spec.columns.map((column) => eb(`n.${column}`, "is not", null))));
    } else if (spec.key !== undefined && spec.normalize !== undefined) {
      const normalize = spec.normalize;
      const keys = [...new Set(values.map((v) => normalize(v.normalize("NFKC")) ?? v))];
      query = query.where((eb) =>
        eb(
          "n.negative_id",
          "in",
          eb
            .selectFrom("negative_keys as k")
            .select("k.negative_id")
            .where("k.company_id", "=", companyId)
            .where("k.item", "=", spec.key as string)
            .where("k.value", "in", keys),
        ),
      );
      if (search.item === "ipaddress" || search.item === "ipaddressv6")
        query = query.where(`n.${negativeColumnOf(search.item)}`, "is not", null);
    } else {
      query = query.where((eb) => eb.or(spec.columns.map((column) => eb(`n.${column}`, "in", values))));
    }
  }
  if (search.updatedFrom !== "") query = query.where("n.updated_at", ">=", japanDayStart(search.updatedFrom));
  if (search.updatedTo !== "") query = query.where("n.updated_at", "<", japanDayStart(search.updatedTo, 1));
  if (search.expiringSoon)
    query = query
      .where("n.valid_until", ">", now)
      .where("n.valid_until", "<=", new Date(now.getTime() + NEGATIVE_EXPIRING_DAYS * 86_400_000));
  return query;
}

/** Keyset position after a row: its updated_at as PostgreSQL writes it (microseconds kept) and id. */
export const negativeCursor = (row: { cursor_at: string; negative_id: string }): string =>
  `${row.cursor_at}|${row.negative_id}`;

const CURSOR_AT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)([+-]\d{2})(?::?(\d{2}))?$/;

/** A cursor as negativeCursor wrote it, or undefined (then the first page is answered). */
function parseCursor(text: string): { at: string; id: string } | undefined {
  const [at, id, ...rest] = text.split("|");
  if (rest.length > 0 || at === undefined || id === undefined || !/^[1-9][0-9]{0,17}$/.test(id))
    return undefined;
  const parts = CURSOR_AT.exec(at);
  // Checked as a real instant here, so PostgreSQL never meets a text it cannot read.
  if (!parts || Number.isNaN(Date.parse(`${parts[1]}T${parts[2]}${parts[3]}:${parts[4] ?? "00"}`)))
    return undefined;
  return { at, id };
}

/** One page of a search, newest update first, and the search's total. */
export async function searchNegativePage(
  db: Kysely<Database>,
  companyId: string,
  search: NegativeSearchParsed,
  page: { size: number; after: string | null },
  now: Date,
) {
  const cursor = page.after === null ? undefined : parseCursor(page.after);
  let rows = matchingNegatives(db, companyId, search, now)
    .select([
      "n.negative_id",
      "n.add_type",
      "n.updated_at",
      "n.valid_until",
      "n.note",
      sql<string>`n.updated_at::text`.as("cursor_at"),
      ...PRIMARY_COLUMNS.map((column) => `n.${column}` as const),
    ])
    .orderBy("n.updated_at", "desc")
    .orderBy("n.negative_id", "desc")
    .limit(page.size + 1);
  if (cursor !== undefined)
    rows = rows.where(
      sql<SqlBool>`(n.updated_at, n.negative_id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`,
    );
  const [found, total] = await Promise.all([
    rows.execute(),
    matchingNegatives(db, companyId, search, now)
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  const shown = found.slice(0, page.size);
  const last = shown.at(-1);
  return {
    rows: shown,
    total: Number(total.count),
    next: found.length > page.size && last !== undefined ? negativeCursor(last) : null,
  };
}

/** Every matching entry, in batches of `size` (keyset), for the CSV output. */
export async function* negativeBatches(
  db: Kysely<Database>,
  companyId: string,
  search: NegativeSearchParsed,
  size: number,
  now: Date,
) {
  let after: string | null = null;
  for (;;) {
    const cursor = after === null ? undefined : parseCursor(after);
    let query = matchingNegatives(db, companyId, search, now)
      .selectAll("n")
      .select(sql<string>`n.updated_at::text`.as("cursor_at"))
      .orderBy("n.updated_at", "desc")
      .orderBy("n.negative_id", "desc")
      .limit(size);
    if (cursor !== undefined)
      query = query.where(
        sql<SqlBool>`(n.updated_at, n.negative_id) < (${cursor.at}::timestamptz, ${cursor.id}::bigint)`,
      );
    const rows = await query.execute();
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < size || last === undefined) return;
    after = negativeCursor(last);
  }
}

/** One entry with the names of who created and last updated it. */
export function readNegative(db: Kysely<Database>, companyId: string, negativeId: string) {
  return db
    .selectFrom("negatives as n")
    .leftJoin("operators as c", (join) =>
      join.onRef("c.company_id", "=", "n.company_id").onRef("c.id", "=", "n.created_by"),
    )
    .leftJoin("operators as u", (join) =>
      join.onRef("u.company_id", "=", "n.company_id").onRef("u.id", "=", "n.updated_by"),
    )
    .selectAll("n")
    .select(["c.name as created_by_name", "u.name as updated_by_name"])
    .where("n.company_id", "=", companyId)
    .where("n.negative_id", "=", negativeId)
    .executeTakeFirst();
}

/** The ids of every entry of a search (deleting all results), at most `limit`. */
export async function negativeIdsOf(
  db: Kysely<Database>,
  companyId: string,
  search: NegativeSearchParsed,
  now: Date,
): Promise<string[]> {
  const rows = await matchingNegatives(db, companyId, search, now).select("n.negative_id").execute();
  return rows.map((row) => String(row.negative_id));
}
