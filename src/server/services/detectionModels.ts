import type { Kysely } from "kysely";
import type { DetectionModel } from "../../contract/releasedRules.ts";
import type { Database } from "../db/schema.ts";

/**
 * The tenant's detection models, by ID: what the released rule list chooses from and what the event
 * list's screening model dropdown offers (a tenant has a handful).
 */
export async function tenantDetectionModels(
  db: Kysely<Database>,
  companyId: string,
): Promise<DetectionModel[]> {
  const rows = await db
    .selectFrom("detection_models")
    .select(["model_id", "model_name"])
    .where("company_id", "=", companyId)
    .orderBy("model_id")
    .execute();
  return rows.map((row) => ({ modelId: row.model_id, modelName: row.model_name }));
}

/** Whether the model is one of the tenant's (one primary key probe). */
export async function isTenantDetectionModel(
  db: Kysely<Database>,
  companyId: string,
  modelId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("detection_models")
    .select("model_id")
    .where("company_id", "=", companyId)
    .where("model_id", "=", modelId)
    .executeTakeFirst();
  return row !== undefined;
}
