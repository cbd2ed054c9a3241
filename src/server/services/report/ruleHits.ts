import { type Kysely, sql } from "kysely";
import type { RuleHitRow } from "../../../contract/report.ts";
import { MANUAL_RESULT } from "../../../contract/screening.ts";
import type { Database } from "../../db/schema.ts";

export type ReleaseKind = "normal" | "simulation";

interface Scope {
  companyId: string;
  modelId: string;
  readFrom: Date;
  readTo: Date;
}

/**
 * One row per (rule code, event) of the model's events in the period that are not logically
 * deleted: a code fired twice on an event (in two groups) counts once, as a reason rule if either was.
 * normal: the deciding release's rows in event_fired_rules; simulation: events.simulation_result's
 * firedRules (migration 014 keeps them there only).
 */
function firedPerEvent(kind: ReleaseKind, scope: Scope) {
  const { companyId, modelId, readFrom, readTo } = scope;
  return kind === "normal"
    ? sql`select f.rule_code, min(f.rule_description) as rule_description,
          bool_or(f.is_reason_rule) as reason, e.maresult, e.negatived
        from event_fired_rules f
        join events e on e.company_id = f.company_id and e.event_id = f.event_id
        where f.company_id = ${companyId} and f.release_kind = 'normal'
          and f.created_at >= ${readFrom} and f.created_at < ${readTo}
          and e.model_id = ${modelId} and not e.logically_deleted
        group by f.rule_code, f.event_id, e.maresult, e.negatived`
    : sql`select r ->> 'ruleCode' as rule_code, min(r ->> 'ruleDescription') as rule_description,
          bool_or((r ->> 'isReasonRule')::boolean) as reason, e.maresult, e.negatived
        from events e
        cross join lateral jsonb_array_elements(e.simulation_result -> 'firedRules') as r
        where e.company_id = ${companyId} and e.model_id = ${modelId}
          and e.created_at >= ${readFrom} and e.created_at < ${readTo}
          and not e.logically_deleted and e.simulation_result is not null
        group by r ->> 'ruleCode', e.event_id, e.maresult, e.negatived`;
}

/** The rule hits of one kind of release, keyed by rule code (not yet merged with a release's rules). */
export async function readRuleHits(
  db: Kysely<Database>,
  kind: ReleaseKind,
  scope: Scope,
): Promise<Map<string, Omit<RuleHitRow, "inRelease">>> {
  const { rows } = await sql<{
    rule_code: string;
    rule_description: string;
    hits: number;
    reason_hits: number;
    manual_ng: number;
    manual_ok: number;
    negatived: number;
  }>`select rule_code, min(rule_description) as rule_description, count(*)::integer as hits,
      (count(*) filter (where reason))::integer as reason_hits,
      (count(*) filter (where maresult = ${MANUAL_RESULT.ng}))::integer as manual_ng,
      (count(*) filter (where maresult = ${MANUAL_RESULT.ok}))::integer as manual_ok,
      (count(*) filter (where negatived))::integer as negatived
    from (${firedPerEvent(kind, scope)}) as per_event
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
