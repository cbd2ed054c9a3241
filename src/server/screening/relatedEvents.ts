import { type Kysely, sql } from "kysely";
import type { LinkKey } from "../../contract/rules.ts";
import type { Database } from "../db/schema.ts";
import { RELATED_PER_KEY } from "./relatedLookup.ts";

export interface RelatedEventLink {
  relatedEventId: string;
  /** The key the two events share (LINK_KEYS of src/contract/rules.ts). */
  sharedKey: LinkKey;
  keyValue: string;
  createdAt: Date;
}

/**
 * The tenant's events linked to an event: for each of its link keys, the most recent events
 * screened no later than it that share the key value (at most `perKey` per value, newest first),
 * each link naming the shared key; one link per related event and key. Derived on read from the
 * event_link_keys index (event, then one backward range scan per key value), so screening stores
 * no pair rows. Events screened at the very same instant link both ways. Empty for an unknown event.
 */
export async function relatedEvents(
  db: Kysely<Database>,
  companyId: string,
  eventId: string,
  perKey = RELATED_PER_KEY,
): Promise<RelatedEventLink[]> {
  const { rows } = await sql<{
    event_id: string;
    key_type: LinkKey;
    key_value: string;
    created_at: Date | string;
  }>`select r.event_id, k.key_type, k.key_value, r.created_at
    from event_link_keys k
    cross join lateral (
      select o.event_id, o.created_at from event_link_keys o
      where o.company_id = k.company_id and o.key_type = k.key_type and o.key_value = k.key_value
        and o.created_at <= k.created_at and o.event_id <> k.event_id
      order by o.created_at desc, o.event_id desc
      limit ${perKey}
    ) r
    where k.company_id = ${companyId} and k.event_id = ${eventId}
    order by k.key_type, r.created_at desc, r.event_id`.execute(db);
  const seen = new Set<string>();
  const links: RelatedEventLink[] = [];
  for (const row of rows) {
    const id = `${row.event_id}\u0000${row.key_type}`;
    if (seen.has(id)) continue;
    seen.add(id);
    links.push({
      relatedEventId: row.event_id,
      sharedKey: row.key_type,
      keyValue: row.key_value,
      createdAt: new Date(row.created_at),
    });
  }
  return links;
}
