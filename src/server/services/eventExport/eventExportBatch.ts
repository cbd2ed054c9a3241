import { type Kysely, type Selectable, sql } from "kysely";
import type { ExportGroup } from "../../../contract/eventFields.ts";
import type { LinkKey } from "../../../contract/rules.ts";
import type {
  Database,
  EventCardsTable,
  EventDevicesTable,
  EventFiredRulesTable,
  EventItemsTable,
  EventPartiesTable,
} from "../../db/schema.ts";
import type { EventExportRecord, ExportEventRow, ExportRelatedLink } from "./eventExportRecord.ts";

/** Groups each row by its event_id. */
function byEvent<T extends { event_id: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.event_id);
    if (list) list.push(row);
    else map.set(row.event_id, [row]);
  }
  return map;
}

/**
 * Related events per shared key in the CSV: the newest few, as the detail lists them first. The detail
 * shows up to RELATED_PER_KEY (20); 150,000 rows of up to 120 IDs each would make most of the file and
 * of the export's time.
 */
export const CSV_RELATED_PER_KEY = 5;

/**
 * The related events of a batch of events, as relatedEvents (screening/relatedEvents.ts) reads them
 * for one: per link key, the newest earlier events sharing its value (CSV_RELATED_PER_KEY each), one
 * link per related event and key; in one statement for the whole batch.
 */
async function relatedLinks(
  db: Kysely<Database>,
  companyId: string,
  eventIds: readonly string[],
): Promise<Map<string, ExportRelatedLink[]>> {
  // One probe per link key of the batch is estimated far above jit_above_cost; compiling the plan
  // cost more than the probes themselves (~40 ms a batch), so JIT is off for this statement.
  const { rows } = await db.transaction().execute(async (trx) => {
    await sql`select set_config('jit', 'off', true)`.execute(trx);
    return sql<{ source_id: string; event_id: string; key_type: LinkKey }>`
    select k.event_id as source_id, r.event_id, k.key_type
    from event_link_keys k
    cross join lateral (
      select o.event_id, o.created_at from event_link_keys o
      where o.company_id = k.company_id and o.key_type = k.key_type and o.key_value = k.key_value
        and o.created_at <= k.created_at and o.event_id <> k.event_id
      order by o.created_at desc, o.event_id desc
      limit ${CSV_RELATED_PER_KEY}
    ) r
    where k.company_id = ${companyId} and k.event_id in (${sql.join(eventIds)})
    order by k.event_id, k.key_type, r.created_at desc, r.event_id`.execute(trx);
  });
  const links = new Map<string, ExportRelatedLink[]>();
  const seen = new Set<string>();
  for (const row of rows) {
    const id = `${row.source_id}\u0000${row.event_id}\u0000${row.key_type}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const list = links.get(row.source_id) ?? [];
    list.push({ relatedEventId: row.event_id, sharedKey: row.key_type });
    links.set(row.source_id, list);
  }
  return links;
}

/**
 * One batch of events with the parts the chosen groups show, read with one statement per part
 * (never per event), in the batch's order.
 */
export async function loadExportRecords(
  db: Kysely<Database>,
  companyId: string,
  events: readonly ExportEventRow[],
  groups: ReadonlySet<ExportGroup>,
): Promise<EventExportRecord[]> {
  if (events.length === 0) return [];
  const ids = events.map((event) => event.event_id);
  const none = <T>(): Promise<T[]> => Promise.resolve([]);
  const [parties, items, devices, cards, firedRules, related] = await Promise.all([
    groups.has("purchaser") || groups.has("shipping")
      ? db
          .selectFrom("event_parties")
          .selectAll()
          .where("company_id", "=", companyId)
          .where("event_id", "in", ids)
          .execute()
      : none<Selectable<EventPartiesTable>>(),
    groups.has("order")
      ? db
          .selectFrom("event_items")
          .selectAll()
          .where("company_id", "=", companyId)
          .where("event_id", "in", ids)
          .orderBy("item_no")
          .execute()
      : none<Selectable<EventItemsTable>>(),
    groups.has("device")
      ? db
          .selectFrom("event_devices")
          .selectAll()
          .where("company_id", "=", companyId)
          .where("event_id", "in", ids)
          .execute()
      : none<Selectable<EventDevicesTable>>(),
    groups.has("card")
      ? db
          .selectFrom("event_cards")
          .selectAll()
          .where("company_id", "=", companyId)
          .where("event_id", "in", ids)
          .execute()
      : none<Selectable<EventCardsTable>>(),
    groups.has("firedRule")
      ? db
          .selectFrom("event_fired_rules")
          .selectAll()
          .where("company_id", "=", companyId)
          .where("event_id", "in", ids)
          .where("release_kind", "=", "normal")
          .orderBy("seq")
          .execute()
      : none<Selectable<EventFiredRulesTable>>(),
    groups.has("relatedEvent")
      ? relatedLinks(db, companyId, ids)
      : Promise.resolve(new Map<string, ExportRelatedLink[]>()),
  ]);

  const partiesOf = byEvent(parties);
  const itemsOf = byEvent(items);
  const deviceOf = new Map(devices.map((device) => [device.event_id, device]));
  const cardOf = new Map(cards.map((card) => [card.event_id, card]));
  const rulesOf = byEvent(firedRules);
  return events.map((event) => {
    const eventParties = partiesOf.get(event.event_id) ?? [];
    return {
      event,
      purchaser: eventParties.find((party) => party.party === "purchaser"),
      shipping: eventParties.find((party) => party.party === "shipping"),
      items: itemsOf.get(event.event_id) ?? [],
      device: deviceOf.get(event.event_id),
      card: cardOf.get(event.event_id),
      firedRules: rulesOf.get(event.event_id) ?? [],
      related: related.get(event.event_id) ?? [],
    };
  });
}
