import { type Kysely, sql } from "kysely";
import type { LinkKey } from "../../contract/rules.ts";
import type { Database } from "../db/schema.ts";
import type { LinkKeyValue } from "./linkKeys.ts";

/** Per shared key value, the most recent earlier events linked (bounds the work for busy keys). */
export const RELATED_PER_KEY = 20;

export interface RelatedEvent {
  eventId: string;
  sharedKey: LinkKey;
  keyValue: string;
}

/**
 * The tenant's most recent earlier events sharing each link key value: one round trip, each value
 * an index range scan read newest first with a limit.
 */
export async function findRelatedEvents(
  db: Kysely<Database>,
  companyId: string,
  keys: readonly LinkKeyValue[],
  now: Date,
): Promise<RelatedEvent[]> {
  if (keys.length === 0) return [];
  const parts = keys.map(
    (key) => sql`(select event_id, key_type, key_value from event_link_keys
      where company_id = ${companyId} and key_type = ${key.keyType} and key_value = ${key.value}
        and created_at <= ${now}
      order by created_at desc limit ${RELATED_PER_KEY})`,
  );
  const { rows } = await sql<{ event_id: string; key_type: LinkKey; key_value: string }>`${sql.join(
    parts,
    sql` union all `,
  )}`.execute(db);
  return rows.map((row) => ({ eventId: row.event_id, sharedKey: row.key_type, keyValue: row.key_value }));
}
