import type { KeywordTarget, LinkKey } from "../../contract/rules.ts";
import type { LoadedRelease } from "./types.ts";
import { windowMs } from "./windows.ts";

/** Which facts the conditions of the releases in force read, so nothing else is queried. */
export interface FactNeeds {
  negative: boolean;
  /** categoryId -> targets */
  keywords: Map<string, Set<KeywordTarget>>;
  /** key -> window lengths (ms) */
  velocity: Map<LinkKey, Set<number>>;
}

const needsByRelease = new WeakMap<LoadedRelease, FactNeeds>();

function needsOf(release: LoadedRelease): FactNeeds {
  const known = needsByRelease.get(release);
  if (known) return known;
  const needs: FactNeeds = { negative: false, keywords: new Map(), velocity: new Map() };
  for (const group of release.groups) {
    for (const unit of group.units) {
      for (const { condition } of unit.rules) {
        if (condition.kind === "negativeHit") needs.negative = true;
        if (condition.kind === "keywordHit") {
          const targets = needs.keywords.get(condition.categoryId) ?? new Set();
          targets.add(condition.target);
          needs.keywords.set(condition.categoryId, targets);
        }
        if (condition.kind === "velocity") {
          const windows = needs.velocity.get(condition.key) ?? new Set();
          windows.add(windowMs(condition.window));
          needs.velocity.set(condition.key, windows);
        }
      }
    }
  }
  needsByRelease.set(release, needs);
  return needs;
}

/** Stands for a missing release in the cache of unions below. */
const NO_RELEASE = {};
interface UnionCache {
  next: WeakMap<object, UnionCache>;
  needs?: FactNeeds;
}
const unions: UnionCache = { next: new WeakMap() };

/**
 * The union of the needs of the given releases. Cached per combination of releases (loaded releases
 * are cached and never change), so each screening does not rebuild it; callers only read it.
 */
export function factNeedsOf(releases: readonly (LoadedRelease | null)[]): FactNeeds {
  let cache = unions;
  for (const release of releases) {
    const key = release ?? NO_RELEASE;
    let next = cache.next.get(key);
    if (!next) {
      next = { next: new WeakMap() };
      cache.next.set(key, next);
    }
    cache = next;
  }
  cache.needs ??= unionOf(releases);
  return cache.needs;
}

function unionOf(releases: readonly (LoadedRelease | null)[]): FactNeeds {
  const union: FactNeeds = { negative: false, keywords: new Map(), velocity: new Map() };
  for (const release of releases) {
    if (!release) continue;
    const needs = needsOf(release);
    union.negative ||= needs.negative;
    for (const [category, targets] of needs.keywords) {
      union.keywords.set(category, new Set([...(union.keywords.get(category) ?? []), ...targets]));
    }
    for (const [key, windows] of needs.velocity) {
      union.velocity.set(key, new Set([...(union.velocity.get(key) ?? []), ...windows]));
    }
  }
  return union;
}
