import { type Kysely, type RawBuilder, sql } from "kysely";
import type { LinkKey } from "../../contract/rules.ts";
import type { Database } from "../db/schema.ts";
import type { LinkKeyValue } from "./linkKeys.ts";
import { type VelocityFact, velocityFactKey } from "./types.ts";

export interface VelocityNeed {
  key: LinkKey;
  windowsMs: readonly number[];
}

/**
 * Count and amount of the tenant's earlier events sharing each needed key within each window, in one
 * round trip: per key type one index range scan on event_link_keys (company, type, value, time) over
 * the widest window, with the narrower windows as aggregate filters. An event sharing several values
 * of one key type counts once. The event being screened is added (count + 1, amount + its amount).
 */
export async function velocityFacts(
  db: Kysely<Database>,
  companyId: string,
  needs: readonly VelocityNeed[],
  keys: readonly LinkKeyValue[],
  now: Date,
  amount: number,
): Promise<Map<string, VelocityFact>> {
  const facts = new Map<string, VelocityFact>();
  const queries: RawBuilder<unknown>[] = [];
  for (const need of needs) {
    const values = keys.filter((key) => key.keyType === need.key).map((key) => key.value);
    if (values.length === 0) {
      // Without a value nothing is shared: this event alone.
      for (const ms of need.windowsMs) facts.set(velocityFactKey(need.key, ms), { count: 0, amount: 0 });
      continue;
    }
    const widest = Math.max(...need.windowsMs);
    const counts = need.windowsMs.map(
      (ms) => sql`count(*) filter (where s.created_at >= ${new Date(now.getTime() - ms)})`,
    );
    const sums = need.windowsMs.map(
      (ms) => sql`coalesce(sum(s.amount) filter (where s.created_at >= ${new Date(now.getTime() - ms)}), 0)`,
    );
    queries.push(sql`
      select ${need.key}::text as key_type,
             array[${sql.join(counts)}]::int[] as counts,
             array[${sql.join(sums)}]::float8[] as amounts
      from (
        select distinct event_id, created_at, amount from event_link_keys
        where company_id = ${companyId} and key_type = ${need.key} and key_value = any(${values}::text[])
          and created_at >= ${new Date(now.getTime() - widest)} and created_at <= ${now}
      ) s`);
  }
  if (queries.length === 0) return facts;
  const { rows } = await sql<{ key_type: LinkKey; counts: number[]; amounts: number[] }>`${sql.join(
    queries.map((query) => sql`(${query})`),
    sql` union all `,
  )}`.execute(db);
  for (const row of rows) {
    const need = needs.find((n) => n.key === row.key_type);
    need?.windowsMs.forEach((ms, index) => {
      facts.set(velocityFactKey(row.key_type, ms), {
        count: Number(row.counts[index]) + 1,
        amount: Number(row.amounts[index]) + amount,
      });
    });
  }
  return facts;
}
