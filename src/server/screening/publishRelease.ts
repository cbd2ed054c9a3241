import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { type ReleaseDefinition, releaseSchema } from "../../contract/rules.ts";
import type { Database } from "../db/schema.ts";
import { invalidateReleases } from "./releaseCache.ts";

/** A release refused as defined; `messageNo` names the spec's message where it has one. */
export class ReleaseDefinitionError extends Error {
  constructor(
    message: string,
    readonly messageNo?: string,
  ) {
    super(message);
  }
}

export interface PublishOptions {
  /** Operator who released it; null for the seed and tests. */
  releasedBy?: number | null;
  now?: Date;
}

/** The model's rule package ID (one package per detection model). */
export const packageIdOf = (modelId: string): string => `PKG_${modelId}`;

const newReleaseId = (now: Date): string =>
  `REL${now.toISOString().replace(/\D/g, "").slice(0, 14)}${randomBytes(4).toString("hex").toUpperCase()}`;

function checkNumbering(release: ReleaseDefinition): void {
  const priorities = release.groups.map((group) => group.priority);
  if (new Set(priorities).size !== priorities.length) {
    throw new ReleaseDefinitionError("group priorities must differ within a release");
  }
  for (const group of release.groups) {
    const unitNos = group.units.map((unit) => unit.unitNo);
    if (new Set(unitNos).size !== unitNos.length) {
      throw new ReleaseDefinitionError(`unit numbers repeat in group ${group.groupName}`);
    }
  }
}

/**
 * Validates a release (releaseSchema, distinct priorities and unit numbers, no other Normal release
 * of the package starting at the same moment: 934) and stores it under the model's rule package,
 * creating the package on first use; returns the new release ID. Stored releases are never
 * changed: a new release replaces an old one from its start time.
 */
export async function publishRelease(
  db: Kysely<Database>,
  companyId: string,
  modelId: string,
  definition: ReleaseDefinition,
  options: PublishOptions = {},
): Promise<string> {
  const release = releaseSchema.parse(definition);
  checkNumbering(release);
  const now = options.now ?? new Date();
  const releaseId = newReleaseId(now);
  const packageId = packageIdOf(modelId);
  const store = async (trx: Kysely<Database>): Promise<void> => {
    await trx
      .insertInto("rule_packages")
      .values({ company_id: companyId, package_id: packageId, model_id: modelId })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    // The package's row locked, so releases published together are checked one after the other.
    await trx
      .selectFrom("rule_packages")
      .select("package_id")
      .where("company_id", "=", companyId)
      .where("package_id", "=", packageId)
      .forUpdate()
      .execute();
    // Spec 934: the latest started Normal release decides, so two may not start at the same moment.
    if (release.kind === "normal") {
      const clash = await trx
        .selectFrom("rule_releases")
        .select("release_id")
        .where("company_id", "=", companyId)
        .where("package_id", "=", packageId)
        .where("kind", "=", "normal")
        .where("starts_at", "=", new Date(release.startsAt))
        .executeTakeFirst();
      if (clash) {
        throw new ReleaseDefinitionError(
          `a Normal release of ${packageId} already starts at ${release.startsAt}`,
          "934",
        );
      }
    }
    await trx
      .insertInto("rule_releases")
      .values({
        company_id: companyId,
        release_id: releaseId,
        package_id: packageId,
        model_id: modelId,
        kind: release.kind,
        starts_at: new Date(release.startsAt),
        released_at: now,
        released_by: options.releasedBy ?? null,
      })
      .execute();
    const groups = release.groups.map((group, index) => ({ group, groupNo: index + 1 }));
    await trx
      .insertInto("rule_groups")
      .values(
        groups.map(({ group, groupNo }) => ({
          company_id: companyId,
          release_id: releaseId,
          group_no: groupNo,
          group_name: group.groupName,
          priority: group.priority,
          judgement: group.judgement,
        })),
      )
      .execute();
    await trx
      .insertInto("rule_units")
      .values(
        groups.flatMap(({ group, groupNo }) =>
          group.units.map((unit) => ({
            company_id: companyId,
            release_id: releaseId,
            group_no: groupNo,
            unit_no: unit.unitNo,
            operator: unit.operator,
          })),
        ),
      )
      .execute();
    await trx
      .insertInto("rules")
      .values(
        groups.flatMap(({ group, groupNo }) =>
          group.units.flatMap((unit) =>
            unit.rules.map((rule, index) => ({
              company_id: companyId,
              release_id: releaseId,
              group_no: groupNo,
              unit_no: unit.unitNo,
              rule_no: index + 1,
              rule_code: rule.ruleCode,
              description: rule.description,
              condition: JSON.stringify(rule.condition),
            })),
          ),
        ),
      )
      .execute();
  };
  // Inside the caller's transaction (the demo seed) or in one of its own.
  if (db.isTransaction) await store(db);
  else await db.transaction().execute(store);
  invalidateReleases(db, companyId, modelId);
  return releaseId;
}
