import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

export interface KeywordProbe {
  categoryId: string;
  /** Names the place the text came from; hits are answered by label. */
  label: string;
  /** Already normalized (normalizeKeywordText). */
  text: string;
}

/**
 * Which probes contain a keyword of their category, and whether one is a prefix: one query for all
 * categories. strpos compares literally, so % and _ in keywords are ordinary characters. Keywords are
 * compared in NFKC lower case, as the texts are.
 */
export async function findKeywordHits(
  db: Kysely<Database>,
  companyId: string,
  probes: readonly KeywordProbe[],
): Promise<Map<string, { prefix: boolean; contains: boolean }>> {
  const hits = new Map<string, { prefix: boolean; contains: boolean }>();
  if (probes.length === 0) return hits;
  const { rows } = await sql<{ label: string; prefix: boolean }>`
    select p.label, bool_or(strpos(p.text, lower(normalize(k.keyword, NFKC))) = 1) as prefix
    from unnest(${probes.map((p) => p.categoryId)}::text[], ${probes.map((p) => p.label)}::text[],
                ${probes.map((p) => p.text)}::text[]) as p(category_id, label, text)
    join keywords k on k.company_id = ${companyId} and k.category_id = p.category_id
    where k.keyword <> '' and strpos(p.text, lower(normalize(k.keyword, NFKC))) > 0
    group by p.label`.execute(db);
  for (const row of rows) hits.set(row.label, { prefix: row.prefix, contains: true });
  return hits;
}
