import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { type EventSearch, SEARCH_MODE } from "../../../contract/eventSearch.ts";
import type { Database } from "../../db/schema.ts";
import { type EventSearchQuery, matchingEvents } from "./matchingEvents.ts";
import { exactValues } from "./searchValues.ts";

/**
 * A search with a rule code, in list order from the fired-rules index (migration 011: company, rule
 * code, release kind, created_at desc, event ID desc). Left to matchingEvents' semi-join, the planner
 * walks the tenant's events newest first and probes each for the rule (some 10,000 probes for a page
 * of 200 of a code on 2% of events); here the page's positions come from the index in order, the
 * keyset bound applied there too, and each is joined to its event for the other conditions.
 */

/** A list position (created_at to the microsecond, as text) and the side of it wanted. */
export interface ListBound {
  at: string;
  eventId: string;
  side: "older" | "newer";
}

/**
 * Beyond this many codes one scan of them all (sorted) replaces one ordered scan per code merged;
 * hundreds of union arms would cost more to plan than they save.
 */
const MAX_MERGED_CODES = 20;

/** The rule codes a search looks for, or none (quick search, or the field empty). */
export function searchedRuleCodes(search: EventSearch): string[] {
  return search.mode === SEARCH_MODE.detail && search.ruleCode !== "" ? exactValues(search.ruleCode) : [];
}

/**
 * The events of a search in list order (newest first, or oldest first for "newer" bounds), past the
 * bound if given: the caller adds the columns, the order of `e` and the limit. With no rule code it is
 * matchingEvents with the bound.
 */
export function searchInListOrder(
  db: Kysely<Database>,
  companyId: string,
  search: EventSearch,
  bound?: ListBound,
): EventSearchQuery {
  const codes = searchedRuleCodes(search);
  if (search.mode !== SEARCH_MODE.detail || codes.length === 0) {
    const matches = matchingEvents(db, companyId, search);
    return bound ? matches.where(beyond("e", bound)) : matches;
  }
  const descending = bound?.side !== "newer";
  // The rule code is applied by the driving positions, so not again as a semi-join.
  const others = matchingEvents(db, companyId, { ...search, ruleCode: "" });
  const positions = rulePositions(db, companyId, codes, bound, descending);
  return others.innerJoin(positions.as("r"), (join) =>
    // created_at too: the join keeps the positions' order, which is the list order of e.
    join.onRef("r.event_id", "=", "e.event_id").onRef("r.created_at", "=", "e.created_at"),
  );
}

/** Matches strictly past a list position, on the given table alias. */
function beyond(alias: "e" | "f", bound: ListBound) {
  const position = sql`(${sql.ref(`${alias}.created_at`)}, ${sql.ref(`${alias}.event_id`)})`;
  return bound.side === "older"
    ? sql<SqlBool>`${position} < (${bound.at}::timestamptz, ${bound.eventId})`
    : sql<SqlBool>`${position} > (${bound.at}::timestamptz, ${bound.eventId})`;
}

/**
 * The distinct positions (created_at, event ID) of the events firing any of the codes in the deciding
 * (normal) release, in list order: one index range per code read in order and merged, an event firing
 * several of them once.
 */
function rulePositions(
  db: Kysely<Database>,
  companyId: string,
  codes: string[],
  bound: ListBound | undefined,
  descending: boolean,
) {
  const fired = (codeCondition: RawBuilder<SqlBool>) => {
    const query = db
      .selectFrom("event_fired_rules as f")
      .select(["f.created_at", "f.event_id"])
      .where("f.company_id", "=", companyId)
      .where(codeCondition)
      .where("f.release_kind", "=", "normal");
    return bound ? query.where(beyond("f", bound)) : query;
  };
  const arms =
    codes.length > MAX_MERGED_CODES
      ? [fired(sql<SqlBool>`f.rule_code = any(${codes}::text[])`)]
      : codes.map((code) => fired(sql<SqlBool>`f.rule_code = ${code}`));
  const [first, ...rest] = arms;
  if (!first) throw new Error("no rule codes");
  const union = rest.reduce((all, arm) => all.unionAll(arm), first);
  const direction = descending ? "desc" : "asc";
  return db
    .selectFrom(union.as("u"))
    .select(["u.created_at", "u.event_id"])
    .distinct()
    .orderBy("u.created_at", direction)
    .orderBy("u.event_id", direction);
}
