import { type RawBuilder, sql } from "kysely";
import type { LinkKey } from "../../contract/rules.ts";
import type { LinkKeyValue } from "./linkKeys.ts";

/** Per shared key value, the most recent earlier events linked (bounds the work for busy keys). */
export const RELATED_PER_KEY = 20;

export interface RelatedEvent {
  eventId: string;
  sharedKey: LinkKey;
  keyValue: string;
}

/**
 * One JSON value: [eventId, keyType, keyValue] of the tenant's most recent earlier events sharing
 * each link key value, each value an index range scan on event_link_keys (company, type, value,
 * time) read newest first with a limit. Fixed text: the keys are array parameters.
 */
export function relatedEventsSql(
  companyId: string,
  keys: readonly LinkKeyValue[],
  now: Date,
): RawBuilder<unknown> {
  return sql`(select coalesce(json_agg(json_build_array(r.event_id, k.t, k.v)), '[]'::json)
    from unnest(${keys.map((key) => key.keyType)}::text[], ${keys.map((key) => key.value)}::text[]) as k(t, v)
    cross join lateral (
      select e.event_id from event_link_keys e
      where e.company_id = ${companyId} and e.key_type = k.t and e.key_value = k.v and e.created_at <= ${now}
      order by e.created_at desc limit ${RELATED_PER_KEY}
    ) r)`;
}

export const relatedEventsOf = (value: unknown): RelatedEvent[] =>
  ((value ?? []) as [string, LinkKey, string][]).map(([eventId, sharedKey, keyValue]) => ({
    eventId,
    sharedKey,
    keyValue,
  }));
