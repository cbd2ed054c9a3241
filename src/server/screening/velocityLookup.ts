import { type RawBuilder, sql } from "kysely";
import type { LinkKey } from "../../contract/rules.ts";
import type { LinkKeyValue } from "./linkKeys.ts";
import { type VelocityFact, velocityFactKey } from "./types.ts";

export interface VelocityNeed {
  key: LinkKey;
  windowsMs: readonly number[];
}

/**
 * One JSON value: [key, windowMs, count, amount] of the tenant's earlier events sharing one of the
 * event's values of each needed key within each window (inclusive: created at or after now minus
 * the window). Each (key, window) is an index range scan per value on event_link_keys (company,
 * type, value, time); an event sharing several values of one key counts once. Fixed text: keys and
 * windows are array parameters.
 */
export function velocitySql(
  companyId: string,
  needs: readonly VelocityNeed[],
  keys: readonly LinkKeyValue[],
  now: Date,
): RawBuilder<unknown> {
  const windows = needs.flatMap((need) => need.windowsMs.map((ms) => ({ key: need.key, ms })));
  const wanted = new Set(needs.map((need) => need.key));
  const values = keys.filter((key) => wanted.has(key.keyType));
  return sql`(select coalesce(json_agg(json_build_array(v.t, v.ms, v.n, v.amount)), '[]'::json) from (
    select w.t, w.ms, count(*)::int as n, coalesce(sum(d.amount), 0)::float8 as amount
    from unnest(${windows.map((w) => w.key)}::text[], ${windows.map((w) => w.ms)}::float8[]) as w(t, ms)
    cross join lateral (
      select distinct e.event_id, e.amount
      from unnest(${values.map((key) => key.keyType)}::text[], ${values.map((key) => key.value)}::text[]) as k(t, v)
      join event_link_keys e on e.company_id = ${companyId} and e.key_type = k.t and e.key_value = k.v
        and e.created_at >= ${now}::timestamptz - w.ms * interval '1 millisecond' and e.created_at <= ${now}
      where k.t = w.t
    ) d
    group by w.t, w.ms) v)`;
}

/**
 * Velocity facts from velocitySql's value. The event being screened is included (count + 1, amount
 * + its amount) when it has a value of the key; without one nothing is shared: 0.
 */
export function velocityFactsOf(
  value: unknown,
  needs: readonly VelocityNeed[],
  keys: readonly LinkKeyValue[],
  amount: number,
): Map<string, VelocityFact> {
  const facts = new Map<string, VelocityFact>();
  for (const need of needs) {
    const has = keys.some((key) => key.keyType === need.key);
    for (const ms of need.windowsMs) {
      facts.set(velocityFactKey(need.key, ms), has ? { count: 1, amount } : { count: 0, amount: 0 });
    }
  }
  for (const [key, ms, count, sum] of (value ?? []) as [LinkKey, number, number, number][]) {
    facts.set(velocityFactKey(key, Number(ms)), { count: Number(count) + 1, amount: Number(sum) + amount });
  }
  return facts;
}
