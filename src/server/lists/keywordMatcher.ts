import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { normalizeKeywordText } from "../screening/normalize.ts";
import type { KeywordHits, KeywordProbe } from "./keywordLookup.ts";

/**
 * The engine's keyword matching in memory (issue 40 part 9): each tenant's keywords, folded as the
 * texts are (normalizeKeywordText), indexed by their first two characters, so a text is compared only
 * with the keywords that can start at each of its positions instead of with every keyword of its
 * category. A tenant's matcher is rebuilt when its keyword list changes: every write of the lists
 * module bumps keyword_list_versions in the write's transaction (bumpKeywordVersion), and the facts
 * statement reads the versions of the batch's tenants, so any server process sees another's change
 * at its next screening.
 */
export class KeywordMatcher {
  /** Per category: keywords of one character by that character, longer ones by their first two. */
  private readonly categories = new Map<
    string,
    { single: Set<string>; byPair: Map<string, string[]>; all: Set<string> }
  >();

  /** Each keyword as stored -> folded: a rebuild folds only the keywords the last one did not have. */
  readonly folds = new Map<string, string>();

  constructor(
    rows: readonly { category_id: string; keyword: string }[],
    previous: ReadonlyMap<string, string> = new Map(),
  ) {
    for (const row of rows) {
      const folded = previous.get(row.keyword) ?? normalizeKeywordText(row.keyword) ?? "";
      this.folds.set(row.keyword, folded);
      // A keyword of spaces alone folds to nothing and matches nothing (as it did in SQL).
      if (folded === "") continue;
      let category = this.categories.get(row.category_id);
      if (!category) {
        category = { single: new Set(), byPair: new Map(), all: new Set() };
        this.categories.set(row.category_id, category);
      }
      // Two stored keywords may fold alike ("ＡＢＣ", "abc"): one is enough.
      if (category.all.has(folded)) continue;
      category.all.add(folded);
      if (folded.length === 1) category.single.add(folded);
      else {
        const pair = folded.slice(0, 2);
        const bucket = category.byPair.get(pair);
        if (bucket) bucket.push(folded);
        else category.byPair.set(pair, [folded]);
      }
    }
  }

  /** Whether a keyword of the category is in the (folded) text, and whether one starts it. */
  match(categoryId: string, text: string): { contains: boolean; prefix: boolean } {
    const category = this.categories.get(categoryId);
    let contains = false;
    if (!category || text === "") return { contains, prefix: false };
    for (let at = 0; at < text.length; at++) {
      const found =
        category.single.has(text[at] as string) ||
        (category.byPair.get(text.slice(at, at + 2))?.some((keyword) => text.startsWith(keyword, at)) ??
          false);
      if (!found) continue;
      // A hit at the start is the strongest answer: nothing more to learn.
      if (at === 0) return { contains: true, prefix: true };
      contains = true;
      break;
    }
    return { contains, prefix: false };
  }
}

/** Marks a tenant's keyword list changed, inside the transaction that changes it. */
export async function bumpKeywordVersion(db: Kysely<Database>, companyId: string): Promise<void> {
  await sql`insert into keyword_list_versions (company_id, version) values (${companyId}, 1)
    on conflict (company_id) do update set version = keyword_list_versions.version + 1`.execute(db);
}

/** One JSON value: [company, version] of each tenant named (fixed text: the tenants are an array). */
export function keywordVersionsSql(companyIds: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(select coalesce(json_agg(json_build_array(v.company_id, v.version::text)), '[]'::json)
    from keyword_list_versions v where v.company_id = any(${companyIds}::text[]))`;
}

/** Reads keywordVersionsSql's value; a tenant without a row has version "0". */
export function keywordVersionsOf(value: unknown): Map<string, string> {
  return new Map((value ?? []) as [string, string][]);
}

interface Cached {
  version: string;
  matcher: Promise<KeywordMatcher>;
}

const MATCHERS = new WeakMap<Kysely<Database>, Map<string, Cached>>();

/** The tenant's matcher at that version: the cached one, or one built from the tenant's keywords. */
export function keywordMatcherOf(
  db: Kysely<Database>,
  companyId: string,
  version: string,
): Promise<KeywordMatcher> {
  let byCompany = MATCHERS.get(db);
  if (!byCompany) {
    byCompany = new Map();
    MATCHERS.set(db, byCompany);
  }
  const cached = byCompany.get(companyId);
  if (cached && cached.version === version) return cached.matcher;
  const previous = cached?.matcher.then((built) => built.folds).catch(() => undefined);
  const matcher = db
    .selectFrom("keywords")
    .select(["category_id", "keyword"])
    .where("company_id", "=", companyId)
    .execute()
    .then(async (rows) => new KeywordMatcher(rows, await previous));
  // A failed load is not kept: the next screening tries again.
  matcher.catch(() => byCompany.delete(companyId));
  byCompany.set(companyId, { version, matcher });
  return matcher;
}

/** The hits of each screening's probes (by label), as keywordHitsOf answers them from SQL. */
export async function keywordHitsInMemory(
  db: Kysely<Database>,
  probes: readonly { companyId: string; probes: readonly KeywordProbe[] }[],
  versions: Map<string, string>,
): Promise<KeywordHits[]> {
  const companies = [...new Set(probes.filter((p) => p.probes.length > 0).map((p) => p.companyId))];
  const matchers = new Map(
    await Promise.all(
      companies.map(
        async (companyId) =>
          [companyId, await keywordMatcherOf(db, companyId, versions.get(companyId) ?? "0")] as const,
      ),
    ),
  );
  return probes.map(({ companyId, probes: own }) => {
    const hits: KeywordHits = new Map();
    const matcher = matchers.get(companyId);
    if (!matcher) return hits;
    for (const probe of own) {
      const { contains, prefix } = matcher.match(probe.categoryId, probe.text);
      if (!contains) continue;
      const seen = hits.get(probe.label);
      hits.set(probe.label, { contains: true, prefix: prefix || (seen?.prefix ?? false) });
    }
    return hits;
  });
}
