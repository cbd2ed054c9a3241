import type { Kysely } from "kysely";
import { conditionText } from "../../contract/conditionText.ts";
import type { Lang } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import { japanStamp } from "../../contract/japanTime.ts";
import {
  type DetectionModel,
  detectionModelLabel,
  RELEASED_RULE_CSV_COLUMNS,
  RELEASED_RULE_HEADERS,
  type ReleasedRuleCsv,
  type ReleasedRuleRow,
} from "../../contract/releasedRules.ts";
import { type Condition, conditionSchema } from "../../contract/rules.ts";
import { ApiError } from "../apiError.ts";
import type { Database } from "../db/schema.ts";
import { keywordCategoryNames } from "../lists/listSnapshots.ts";
import { readReleaseRuleRows } from "../screening/releaseRuleRows.ts";
import { toCsv } from "./csvSafe.ts";
import type { ServiceDeps } from "./deps.ts";
import { tenantDetectionModels } from "./detectionModels.ts";

export interface ReleasedRules {
  modelId: string;
  releaseId: string;
  startsAt: string;
  rules: ReleasedRuleRow[];
}

export interface ReleasedRuleService {
  models(companyId: string): Promise<DetectionModel[]>;
  /** The rules of the model's release in force now; 676 without one (or for a model not the tenant's). */
  rules(companyId: string, modelId: string, lang: Lang): Promise<ReleasedRules>;
  /**
   * The rules of the release the operator saw (`releaseId`) as a CSV file named with its start; 015
   * when another release is in force since, 676 when none is.
   */
  csv(companyId: string, modelId: string, releaseId: string, lang: Lang): Promise<ReleasedRuleCsv>;
}

/**
 * The release in force: the latest Normal release whose start has come (a later start wins; among
 * equal starts the later release). Simulation releases never decide, so they are never listed.
 */
export async function releaseInForce(
  db: Kysely<Database>,
  companyId: string,
  modelId: string,
  at: Date,
): Promise<{ releaseId: string; startsAt: Date } | undefined> {
  const row = await db
    .selectFrom("rule_releases")
    .select(["release_id", "starts_at"])
    .where("company_id", "=", companyId)
    .where("model_id", "=", modelId)
    .where("kind", "=", "normal")
    .where("starts_at", "<=", at)
    .orderBy("starts_at", "desc")
    .orderBy("released_at", "desc")
    .orderBy("release_id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { releaseId: row.release_id, startsAt: row.starts_at } : undefined;
}

/** A stored condition that no longer parses is shown as stored rather than failing the whole list. */
const storedCondition = (value: unknown): Condition | string => {
  const parsed = conditionSchema.safeParse(value);
  return parsed.success ? parsed.data : JSON.stringify(value);
};

export function createReleasedRuleService(deps: Pick<ServiceDeps, "db" | "now">): ReleasedRuleService {
  const { db, now } = deps;

  async function inForceNow(companyId: string, modelId: string) {
    const release = await releaseInForce(db, companyId, modelId, now());
    if (!release) throw new ApiError(ERROR.noDataFound);
    return release;
  }

  async function rulesOf(
    companyId: string,
    modelId: string,
    release: { releaseId: string; startsAt: Date },
    lang: Lang,
  ): Promise<ReleasedRules> {
    const rows = await readReleaseRuleRows(db, companyId, release.releaseId);

    const conditions = rows.map((row) => storedCondition(row.condition));
    const categoryIds = [
      ...new Set(
        conditions.flatMap((c) => (typeof c !== "string" && c.kind === "keywordHit" ? [c.categoryId] : [])),
      ),
    ];
    const categoryNames = await keywordCategoryNames(db, companyId, categoryIds);

    return {
      modelId,
      releaseId: release.releaseId,
      startsAt: release.startsAt.toISOString(),
      rules: rows.map((row, index) => {
        const condition = conditions[index] ?? "";
        return {
          groupName: row.group_name,
          priority: row.priority,
          judgement: row.judgement,
          unitNo: row.unit_no,
          unitOperator: row.operator,
          threshold:
            typeof condition === "string"
              ? condition
              : conditionText(condition, lang, { keywordCategoryName: (id) => categoryNames.get(id) }),
          ruleDescription: row.description,
          ruleCode: row.rule_code,
        };
      }),
    };
  }

  return {
    models: (companyId) => tenantDetectionModels(db, companyId),

    rules: async (companyId, modelId, lang) =>
      rulesOf(companyId, modelId, await inForceNow(companyId, modelId), lang),

    async csv(companyId, modelId, releaseId, lang) {
      // Exactly the release the list showed: a file of another (started since) would be taken for it.
      const release = await inForceNow(companyId, modelId);
      if (release.releaseId !== releaseId) throw new ApiError(ERROR.conflict);
      const list = await rulesOf(companyId, modelId, release, lang);
      const model = await db
        .selectFrom("detection_models")
        .select(["model_id", "model_name"])
        .where("company_id", "=", companyId)
        .where("model_id", "=", modelId)
        .executeTakeFirst();
      // Its release was just read, so the model exists unless it was removed in between.
      if (!model) throw new ApiError(ERROR.noDataFound);
      const detectionModel = detectionModelLabel({ modelId: model.model_id, modelName: model.model_name });
      const headers = RELEASED_RULE_HEADERS[lang];
      const content = toCsv([
        RELEASED_RULE_CSV_COLUMNS.map((column) => headers[column]),
        ...list.rules.map((rule) => {
          const cells = { detectionModel, ...rule };
          return RELEASED_RULE_CSV_COLUMNS.map((column) => cells[column]);
        }),
      ]);
      const safeModel = modelId.replace(/[^A-Za-z0-9_-]/g, "_");
      // Named after the release it holds: its start, Japan time, to the minute (yyyyMMddHHmm).
      const startsAt = japanStamp(release.startsAt).slice(0, 12);
      return { fileName: `releasedRuleList_${safeModel}_${startsAt}.csv`, content };
    },
  };
}
