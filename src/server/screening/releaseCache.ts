import type { Kysely } from "kysely";
import { conditionSchema, type ReleaseKind } from "../../contract/rules.ts";
import type { AutoResult } from "../../contract/screening.ts";
import type { Database } from "../db/schema.ts";
import { readReleaseRuleRows } from "./releaseRuleRows.ts";
import type { LoadedGroup, LoadedRelease, StoredCondition } from "./types.ts";

/**
 * Releases of each detection model, cached per database. A release's contents never change once
 * stored, so they are cached for good; the list of a model's releases is re-read after
 * HEADER_TTL_MS (another server process may have published) or at once after publishRelease here.
 */
const HEADER_TTL_MS = 2_000;
const HEADER_LIMIT = 200;

interface ReleaseHeader {
  releaseId: string;
  packageId: string;
  kind: ReleaseKind;
  startsAt: Date;
}
interface HeaderEntry {
  loadedAt: number;
  headers: Promise<ReleaseHeader[]>;
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

async function readHeaders(
  db: Kysely<Database>,
  companyId: string,
  modelId: string,
): Promise<ReleaseHeader[]> {
  const rows = await db
    .selectFrom("rule_releases")
    .select(["release_id", "package_id", "kind", "starts_at"])
    .where("company_id", "=", companyId)
    .where("model_id", "=", modelId)
    .orderBy("starts_at", "desc")
    .orderBy("released_at", "desc")
    .limit(HEADER_LIMIT)
    .execute();
  return rows.map((row) => ({
    releaseId: row.release_id,
    packageId: row.package_id,
    kind: row.kind,
    startsAt: new Date(row.starts_at),
  }));
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
  let entry = caches.headers.get(key);
  if (!entry || Date.now() - entry.loadedAt > HEADER_TTL_MS) {
    entry = { loadedAt: Date.now(), headers: readHeaders(db, companyId, modelId) };
    caches.headers.set(key, entry);
    entry.headers.catch(() => caches.headers.delete(key));
  }
  const headers = await entry.headers;
  const started = headers.filter((header) => header.startsAt.getTime() <= now.getTime());
  const normal = started.find((header) => header.kind === "normal");
  const simulation = started.find(
    (header) =>
      header.kind === "simulation" && (!normal || header.startsAt.getTime() > normal.startsAt.getTime()),
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
