import { type Kysely, sql } from "kysely";
import { PREPARED } from "../db/preparedStatements.ts";
import type { Database } from "../db/schema.ts";
import { arrayLiteral } from "./arrayLiteral.ts";
import {
  EVENT_COLUMNS,
  EVENT_PART_TABLES,
  type EventPartTable,
  eventPartRows,
  eventRow,
  type ScreenedEvent,
} from "./eventPartRows.ts";

export type EventToStore = ScreenedEvent;

// Fixed text: the columns are constants, every value is in the JSON and array parameters.
const columnList = sql.raw(EVENT_COLUMNS.join(", "));

// json, not jsonb: json_populate_recordset reads the text as it parses it, without building a jsonb
// value first (about a fifth less CPU for the rows of a batch).
const json = (rows: unknown[]) => sql`${JSON.stringify(rows)}::json`;

/** Inserts the part rows (a JSON array) of the events that were inserted (in e), and only those. */
const partInsert = (table: EventPartTable, rows: unknown[]) =>
  sql`insert into ${sql.table(table)} select r.* from json_populate_recordset(null::${sql.table(table)}, ${json(rows)}) r
    where (r.company_id, r.event_id) in (select company_id, event_id from e)`;

/**
 * The link keys (about seven rows per event, the most of any part) go in as one array parameter per
 * column (unnest) rather than JSON, which PostgreSQL parses twice (json_in, then the populate): about
 * a third less for their rows, as in the demo seed's writer. Never null, so written as literals.
 */
export const LINK_KEY_COLUMNS = {
  company_id: "text",
  key_type: "text",
  key_value: "text",
  created_at: "timestamptz",
  event_id: "text",
  amount: "integer",
} as const;
const linkKeyNames = Object.keys(LINK_KEY_COLUMNS) as (keyof typeof LINK_KEY_COLUMNS)[];
const linkKeyList = sql.raw(linkKeyNames.join(", "));

const linkKeyInsert = (rows: Record<string, unknown>[]) => {
  const arrays = linkKeyNames.map(
    (name) =>
      sql`${arrayLiteral(rows.map((row) => row[name] as string | number))}::${sql.raw(`${LINK_KEY_COLUMNS[name]}[]`)}`,
  );
  return sql`insert into event_link_keys (${linkKeyList})
    select r.* from unnest(${sql.join(arrays)}) as r(${linkKeyList})
    where (r.company_id, r.event_id) in (select company_id, event_id from e)`;
};

/**
 * Stores events and all their parts in one statement (so one transaction, one commit and one round
 * trip, whatever their number). An event is inserted unless its tenant already has its shop event ID
 * (or, vanishingly rarely, its event ID is taken); its parts only with it. Answers the event IDs that
 * were inserted: an event left out stored nothing.
 */
export async function storeEvents(
  db: Kysely<Database>,
  events: readonly EventToStore[],
): Promise<Set<string>> {
  const parts = Object.fromEntries(EVENT_PART_TABLES.map((table) => [table, [] as unknown[]])) as Record<
    EventPartTable,
    unknown[]
  >;
  for (const event of events) {
    const rows = eventPartRows(event);
    for (const table of EVENT_PART_TABLES) for (const row of rows[table]) parts[table].push(row);
  }
  const { rows } = await sql<{ event_id: string }>`${sql.raw(PREPARED)}
    with e as (
      insert into events (${columnList})
      select ${columnList} from json_populate_recordset(null::events, ${json(events.map(eventRow))})
      on conflict do nothing
      returning company_id, event_id
    ),
    p as (${partInsert("event_parties", parts.event_parties)}),
    i as (${partInsert("event_items", parts.event_items)}),
    d as (${partInsert("event_devices", parts.event_devices)}),
    c as (${partInsert("event_cards", parts.event_cards)}),
    f as (${partInsert("event_fired_rules", parts.event_fired_rules)}),
    k as (${linkKeyInsert(parts.event_link_keys as Record<string, unknown>[])})
    select event_id from e`.execute(db);
  return new Set(rows.map((row) => row.event_id));
}
