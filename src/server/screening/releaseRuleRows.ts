import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Every rule of one stored release with its unit and group, in evaluation order (group priority,
 * group, unit, rule). The screening engine groups these rows; the released-rule list shows them flat.
 */
export function readReleaseRuleRows(db: Kysely<Database>, companyId: string, releaseId: string) {
  return db
    .selectFrom("rules as r")
    .innerJoin("rule_units as u", (join) =>
      join
        .onRef("u.company_id", "=", "r.company_id")
        .onRef("u.release_id", "=", "r.release_id")
        .onRef("u.group_no", "=", "r.group_no")
        .onRef("u.unit_no", "=", "r.unit_no"),
    )
    .innerJoin("rule_groups as g", (join) =>
      join
        .onRef("g.company_id", "=", "r.company_id")
        .onRef("g.release_id", "=", "r.release_id")
        .onRef("g.group_no", "=", "r.group_no"),
    )
    .select([
      "g.group_no",
      "g.group_name",
      "g.priority",
      "g.judgement",
      "u.unit_no",
      "u.operator",
      "r.rule_code",
      "r.description",
      "r.condition",
    ])
    .where("r.company_id", "=", companyId)
    .where("r.release_id", "=", releaseId)
    .orderBy("g.priority")
    .orderBy("g.group_no")
    .orderBy("u.unit_no")
    .orderBy("r.rule_no")
    .execute();
}
