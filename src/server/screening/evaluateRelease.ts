import {
  AUTH_STATUS,
  type AuthStatus,
  type AutoResult,
  FORCED_NG_DESCRIPTION,
  FORCED_NG_RULE_CODE,
  type Transaction,
} from "../../contract/screening.ts";
import { conditionHolds } from "./conditionHolds.ts";
import type { FiredRule, LoadedRelease, ReleaseDecision, RuleError, ScreeningFacts } from "./types.ts";

/**
 * Authentication status of an automatic result (spec 4: 00 authori, 10 escalation): OK and NG are
 * decided by the engine (00); HOLD and REVIEW go to a person (10).
 */
export const authStatusOf = (result: AutoResult): AuthStatus =>
  result === "OK" || result === "NG" ? AUTH_STATUS.authori : AUTH_STATUS.escalation;

export interface EvaluateOptions {
  /** Told about each rule whose condition threw; the rule then does not fire. */
  onRuleError?: (error: RuleError) => void;
}

/**
 * Decides one event under one release (null: no release has started). Every group is evaluated so
 * every fired rule is recorded; a rule fires when its condition holds in a unit that fires (AND: all
 * of its rules hold, OR: any). FORCED_EVENT_NG decides NG before anything else; otherwise a white
 * match decides OK; otherwise the first group by priority with a firing unit decides, and its fired
 * rules are the reason rules; without one, OK.
 */
export function evaluateRelease(
  release: LoadedRelease | null,
  tx: Transaction,
  facts: ScreeningFacts,
  options: EvaluateOptions = {},
): ReleaseDecision {
  const errors: RuleError[] = [];
  const holds = (ruleCode: string, condition: Parameters<typeof conditionHolds>[0]): boolean => {
    try {
      return conditionHolds(condition, tx, facts);
    } catch (error) {
      const ruleError = { ruleCode, message: error instanceof Error ? error.message : String(error) };
      errors.push(ruleError);
      options.onRuleError?.(ruleError);
      return false;
    }
  };

  const firedByGroup: { groupName: string; judgement: AutoResult; fired: FiredRule[] }[] = [];
  // Loaded releases come in priority order already; sorting a handful of groups keeps this pure.
  const groups = [...(release?.groups ?? [])].sort(
    (a, b) => a.priority - b.priority || a.groupNo - b.groupNo,
  );
  for (const group of groups) {
    const fired: FiredRule[] = [];
    for (const unit of group.units) {
      const holding = unit.rules.filter((rule) => holds(rule.ruleCode, rule.condition));
      const unitFires = unit.operator === "AND" ? holding.length === unit.rules.length : holding.length > 0;
      if (!unitFires) continue;
      for (const rule of holding) {
        fired.push({
          ruleCode: rule.ruleCode,
          ruleDescription: rule.description,
          ruleGroupName: group.groupName,
          isReasonRule: false,
        });
      }
    }
    if (fired.length > 0)
      firedByGroup.push({ groupName: group.groupName, judgement: group.judgement, fired });
  }

  const whiteMatched = facts.white.size > 0;
  const base = { releaseId: release?.releaseId ?? null, errors, whiteMatched };
  const allFired = firedByGroup.flatMap((group) => group.fired);

  if (tx.forcedNg === true) {
    const forced: FiredRule = {
      ruleCode: FORCED_NG_RULE_CODE,
      ruleDescription: FORCED_NG_DESCRIPTION.ja,
      ruleGroupName: FORCED_NG_RULE_CODE,
      isReasonRule: true,
    };
    return {
      ...base,
      aaresult: "NG",
      authStatus: authStatusOf("NG"),
      ruleGroupName: FORCED_NG_RULE_CODE,
      firedRules: [forced, ...allFired],
    };
  }
  const deciding = whiteMatched ? undefined : firedByGroup[0];
  if (deciding === undefined) {
    return {
      ...base,
      aaresult: "OK",
      authStatus: authStatusOf("OK"),
      ruleGroupName: null,
      firedRules: allFired,
    };
  }
  for (const rule of deciding.fired) rule.isReasonRule = true;
  return {
    ...base,
    aaresult: deciding.judgement,
    authStatus: authStatusOf(deciding.judgement),
    ruleGroupName: deciding.groupName,
    firedRules: allFired,
  };
}
