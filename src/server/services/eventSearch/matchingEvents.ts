import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import {
  ASSIGNEE_NONE,
  type DetailSearch,
  type EventSearch,
  type EventSelection,
  foldWidth,
  MANUAL_RESULT_NONE,
  type QuickSearch,
  SEARCH_MODE,
  SETTLE_STATUS_NONE,
} from "../../../contract/eventSearch.ts";
import type { Database, EventsTable } from "../../db/schema.ts";
import {
  containsPattern,
  domainValues,
  exactValues,
  hashValues,
  ipValues,
  phoneLikeValues,
  telValues,
  tokyoInstant,
  zipcodeValues,
} from "./searchValues.ts";

/**
 * The events a search finds, as a query over `events as e` with every condition applied and nothing
 * else: callers choose the columns, the order (e.created_at desc, e.event_id desc) and the limit.
 *
 * Conditions on an event's parts are `e.event_id in (select event_id from <part> where company_id = ...)`
 * semi-joins, which PostgreSQL plans like EXISTS: driven from the part's index when the values are
 * rare, or probing per event along events_created when they are common. Phones, IPs, device IDs and
 * card hashes are looked up in event_link_keys, whose values are normalized (linkKeys.ts), then
 * re-checked on the part row where the key type covers more than the field.
 * Logically deleted events are never found.
 */

type SearchDb = Database & { e: EventsTable };
type Eb = ExpressionBuilder<SearchDb, "e">;
type Party = "purchaser" | "shipping";

function tenantEvents(db: Kysely<Database>, companyId: string) {
  return (
    db
      .selectFrom("events as e")
      .where("e.company_id", "=", companyId)
      // A literal, not a parameter, so the planner knows the (rare) deleted rows are filtered out.
      .where(sql<SqlBool>`not e.logically_deleted`)
  );
}
export type EventSearchQuery = ReturnType<typeof tenantEvents>;

export function matchingEvents(
  db: Kysely<Database>,
  companyId: string,
  search: EventSearch,
): EventSearchQuery {
  const query = tenantEvents(db, companyId);
  return search.mode === SEARCH_MODE.quick
    ? query.where((eb) => quickCondition(db, eb, companyId, search))
    : query.where((eb) => eb.and(detailConditions(db, eb, companyId, search)));
}

/**
 * The selection of the list: explicit event IDs, or all results of a search (screened until the
 * selection's `until`, when given) minus the excluded ones.
 */
export function selectionEvents(
  db: Kysely<Database>,
  companyId: string,
  selection: EventSelection,
): EventSearchQuery {
  if (selection.kind === "ids") {
    return tenantEvents(db, companyId).where(
      sql<SqlBool>`e.event_id = any(${textArray(selection.eventIds)})`,
    );
  }
  const matches = matchingEvents(db, companyId, selection.search);
  // Events screened after "select all" counted them are not part of what the operator selected.
  const query = selection.until
    ? matches.where(sql<SqlBool>`e.created_at <= ${selection.until}::timestamptz`)
    : matches;
  return selection.excludedEventIds.length === 0
    ? query
    : query.where(sql<SqlBool>`not (e.event_id = any(${textArray(selection.excludedEventIds)}))`);
}

/** One array parameter rather than one parameter per value: 500 values stay one bind. */
const textArray = (values: readonly string[]) => sql`${[...values]}::text[]`;
const anyOf = (column: string, values: readonly string[]) =>
  sql<SqlBool>`${sql.ref(column)} = any(${textArray(values)})`;

const linkKeyEvents = (db: Kysely<Database>, companyId: string, keyType: string, values: string[]) =>
  db
    .selectFrom("event_link_keys")
    .select("event_id")
    .where("company_id", "=", companyId)
    .where("key_type", "=", keyType)
    .where(anyOf("key_value", values));

const partyTargets = (target: DetailSearch["partyTarget"]): Party[] =>
  target === "0" ? ["purchaser"] : target === "1" ? ["shipping"] : ["purchaser", "shipping"];

/**
 * Quick search: each value exactly against the event ID, the shop event ID, the shop member ID,
 * phones (tel and mobile tel of both parties; values without Latin letters), the IP address, the
 * device ID (primaryDid), the cookie and, for 64-hex values, the card hash. One union of index
 * look-ups, so the events are fetched by key.
 */
function quickCondition(db: Kysely<Database>, eb: Eb, companyId: string, search: QuickSearch) {
  const values = exactValues(search.q);
  if (values.length === 0) return sql<SqlBool>`true`;
  const tels = phoneLikeValues(search.q);
  const ips = ipValues(search.q);
  const hashes = hashValues(search.q);
  let found = db
    .selectFrom("events")
    .select("event_id")
    .where("company_id", "=", companyId)
    .where(anyOf("event_id", values))
    .unionAll(
      db
        .selectFrom("events")
        .select("event_id")
        .where("company_id", "=", companyId)
        .where(anyOf("shop_event_id", values)),
    )
    .unionAll(
      db
        .selectFrom("event_parties")
        .select("event_id")
        .where("company_id", "=", companyId)
        .where(anyOf("shop_member_id", values)),
    )
    .unionAll(
      db
        .selectFrom("event_devices")
        .select("event_id")
        .where("company_id", "=", companyId)
        .where(anyOf("cookie", values)),
    )
    .unionAll(deviceIdEvents(db, companyId, "primary_did", values));
  if (tels.length > 0) found = found.unionAll(linkKeyEvents(db, companyId, "tel", tels));
  if (ips.length > 0) found = found.unionAll(linkKeyEvents(db, companyId, "ipaddress", ips));
  if (hashes.length > 0) found = found.unionAll(linkKeyEvents(db, companyId, "cchash", hashes));
  return eb("e.event_id", "in", found);
}

/** The deviceId link key holds primaryDid and userDeviceId: found by key, kept when it is the column searched. */
const deviceIdEvents = (
  db: Kysely<Database>,
  companyId: string,
  column: "primary_did" | "user_device_id",
  values: string[],
) =>
  linkKeyEvents(db, companyId, "deviceId", values).where((eb) =>
    eb.exists(
      eb
        .selectFrom("event_devices as d")
        .select(sql`1`.as("one"))
        .where("d.company_id", "=", companyId)
        .whereRef("d.event_id", "=", "event_link_keys.event_id")
        .where(anyOf(`d.${column}`, values)),
    ),
  );

/** Every condition of a detailed search; fields left empty add none. */
function detailConditions(
  db: Kysely<Database>,
  eb: Eb,
  companyId: string,
  s: DetailSearch,
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  const add = (condition: Expression<SqlBool>) => conditions.push(condition);
  const parties = partyTargets(s.partyTarget);
  const partyEvents = () =>
    db
      .selectFrom("event_parties")
      .select("event_id")
      .where("company_id", "=", companyId)
      .where("party", "in", parties);
  const deviceEvents = () =>
    db.selectFrom("event_devices").select("event_id").where("company_id", "=", companyId);
  const normalRuleEvents = () =>
    db
      .selectFrom("event_fired_rules")
      .select("event_id")
      .where("company_id", "=", companyId)
      .where("release_kind", "=", "normal");

  // The event's own identifiers.
  if (s.eventId !== "") add(anyOf("e.event_id", exactValues(s.eventId)));
  if (s.shopEventId !== "") add(anyOf("e.shop_event_id", exactValues(s.shopEventId)));
  if (s.tenantName !== "") add(containsText("e.tenant_name", s.tenantName));

  // Fired rules of the deciding (normal) release.
  if (s.ruleCode !== "")
    add(eb("e.event_id", "in", normalRuleEvents().where(anyOf("rule_code", exactValues(s.ruleCode)))));
  if (s.ruleDescription !== "") {
    add(
      eb("e.event_id", "in", normalRuleEvents().where(containsText("rule_description", s.ruleDescription))),
    );
  }

  // Parties (purchaser, shipping or both): each field may match a different party of the target.
  if (s.shopMemberId !== "")
    add(eb("e.event_id", "in", partyEvents().where(anyOf("shop_member_id", exactValues(s.shopMemberId)))));
  if (s.zipcode !== "")
    add(eb("e.event_id", "in", partyEvents().where(anyOf("zipcode", zipcodeValues(s.zipcode)))));
  if (s.tel !== "") {
    const tels = telValues(s.tel);
    add(eb("e.event_id", "in", linkKeyEvents(db, companyId, "tel", tels)));
    // The tel link key does not say whose phone it is: re-checked on the targeted parties.
    if (parties.length === 1) {
      add(
        eb(
          "e.event_id",
          "in",
          partyEvents().where(
            sql<SqlBool>`(${digitsOf("tel")} = any(${textArray(tels)}) or ${digitsOf("mobile_tel")} = any(${textArray(tels)}))`,
          ),
        ),
      );
    }
  }
  if (s.mailDomain !== "") {
    // The PC or the mobile e-mail's domain, as the account hash below.
    const domains = textArray(domainValues(s.mailDomain));
    add(
      eb(
        "e.event_id",
        "in",
        partyEvents().where(
          sql<SqlBool>`(mail_domain = any(${domains}) or mobile_mail_domain = any(${domains}))`,
        ),
      ),
    );
  }
  if (s.mailAccountHash !== "") {
    const hashes = hashValues(s.mailAccountHash);
    add(
      eb(
        "e.event_id",
        "in",
        partyEvents().where(
          sql<SqlBool>`(upper(mail_account_hash) = any(${textArray(hashes)}) or upper(mobile_mail_account_hash) = any(${textArray(hashes)}))`,
        ),
      ),
    );
  }
  if (s.lastNameHash !== "") {
    add(
      eb(
        "e.event_id",
        "in",
        partyEvents().where(
          sql<SqlBool>`upper(last_name_hash) = any(${textArray(hashValues(s.lastNameHash))})`,
        ),
      ),
    );
  }
  if (s.firstNameHash !== "") {
    add(
      eb(
        "e.event_id",
        "in",
        partyEvents().where(
          sql<SqlBool>`upper(first_name_hash) = any(${textArray(hashValues(s.firstNameHash))})`,
        ),
      ),
    );
  }
  for (const [field, column] of [
    ["company", "company"],
    ["depart", "depart"],
    ["fullAddress", "full_address"],
    ["deliveryCompany", "delivery_company"],
  ] as const) {
    if (s[field] === "") continue;
    add(eb("e.event_id", "in", partyEvents().where(containsText(column, s[field]))));
  }

  // Order items: every item condition describes one and the same item.
  const itemConditions = itemConditionsOf(s);
  if (itemConditions.length > 0) {
    add(
      eb(
        "e.event_id",
        "in",
        db
          .selectFrom("event_items")
          .select("event_id")
          .where("company_id", "=", companyId)
          .where((ib) => ib.and(itemConditions)),
      ),
    );
  }

  // Device.
  if (s.ipaddress !== "")
    add(eb("e.event_id", "in", linkKeyEvents(db, companyId, "ipaddress", ipValues(s.ipaddress))));
  if (s.cookie !== "")
    add(eb("e.event_id", "in", deviceEvents().where(anyOf("cookie", exactValues(s.cookie)))));
  if (s.primaryDid !== "")
    add(eb("e.event_id", "in", deviceIdEvents(db, companyId, "primary_did", exactValues(s.primaryDid))));
  if (s.userDeviceId !== "")
    add(eb("e.event_id", "in", deviceIdEvents(db, companyId, "user_device_id", exactValues(s.userDeviceId))));
  if (s.didShort !== "")
    add(eb("e.event_id", "in", deviceEvents().where(anyOf("did_short", exactValues(s.didShort)))));
  if (s.didMiddle !== "")
    add(eb("e.event_id", "in", deviceEvents().where(anyOf("did_middle", exactValues(s.didMiddle)))));
  if (s.authoriId !== "")
    add(eb("e.event_id", "in", deviceEvents().where(anyOf("authori_id", exactValues(s.authoriId)))));

  // Card.
  if (s.cchash !== "")
    add(eb("e.event_id", "in", linkKeyEvents(db, companyId, "cchash", hashValues(s.cchash))));

  // Amount and date-time ranges (Japan time; the "to" minute is included).
  if (s.amountFrom !== "") add(eb("e.amount", ">=", Number(s.amountFrom)));
  if (s.amountTo !== "") add(eb("e.amount", "<=", Number(s.amountTo)));
  if (s.createdFromDate !== "")
    add(eb("e.created_at", ">=", tokyoInstant(s.createdFromDate, s.createdFromTime)));
  if (s.createdToDate !== "")
    add(eb("e.created_at", "<", tokyoInstant(s.createdToDate, s.createdToTime, true)));
  if (s.requestedFromDate !== "") {
    add(eb("e.requested_at", ">=", tokyoInstant(s.requestedFromDate, s.requestedFromTime)));
  }
  if (s.requestedToDate !== "") {
    add(eb("e.requested_at", "<", tokyoInstant(s.requestedToDate, s.requestedToTime, true)));
  }

  // Code masters: any of the chosen values.
  if (s.aaresult.length > 0) add(eb("e.aaresult", "in", s.aaresult));
  if (s.maresult.length > 0) add(withNone(eb, "e.maresult", s.maresult, MANUAL_RESULT_NONE));
  if (s.authStatus.length > 0) add(eb("e.auth_status", "in", s.authStatus));
  if (s.settleStatus.length > 0) add(withNone(eb, "e.settle_status", s.settleStatus, SETTLE_STATUS_NONE));
  // One of the tenant's models, chosen from a list (checkSearchModel refused any other).
  if (s.modelId !== "") add(eb("e.model_id", "=", s.modelId));
  if (s.labelIds.length > 0) {
    add(
      eb(
        "e.event_id",
        "in",
        db
          .selectFrom("event_labels")
          .select("event_id")
          .where("company_id", "=", companyId)
          .where(anyOf("label_id", s.labelIds)),
      ),
    );
  }
  if (s.assigneeId === ASSIGNEE_NONE) add(eb("e.assignee_id", "is", null));
  else if (s.assigneeId !== "") add(eb("e.assignee_id", "=", Number(s.assigneeId)));
  if (s.negatived !== "") add(eb("e.negatived", "=", s.negatived === "1"));
  return conditions;
}

/**
 * Free text that contains `text`, case-insensitive, both sides in NFKC: "Ｔ４町" or half-width kana
 * typed find what the shop sent in either width (as the engine's keywords are compared).
 */
const containsText = (column: string, text: string) =>
  sql<SqlBool>`normalize(${sql.ref(column)}, NFKC) ilike ${containsPattern(foldWidth(text))}`;

/**
 * A stored phone as normalizeTel keeps it (NFKC, digits only, Japan's +81 as the domestic 0), for
 * re-checking it.
 */
const digitsOf = (column: string) =>
  sql`(select case when t !~ '^\\s*\\+\\s*81' then regexp_replace(t, '[^0-9]', '', 'g')
      else (select case when d = '' or d like '0%' then d else '0' || d end
        from regexp_replace(regexp_replace(t, '^\\s*\\+\\s*81', ''), '[^0-9]', '', 'g') d) end
    from normalize(${sql.ref(column)}, NFKC) t)`;

/** "Any of these codes", where the code "none" stands for no value at all. */
function withNone<C extends "e.maresult" | "e.settle_status">(
  eb: Eb,
  column: C,
  chosen: readonly string[],
  none: string,
): Expression<SqlBool> {
  const codes = chosen.filter((code) => code !== none);
  const conditions: Expression<SqlBool>[] = [];
  if (codes.length > 0) conditions.push(anyOf(column, codes));
  if (codes.length < chosen.length) conditions.push(eb(column, "is", null));
  return eb.or(conditions);
}

function itemConditionsOf(s: DetailSearch): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (s.shopItemId !== "") conditions.push(anyOf("shop_item_id", exactValues(s.shopItemId)));
  if (s.itemName !== "") conditions.push(containsText("item_name", s.itemName));
  if (s.itemCategory !== "") conditions.push(containsText("category", s.itemCategory));
  if (s.priceFrom !== "") conditions.push(sql<SqlBool>`price >= ${Number(s.priceFrom)}`);
  if (s.priceTo !== "") conditions.push(sql<SqlBool>`price <= ${Number(s.priceTo)}`);
  if (s.quantityFrom !== "") conditions.push(sql<SqlBool>`quantity >= ${Number(s.quantityFrom)}`);
  if (s.quantityTo !== "") conditions.push(sql<SqlBool>`quantity <= ${Number(s.quantityTo)}`);
  return conditions;
}
