import { type RawBuilder, sql } from "kysely";
import type { LinkKey } from "../../contract/rules.ts";
import type { LinkKeyValue } from "./linkKeys.ts";
import { type VelocityFact, velocityFactKey } from "./types.ts";

export interface VelocityNeed {
  key: LinkKey;
  windowsMs: readonly number[];
}

/** One count to read: the events sharing one of a screening's values of a key within a window. */
export interface VelocityCount {
  key: LinkKey;
  windowMs: number;
  values: readonly string[];
}

/** The counts a screening needs: each needed key's windows over its values (a key without values shares nothing). */
export function velocityCountsOf(
  needs: readonly VelocityNeed[],
  keys: readonly LinkKeyValue[],
): VelocityCount[] {
  const counts: VelocityCount[] = [];
  for (const need of needs) {
    const values = keys.filter((key) => key.keyType === need.key).map((key) => key.value);
    if (values.length === 0) continue;
    for (const windowMs of need.windowsMs) counts.push({ key: need.key, windowMs, values });
  }
  return counts;
}

/**
 * Array parameters of velocity look-ups, one element per value of each count: `count` numbers the
 * batch's counts, `single` tells a count of one value from one of several.
 */
export interface VelocityProbeColumns {
  count: RawBuilder<unknown>;
  single: RawBuilder<unknown>;
  companyId: RawBuilder<unknown>;
  keyType: RawBuilder<unknown>;
  windowMs: RawBuilder<unknown>;
  value: RawBuilder<unknown>;
  /** The screening's time (ISO). */
  now: RawBuilder<unknown>;
  /** Event IDs not to count (for the whole batch): the pending screenings counted in memory instead. */
  excluded: RawBuilder<unknown>;
}

/**
 * One JSON value: [count, events, amount] of each count that found any of its tenant's earlier events
 * sharing one of its values of its key within its window (inclusive: created at or after now minus
 * the window), for a whole batch of screenings at once. Each value is an index range scan on
 * event_link_keys (company, type, value, time). A count of one value is aggregated straight from its
 * scan; in a count of several, an event sharing several of them counts once (a sort over the events
 * found, by count and time first: an event's link keys share its created_at, and timestamps compare
 * far cheaper than event IDs). Fixed text: the counts are array parameters.
 */
export function velocitySql(probes: VelocityProbeColumns): RawBuilder<unknown> {
  const scan = sql`unnest(${probes.count}::int[], ${probes.single}::bool[], ${probes.companyId}::text[],
      ${probes.keyType}::text[], ${probes.windowMs}::float8[], ${probes.value}::text[], ${probes.now}::timestamptz[])
      as p(c, single, company_id, t, ms, v, now)`;
  const shares = sql`e.company_id = p.company_id and e.key_type = p.t and e.key_value = p.v
        and e.created_at >= p.now - p.ms * interval '1 millisecond' and e.created_at <= p.now
        and e.event_id <> all(${probes.excluded}::text[])`;
  return sql`(select coalesce(json_agg(json_build_array(v.c, v.n, v.amount)), '[]'::json) from (
    select p.c, s.n, s.amount
    from ${scan}
    cross join lateral (select count(*)::int as n, coalesce(sum(e.amount), 0)::float8 as amount
      from event_link_keys e where ${shares}) s
    where p.single and s.n > 0
    union all
    select d.c, count(*)::int, coalesce(sum(d.amount), 0)::float8
    from (select distinct p.c, e.created_at, e.event_id, e.amount
      from ${scan} join event_link_keys e on ${shares}
      where not p.single) d
    group by d.c) v)`;
}

/** Reads velocitySql's value: events and amount by count number (counts that found none are absent). */
export function velocityAnswersOf(value: unknown): Map<number, { events: number; amount: number }> {
  return new Map(
    ((value ?? []) as [number, number, number][]).map(([count, events, amount]) => [
      count,
      { events: Number(events), amount: Number(amount) },
    ]),
  );
}

/** A count as read in a batch: its number there, and what the pending screenings before it add. */
export interface NumberedVelocityCount extends VelocityCount {
  number: number;
  pending: { events: number; amount: number };
}

/**
 * Velocity facts of one screening: its counts answered from velocityAnswersOf plus the pending
 * screenings before it. The event being screened is included (count + 1, amount + its amount) when
 * it has a value of the key; without one nothing is shared: 0.
 */
export function velocityFactsOf(
  counts: readonly NumberedVelocityCount[],
  answers: Map<number, { events: number; amount: number }>,
  needs: readonly VelocityNeed[],
  amount: number,
): Map<string, VelocityFact> {
  const facts = new Map<string, VelocityFact>();
  for (const need of needs) {
    for (const ms of need.windowsMs) facts.set(velocityFactKey(need.key, ms), { count: 0, amount: 0 });
  }
  for (const count of counts) {
    const found = answers.get(count.number) ?? { events: 0, amount: 0 };
    facts.set(velocityFactKey(count.key, count.windowMs), {
      count: found.events + count.pending.events + 1,
      amount: found.amount + count.pending.amount + amount,
    });
  }
  return facts;
}
