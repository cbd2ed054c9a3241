import { type RawBuilder, sql } from "kysely";
import type { LinkKey } from "../../contract/rules.ts";

/** Per shared key value, the most recent earlier events linked (bounds the work for busy keys; relatedEvents). */
export const RELATED_PER_KEY = 20;

export interface RelatedEvent {
  eventId: string;
  sharedKey: LinkKey;
  keyValue: string;
}

/** Array parameters of first-time customer look-ups, one element per purchaser e-mail key of a screening. */
export interface EarlierMailColumns {
  screening: RawBuilder<unknown>;
  companyId: RawBuilder<unknown>;
  mail: RawBuilder<unknown>;
  /** The screening's time (ISO). */
  now: RawBuilder<unknown>;
}

/**
 * One JSON value: the screenings (numbers in the batch) whose tenant has an event screened no later
 * than their time with one of their e-mail keys (first-time customer): at most one index probe per
 * value on event_link_keys. Fixed text: the values are array parameters.
 */
export function earlierMailSql(mails: EarlierMailColumns): RawBuilder<unknown> {
  return sql`(select coalesce(json_agg(distinct m.i), '[]'::json)
    from unnest(${mails.screening}::int[], ${mails.companyId}::text[], ${mails.mail}::text[],
                ${mails.now}::timestamptz[]) as m(i, company_id, v, now)
    where exists (select 1 from event_link_keys e
      where e.company_id = m.company_id and e.key_type = 'mail' and e.key_value = m.v and e.created_at <= m.now))`;
}
