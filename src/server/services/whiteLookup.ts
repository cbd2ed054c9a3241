import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Transaction } from "../../contract/screening.ts";
import type { Database } from "../db/schema.ts";
import { normalizeIp, normalizeOpaque, normalizeTel } from "../screening/normalize.ts";
import type { WhiteType } from "../screening/types.ts";

/** How a white entry's value is stored, so the engine's look-up finds it (the white list saves with it). */
export function normalizeWhiteValue(type: WhiteType, value: string): string | undefined {
  switch (type) {
    case "ip":
      return normalizeIp(value);
    case "shopMemberId":
      return normalizeOpaque(value);
    case "tel":
      return normalizeTel(value);
  }
}

/** The values of a transaction a white entry can match: device IP, purchaser's member ID and phones. */
export function whiteProbesOf(tx: Transaction): { type: WhiteType; value: string }[] {
  const probes: { type: WhiteType; value: string | undefined }[] = [
    { type: "ip", value: normalizeIp(tx.device?.ipaddress) },
    { type: "shopMemberId", value: normalizeOpaque(tx.purchaser.shopMemberId) },
    { type: "tel", value: normalizeTel(tx.purchaser.tel) },
    { type: "tel", value: normalizeTel(tx.purchaser.mobileTel) },
  ];
  return probes.filter((probe): probe is { type: WhiteType; value: string } => probe.value !== undefined);
}

/** One JSON value: the white types among the probes found in the tenant's white list (fixed text). */
export function whiteMatchesSql(
  companyId: string,
  probes: readonly { type: WhiteType; value: string }[],
): RawBuilder<unknown> {
  return sql`(select coalesce(json_agg(distinct w.entry_type), '[]'::json)
    from unnest(${probes.map((p) => p.type)}::text[], ${probes.map((p) => p.value)}::text[]) as p(entry_type, value)
    join white_entries w on w.company_id = ${companyId} and w.entry_type = p.entry_type and w.value = p.value)`;
}

export const whiteMatchesOf = (value: unknown): Set<WhiteType> => new Set((value ?? []) as WhiteType[]);

/** The white types the transaction's probes match, in one index query. */
export async function findWhiteMatches(
  db: Kysely<Database>,
  companyId: string,
  probes: readonly { type: WhiteType; value: string }[],
): Promise<Set<WhiteType>> {
  if (probes.length === 0) return new Set();
  const { rows } = await sql<{ hits: unknown }>`select ${whiteMatchesSql(companyId, probes)} as hits`.execute(
    db,
  );
  return whiteMatchesOf(rows[0]?.hits);
}
