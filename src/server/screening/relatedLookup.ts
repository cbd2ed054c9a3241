import { type RawBuilder, sql } from "kysely";
import type { LinkKey } from "../../contract/rules.ts";

/** Per shared key value, the most recent earlier events linked (bounds the work for busy keys; relatedEvents). */
export const RELATED_PER_KEY = 20;

export interface RelatedEvent {
  eventId: string;
  sharedKey: LinkKey;
  keyValue: string;
}

/**
 * Whether the tenant has an event screened no later than `now` with one of the given e-mail keys
 * (first-time customer): at most one index probe per value on event_link_keys. Fixed text: the
 * values are an array parameter.
 */
export function earlierMailSql(companyId: string, mails: readonly string[], now: Date): RawBuilder<unknown> {
  return sql`exists (select 1 from unnest(${[...mails]}::text[]) as m(v)
    where exists (select 1 from event_link_keys e
      where e.company_id = ${companyId} and e.key_type = 'mail' and e.key_value = m.v and e.created_at <= ${now}))`;
}
