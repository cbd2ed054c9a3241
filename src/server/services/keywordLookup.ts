import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../db/schema.ts";

export interface KeywordProbe {
  categoryId: string;
  /** Names the place the text came from; hits are answered by label. */
  label: string;
  /** Already normalized (normalizeKeywordText). */
  text: string;
}

export type KeywordHits = Map<string, { prefix: boolean; contains: boolean }>;

/**
 * One JSON value: [label, prefix] for each probe that contains a keyword of its category (prefix:
 * one of them starts it), all categories at once. strpos compares literally, so % and _ in keywords
 * are ordinary characters; keywords are compared in NFKC lower case, as the texts are. Null without
 * probes.
 */
export function keywordHitsSql(
  companyId: string,
  probes: readonly KeywordProbe[],
): RawBuilder<unknown> | null {
  if (probes.length === 0) return null;
  return sql`(select coalesce(json_agg(json_build_array(h.label, h.prefix)), '[]'::json) from (
    select p.label, bool_or(strpos(p.text, lower(normalize(k.keyword, NFKC))) = 1) as prefix
    from unnest(${probes.map((p) => p.categoryId)}::text[], ${probes.map((p) => p.label)}::text[],
                ${probes.map((p) => p.text)}::text[]) as p(category_id, label, text)
    join keywords k on k.company_id = ${companyId} and k.category_id = p.category_id
    where k.keyword <> '' and strpos(p.text, lower(normalize(k.keyword, NFKC))) > 0
    group by p.label) h)`;
}

export const keywordHitsOf = (value: unknown): KeywordHits =>
  new Map(
    ((value ?? []) as [string, boolean][]).map(([label, prefix]) => [label, { prefix, contains: true }]),
  );

/** Which probes contain a keyword of their category, and whether one is a prefix, by label. */
export async function findKeywordHits(
  db: Kysely<Database>,
  companyId: string,
  probes: readonly KeywordProbe[],
): Promise<KeywordHits> {
  if (probes.length === 0) return new Map();
  const { rows } = await sql<{ hits: unknown }>`select ${keywordHitsSql(companyId, probes)} as hits`.execute(
    db,
  );
  return keywordHitsOf(rows[0]?.hits);
}
