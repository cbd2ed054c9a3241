import { ERROR } from "../../../contract/errors.ts";
import { type DetailSearch, EMPTY_DETAIL_SEARCH, searchToQuery } from "../../../contract/eventSearch.ts";
import { JAPAN_OFFSET_MS } from "../../../contract/japanTime.ts";
import {
  NEGATIVE_ADD_TYPE,
  NEGATIVE_FIELDS,
  NEGATIVE_MATCH_DAYS,
  type NegativeField,
  type NegativeItemType,
  type NegativeSearchParsed,
  negativeLines,
} from "../../../contract/negativeList.ts";
import { ApiError } from "../../apiError.ts";
import type { NewNegative } from "../../db/schema.ts";
import {
  negativeColumnOf,
  negativeIdsOf,
  primaryItemOf,
  readNegative,
  searchNegativePage,
} from "../../lists/negativeSearch.ts";
import { deleteNegatives, insertNegatives } from "../../lists/negativeWrites.ts";
import { domainHash, normalizeHash, normalizeIp } from "../../screening/normalize.ts";
import type { ServiceDeps } from "../deps.ts";
import { matchingEvents } from "../eventSearch/matchingEvents.ts";

export interface NegativeAddInput {
  item: NegativeItemType;
  values: string;
  settleCategory: string;
  otherCategory: string;
  validUntil: string;
  note: string;
}

const DAY_MS = 86_400_000;

/** snake_case column of a contract field name. */
export const columnOf = (field: NegativeField): string =>
  field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const iso = (at: Date | null): string | null => (at === null ? null : new Date(at).toISOString());

/** The Japan date `days` days before `now`, YYYY-MM-DD. */
const japanDateBefore = (now: Date, days: number): string =>
  new Date(now.getTime() - days * DAY_MS + JAPAN_OFFSET_MS).toISOString().slice(0, 10);

/** The stored fields of one quick-registration line (the contract has checked it). */
function fieldsOfLine(item: NegativeItemType, value: string): Partial<NewNegative> {
  switch (item) {
    case "name": {
      const [last, first] = value.split("&");
      return {
        normalized_last_name: normalizeHash(last) ?? null,
        normalized_first_name: normalizeHash(first) ?? null,
      };
    }
    case "mail": {
      const [account, domain] = value.split("&");
      return { mail_account: normalizeHash(account) ?? null, mail_domain: domainHash(domain) ?? null };
    }
    case "ipaddress":
    case "ipaddressv6":
      return { [negativeColumnOf(item)]: normalizeIp(value) ?? value };
    default:
      return { [negativeColumnOf(item)]: value };
  }
}

/** The event search of the events an entry would have caught: its first item, the last 90 days. */
function eventSearchOf(row: Record<string, unknown>, now: Date): DetailSearch | undefined {
  const primary = primaryItemOf(row);
  if (primary === undefined) return undefined;
  const base: DetailSearch = {
    ...EMPTY_DETAIL_SEARCH,
    createdFromDate: japanDateBefore(now, NEGATIVE_MATCH_DAYS),
    createdFromTime: "00:00",
  };
  const value = primary.value;
  switch (primary.item) {
    case "tel":
    case "mobileTel":
      return { ...base, tel: value };
    case "address":
      return { ...base, fullAddress: value };
    case "zipcode":
      return { ...base, zipcode: value };
    case "mail":
      return { ...base, mailAccountHash: value.split("&")[0] ?? "" };
    case "name": {
      const [last, first] = value.split("&");
      return { ...base, lastNameHash: last ?? "", firstNameHash: first ?? "" };
    }
    case "shopMemberId":
      return { ...base, shopMemberId: value };
    case "ipaddress":
    case "ipaddressv6":
      return { ...base, ipaddress: value };
    case "cookie":
      return { ...base, cookie: value };
    case "deviceId":
      return { ...base, primaryDid: value };
    case "company":
      return { ...base, company: value };
    default:
      return undefined;
  }
}

/** The negative list screens (/NegativeList, /NegativeDetail, /NegativeAdd) over src/server/lists. */
export function createNegativeListService(deps: ServiceDeps) {
  const { db, now } = deps;
  return {
    async search(companyId: string, search: NegativeSearchParsed, pageSize: number, after: string | null) {
      const page = await searchNegativePage(db, companyId, search, { size: pageSize, after }, now());
      return {
        total: page.total,
        next: page.next,
        entries: page.rows.map((row) => {
          const primary = primaryItemOf(row as Record<string, unknown>);
          return {
            negativeId: String(row.negative_id),
            addType: row.add_type,
            item: primary?.item ?? null,
            value: primary?.value ?? "",
            updatedAt: new Date(row.updated_at).toISOString(),
            validUntil: iso(row.valid_until),
            note: row.note,
          };
        }),
      };
    },

    async detail(companyId: string, negativeId: string) {
      const row = await readNegative(db, companyId, negativeId);
      if (row === undefined) throw new ApiError(ERROR.notFound);
      const record = row as unknown as Record<string, unknown>;
      const search = eventSearchOf(record, now());
      let matchCount = 0;
      if (search !== undefined) {
        const counted = await matchingEvents(db, companyId, search)
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .executeTakeFirstOrThrow();
        matchCount = Number(counted.count);
      }
      return {
        negativeId: String(row.negative_id),
        addType: row.add_type,
        eventId: row.event_id,
        shopEventId: row.shop_event_id,
        fields: NEGATIVE_FIELDS.flatMap((field) => {
          const value = record[columnOf(field)];
          return typeof value === "string" && value !== "" ? [{ field, value }] : [];
        }),
        createdAt: new Date(row.created_at).toISOString(),
        createdBy: row.created_by_name,
        updatedAt: new Date(row.updated_at).toISOString(),
        updatedBy: row.updated_by_name,
        validUntil: iso(row.valid_until),
        note: row.note,
        matchCount,
        matchQuery: search === undefined ? null : searchToQuery(search).toString(),
      };
    },

    async add(companyId: string, operatorId: number, input: NegativeAddInput) {
      const at = now();
      const validUntil =
        input.validUntil === ""
          ? null
          : new Date(new Date(`${input.validUntil}T00:00:00+09:00`).getTime() + DAY_MS);
      const entries = negativeLines(input.values).map(({ value }) => ({
        add_type: NEGATIVE_ADD_TYPE.screen,
        created_at: at,
        updated_at: at,
        created_by: operatorId,
        updated_by: operatorId,
        settle_category: input.settleCategory === "" ? null : input.settleCategory,
        other_category: input.otherCategory === "" ? null : input.otherCategory,
        valid_until: validUntil,
        note: input.note === "" ? null : input.note,
        ...fieldsOfLine(input.item, value),
      }));
      await db.transaction().execute((trx) => insertNegatives(trx, companyId, entries));
      return entries.length;
    },

    delete(companyId: string, negativeIds: readonly string[]) {
      return db.transaction().execute((trx) => deleteNegatives(trx, companyId, negativeIds));
    },

    deleteMatching(companyId: string, search: NegativeSearchParsed) {
      return db.transaction().execute(async (trx) => {
        const ids = await negativeIdsOf(trx, companyId, search, now());
        let deleted = 0;
        for (let i = 0; i < ids.length; i += 1_000)
          deleted += await deleteNegatives(trx, companyId, ids.slice(i, i + 1_000));
        return deleted;
      });
    },
  };
}

export type NegativeListService = ReturnType<typeof createNegativeListService>;
