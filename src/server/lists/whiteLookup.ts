import { type RawBuilder, sql } from "kysely";
import type { Transaction } from "../../contract/screening.ts";
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

/** Array parameters of white look-ups, one element per probe; `screening` numbers the batch's screenings. */
export interface WhiteProbeColumns {
  screening: RawBuilder<unknown>;
  companyId: RawBuilder<unknown>;
  type: RawBuilder<unknown>;
  value: RawBuilder<unknown>;
}

/**
 * One JSON value: [screening, white type] for each type among a screening's probes found in its
 * tenant's white list and not expired, for a whole batch of screenings at once (fixed text: the probes are arrays).
 */
export function whiteMatchesSql(probes: WhiteProbeColumns): RawBuilder<unknown> {
  return sql`(select coalesce(json_agg(json_build_array(h.i, h.entry_type)), '[]'::json) from (
    select distinct p.i, w.entry_type
    from unnest(${probes.screening}::int[], ${probes.companyId}::text[], ${probes.type}::text[],
                ${probes.value}::text[]) as p(i, company_id, entry_type, value)
    join white_entries w on w.company_id = p.company_id and w.entry_type = p.entry_type and w.value = p.value
    where w.valid_until is null or w.valid_until > now()) h)`;
}

/** Reads whiteMatchesSql's value: the white types each of `count` screenings matched. */
export function whiteMatchesOf(value: unknown, count: number): Set<WhiteType>[] {
  const matches = Array.from({ length: count }, () => new Set<WhiteType>());
  for (const [screening, type] of (value ?? []) as [number, WhiteType][]) matches[screening]?.add(type);
  return matches;
}
