import { type RawBuilder, sql } from "kysely";

export interface KeywordProbe {
  categoryId: string;
  /** Names the place the text came from; hits are answered by label. */
  label: string;
  /** Already normalized (normalizeKeywordText). */
  text: string;
}

export type KeywordHits = Map<string, { prefix: boolean; contains: boolean }>;

/** Array parameters of keyword look-ups, one element per probe; `screening` numbers the batch's screenings. */
export interface KeywordProbeColumns {
  screening: RawBuilder<unknown>;
  companyId: RawBuilder<unknown>;
  categoryId: RawBuilder<unknown>;
  label: RawBuilder<unknown>;
  text: RawBuilder<unknown>;
}

/**
 * A keyword folded in SQL as normalizeKeywordText (normalize.ts) folds the texts: NFKC, no whitespace,
 * every dash and a prolonged sound mark between digits as "-", lower case.
 */
const foldedKeyword = sql.raw(`lower(regexp_replace(regexp_replace(regexp_replace(
  normalize(keyword, NFKC), '[[:space:]]+', '', 'g'), '[‐‑‒–—―−﹣]', '-', 'g'), '(?<=[0-9])ー(?=[0-9])', '-', 'g'))`);

/**
 * One JSON value: [screening, label, prefix] for each label of a screening whose probes contain a
 * keyword of their category in the screening's tenant (prefix: one of them starts it), all categories
 * of a whole batch of screenings at once. strpos compares literally, so % and _ in keywords are
 * ordinary characters; keywords are folded as the texts are (a keyword of spaces alone is none).
 */
export function keywordHitsSql(probes: KeywordProbeColumns): RawBuilder<unknown> {
  return sql`(select coalesce(json_agg(json_build_array(h.i, h.label, h.prefix)), '[]'::json) from (
    select p.i, p.label, bool_or(strpos(p.text, k.keyword) = 1) as prefix
    from unnest(${probes.screening}::int[], ${probes.companyId}::text[], ${probes.categoryId}::text[],
                ${probes.label}::text[], ${probes.text}::text[]) as p(i, company_id, category_id, label, text)
    join (
      -- Each keyword normalized once, not once per probe it is compared with (offset 0 keeps the
      -- subquery from being merged into the join).
      select company_id, category_id, ${foldedKeyword} as keyword from keywords
      where company_id = any(${probes.companyId}::text[]) offset 0
    ) k on k.company_id = p.company_id and k.category_id = p.category_id
    where k.keyword <> '' and strpos(p.text, k.keyword) > 0
    group by p.i, p.label) h)`;
}

/** Reads keywordHitsSql's value: the hits of each of `count` screenings, by label. */
export function keywordHitsOf(value: unknown, count: number): KeywordHits[] {
  const hits: KeywordHits[] = Array.from({ length: count }, () => new Map());
  for (const [screening, label, prefix] of (value ?? []) as [number, string, boolean][]) {
    hits[screening]?.set(label, { prefix, contains: true });
  }
  return hits;
}
