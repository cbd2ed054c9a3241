import { type Kysely, sql } from "kysely";
import { conditionSchema, type ReleaseKind } from "../../contract/rules.ts";
import type { AutoResult } from "../../contract/screening.ts";
import type { Database } from "../db/schema.ts";
import { readReleaseRuleRows } from "./releaseRuleRows.ts";
import type { LoadedGroup, LoadedRelease, StoredCondition } from "./types.ts";

/**
 * Releases of each detection model, cached per database. A release's contents never change once
 * stored, so they are cached for good; the model's release headers are re-read after HEADER_TTL_MS
 * (another server process may have published) or at once after publishRelease here. A re-read after
 * the TTL runs beside the screenings, which keep the headers read last until it is done: made to
 * wait, every screening arriving during that one read (measured up to 45 ms at 1,000/s) waited too.
 */
export const HEADER_TTL_MS = 2_000;

interface ReleaseHeader {
  releaseId: string;
  packageId: string;
  kind: ReleaseKind;
  startsAt: Date;
}
/**
 * The headers that decide every moment from `validFrom` on: the Normal release deciding at the moment
 * they were read for and every release starting with or after it, newest start first. Older releases
 * can no longer decide or be shadowed from then on, so none is read, however many there are.
 */
interface HeaderWindow {
  /** Start of that deciding Normal release (ms); -Infinity when none had started (all releases read). */
  validFrom: number;
  headers: ReleaseHeader[];
}
interface HeaderEntry {
  loadedAt: number;
  window: Promise<HeaderWindow>;
  /** The window once read; while a re-read after the TTL runs, the one read before it. */
  current?: HeaderWindow;
}
interface Caches {
  headers: Map<string, HeaderEntry>;
  contents: Map<string, Promise<LoadedRelease>>;
}

const cachesByDb = new WeakMap<Kysely<Database>, Caches>();

function cachesOf(db: Kysely<Database>): Caches {
  let caches = cachesByDb.get(db);
  if (!caches) {
    caches = { headers: new Map(), contents: new Map() };
    cachesByDb.set(db, caches);
  }
  return caches;
}

const modelKey = (companyId: string, modelId: string): string => `${companyId}\u0000${modelId}`;

/** Forget the model's release list (after a release is published or removed). */
export function invalidateReleases(db: Kysely<Database>, companyId: string, modelId: string): void {
  cachesOf(db).headers.delete(modelKey(companyId, modelId));
}

/** The first header of the kind started by `at` (headers come newest start first). */
const latestStarted = (
  headers: readonly ReleaseHeader[],
  kind: ReleaseKind,
  at: number,
): ReleaseHeader | undefined =>
  headers.find((header) => header.kind === kind && header.startsAt.getTime() <= at);

/** One statement: the deciding Normal release at `at` is a subquery on the (kind, starts_at) index. */
async function readHeaderWindow(
  db: Kysely<Database>,
  companyId: string,
  modelId: string,
  at: Date,
): Promise<HeaderWindow> {
  const decidingStart = db
    .selectFrom("rule_releases")
    .select("starts_at")
    .where("company_id", "=", companyId)
    .where("model_id", "=", modelId)
    .where("kind", "=", "normal")
    .where("starts_at", "<=", at)
    .orderBy("starts_at", "desc")
    .limit(1);
  const rows = await db
    .selectFrom("rule_releases")
    .select(["release_id", "package_id", "kind", "starts_at"])
    .where("company_id", "=", companyId)
    .where("model_id", "=", modelId)
    // With no Normal release started yet, every release is read.
    .where((eb) => eb("starts_at", ">=", eb.fn.coalesce(decidingStart, sql<Date>`'-infinity'::timestamptz`)))
    // As releaseInForce (the released rule list) orders: a later start wins, then the later release.
    .orderBy("starts_at", "desc")
    .orderBy("released_at", "desc")
    .orderBy("release_id", "desc")
    .execute();
  const headers = rows.map((row) => ({
    releaseId: row.release_id,
    packageId: row.package_id,
    kind: row.kind,
    startsAt: new Date(row.starts_at),
  }));
  const deciding = latestStarted(headers, "normal", at.getTime());
  return { validFrom: deciding ? deciding.startsAt.getTime() : Number.NEGATIVE_INFINITY, headers };
}

function parseCondition(raw: unknown): StoredCondition {
  const parsed = conditionSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return { kind: "invalid", raw, problem: parsed.error.issues.map((issue) => issue.message).join("; ") };
}

async function readRelease(
  db: Kysely<Database>,
  companyId: string,
  header: ReleaseHeader,
): Promise<LoadedRelease> {
  const rows = await readReleaseRuleRows(db, companyId, header.releaseId);
  const groups: LoadedGroup[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (group?.groupNo !== row.group_no) {
      group = {
        groupNo: row.group_no,
        groupName: row.group_name,
        priority: row.priority,
        judgement: row.judgement as AutoResult,
        units: [],
      };
      groups.push(group);
    }
    let unit = group.units.at(-1);
    if (unit?.unitNo !== row.unit_no) {
      unit = { unitNo: row.unit_no, operator: row.operator, rules: [] };
      group.units.push(unit);
    }
    unit.rules.push({
      ruleCode: row.rule_code,
      description: row.description,
      condition: parseCondition(row.condition),
    });
  }
  return { ...header, groups };
}

export interface ActiveReleases {
  /** The latest started Normal release: it decides. */
  normal: LoadedRelease | null;
  /** The latest started Simulation release newer than the deciding one: evaluated in shadow. */
  simulation: LoadedRelease | null;
}

/** The releases in force for a model at `now`. */
export async function activeReleases(
  db: Kysely<Database>,
  companyId: string,
  modelId: string,
  now: Date,
): Promise<ActiveReleases> {
  const caches = cachesOf(db);
  const key = modelKey(companyId, modelId);
  const readFor = (at: Date, meanwhile?: HeaderWindow): HeaderEntry => {
    const fresh: HeaderEntry = {
      loadedAt: Date.now(),
      window: readHeaderWindow(db, companyId, modelId, at),
      ...(meanwhile ? { current: meanwhile } : {}),
    };
    caches.headers.set(key, fresh);
    fresh.window.then(
      (window) => {
        fresh.current = window;
      },
      () => {
        if (caches.headers.get(key) === fresh) caches.headers.delete(key);
      },
    );
    return fresh;
  };
  let entry = caches.headers.get(key);
  if (!entry || Date.now() - entry.loadedAt > HEADER_TTL_MS) entry = readFor(now, entry?.current);
  let headerWindow = entry.current ?? (await entry.window);
  // A moment before the cached window (a screening dated earlier): read again for it. The new window
  // starts no later, so it serves the later moments as well.
  if (now.getTime() < headerWindow.validFrom) headerWindow = await readFor(now).window;
  const normal = latestStarted(headerWindow.headers, "normal", now.getTime());
  const simulation = headerWindow.headers.find(
    (header) =>
      header.kind === "simulation" &&
      header.startsAt.getTime() <= now.getTime() &&
      (!normal || header.startsAt.getTime() > normal.startsAt.getTime()),
  );
  const load = (header: ReleaseHeader | undefined): Promise<LoadedRelease | null> => {
    if (!header) return Promise.resolve(null);
    const contentKey = `${companyId}\u0000${header.releaseId}`;
    let loaded = caches.contents.get(contentKey);
    if (!loaded) {
      loaded = readRelease(db, companyId, header);
      caches.contents.set(contentKey, loaded);
      loaded.catch(() => caches.contents.delete(contentKey));
    }
    return loaded;
  };
  const [normalRelease, simulationRelease] = await Promise.all([load(normal), load(simulation)]);
  return { normal: normalRelease, simulation: simulationRelease };
}
