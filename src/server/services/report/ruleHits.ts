import { type Kysely, sql } from "kysely";
import type { RuleHitRow } from "../../../contract/report.ts";
import type { Database } from "../../db/schema.ts";
import { japanDayKey } from "./reportFigures.ts";

export type ReleaseKind = "normal" | "simulation";

interface Scope {
  companyId: string;
  modelId: string;
  readFrom: Date;
  readTo: Date;
}

/**
 * The rule hits of one kind of release, keyed by rule code (not yet merged with a release's rules),
 * summed from rule_hit_day_tallies (migration 028, kept exact by triggers on events and
 * event_fired_rules): per rule code and event once, as a reason rule if either firing was; only the
 * model's events in the period that are not logically deleted. normal: the deciding release's
 * event_fired_rules rows; simulation: events.simulation_result's firedRules. The delta rows of a
 * (code, description) that sum to no hit are left out before the description is chosen (the least
 * of the descriptions the code fired with, as a direct count's min would be).
 */
export async function readRuleHits(
  db: Kysely<Database>,
  kind: ReleaseKind,
  scope: Scope,
): Promise<Map<string, Omit<RuleHitRow, "inRelease">>> {
  const { companyId, modelId, readFrom, readTo } = scope;
  const { rows } = await sql<{
    rule_code: string;
    rule_description: string;
    hits: number;
    reason_hits: number;
    manual_ng: number;
    manual_ok: number;
    negatived: number;
  }>`select rule_code, min(rule_description) as rule_description, sum(hits)::integer as hits,
      sum(reason_hits)::integer as reason_hits, sum(manual_ng)::integer as manual_ng,
      sum(manual_ok)::integer as manual_ok, sum(negatived)::integer as negatived
    from (select rule_code, rule_description, sum(hits) as hits, sum(reason_hits) as reason_hits,
        sum(manual_ng) as manual_ng, sum(manual_ok) as manual_ok, sum(negatived) as negatived
      from rule_hit_day_tallies
      where company_id = ${companyId} and model_id = ${modelId} and release_kind = ${kind}
        and day >= ${japanDayKey(readFrom)}::date and day < ${japanDayKey(readTo)}::date
      group by rule_code, rule_description
      having sum(hits) <> 0) as per_description
    group by rule_code`.execute(db);
  return new Map(
    rows.map((row) => [
      row.rule_code,
      {
        ruleCode: row.rule_code,
        ruleDescription: row.rule_description,
        hits: Number(row.hits),
        reasonHits: Number(row.reason_hits),
        manualNg: Number(row.manual_ng),
        manualOk: Number(row.manual_ok),
        negatived: Number(row.negatived),
      },
    ]),
  );
}

/** The rule codes of a release with their descriptions (first rule of each code in rule order). */
export async function releaseRuleCodes(
  db: Kysely<Database>,
  companyId: string,
  releaseId: string,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("rules")
    .select(["rule_code", "description"])
    .where("company_id", "=", companyId)
    .where("release_id", "=", releaseId)
    .orderBy("group_no")
    .orderBy("unit_no")
    .orderBy("rule_no")
    .execute();
  const codes = new Map<string, string>();
  for (const row of rows) if (!codes.has(row.rule_code)) codes.set(row.rule_code, row.description);
  return codes;
}

/**
 * The release's rules beside the hits: every code of the release (zeros when it fired on nothing)
 * and every code that fired in the period; sorted by hits, then rule code.
 */
export function mergeRuleHits(
  hits: Map<string, Omit<RuleHitRow, "inRelease">>,
  releaseCodes: Map<string, string>,
): RuleHitRow[] {
  const rows: RuleHitRow[] = [...hits.values()].map((row) => ({
    ...row,
    ruleDescription: releaseCodes.get(row.ruleCode) ?? row.ruleDescription,
    inRelease: releaseCodes.has(row.ruleCode),
  }));
  for (const [ruleCode, ruleDescription] of releaseCodes) {
    if (hits.has(ruleCode)) continue;
    rows.push({
      ruleCode,
      ruleDescription,
      inRelease: true,
      hits: 0,
      reasonHits: 0,
      manualNg: 0,
      manualOk: 0,
      negatived: 0,
    });
  }
  return rows.sort(
    (a, b) => b.hits - a.hits || (a.ruleCode < b.ruleCode ? -1 : a.ruleCode > b.ruleCode ? 1 : 0),
  );
}
