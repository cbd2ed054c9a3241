import type { Condition, LinkKey, ReleaseKind } from "../../contract/rules.ts";
import type { AuthStatus, AutoResult } from "../../contract/screening.ts";

/** A stored condition that does not parse: evaluating it is an error for its rule, never a crash. */
export interface InvalidCondition {
  kind: "invalid";
  raw: unknown;
  problem: string;
}
export type StoredCondition = Condition | InvalidCondition;

export interface LoadedRule {
  ruleCode: string;
  description: string;
  condition: StoredCondition;
}
export interface LoadedUnit {
  unitNo: number;
  operator: "AND" | "OR";
  rules: LoadedRule[];
}
export interface LoadedGroup {
  groupNo: number;
  groupName: string;
  priority: number;
  judgement: AutoResult;
  units: LoadedUnit[];
}
/** A release as the engine evaluates it: groups in priority order (1 first). */
export interface LoadedRelease {
  releaseId: string;
  packageId: string;
  kind: ReleaseKind;
  startsAt: Date;
  groups: LoadedGroup[];
}

export type WhiteType = "ip" | "shopMemberId" | "tel";
export type PartyOrItems = "purchaser" | "shipping" | "items";

export interface VelocityFact {
  /** Events of the tenant in the window sharing the key, this one included. */
  count: number;
  /** Their amounts, this one's included. */
  amount: number;
}
export interface KeywordFact {
  prefix: boolean;
  contains: boolean;
}

/**
 * Everything the conditions read besides the transaction, gathered once per event with a few
 * queries (screening/gatherFacts.ts) or prepared by hand in tests.
 */
export interface ScreeningFacts {
  /** Screening time. */
  now: Date;
  /** Hour (0-23, Japan time) of the order: requestedAt, else the screening time. */
  hourOfDay: number;
  /** White types that matched (IP, purchaser's shop member ID, purchaser's phone). */
  white: ReadonlySet<WhiteType>;
  /** Negative hits as "party:item" (negativeFactKey). */
  negativeHits: ReadonlySet<string>;
  /** Keyword hits by keywordFactKey(categoryId, target, where). */
  keywordHits: ReadonlyMap<string, KeywordFact>;
  /** Velocity by velocityFactKey(key, windowMs). */
  velocity: ReadonlyMap<string, VelocityFact>;
  /** Country code of the device IP when the geolocation table knows it. */
  ipCountry: string | undefined;
  firstTimeCustomer: boolean;
}

export const negativeFactKey = (party: string, item: string): string => `${party}:${item}`;
export const keywordFactKey = (categoryId: string, target: string, where: PartyOrItems): string =>
  `${categoryId}|${target}|${where}`;
export const velocityFactKey = (key: LinkKey, windowMs: number): string => `${key}|${windowMs}`;

export interface FiredRule {
  ruleCode: string;
  ruleDescription: string;
  ruleGroupName: string;
  isReasonRule: boolean;
}

export interface RuleError {
  ruleCode: string;
  message: string;
}

/** What one release decides for one event. */
export interface ReleaseDecision {
  releaseId: string | null;
  aaresult: AutoResult;
  authStatus: AuthStatus;
  /** The deciding group's name, FORCED_EVENT_NG, or null (white entry or no firing group). */
  ruleGroupName: string | null;
  firedRules: FiredRule[];
  errors: RuleError[];
  whiteMatched: boolean;
}

/** Stored in events.simulation_result: the shadow release's decision, for later comparison. */
export interface SimulationResult {
  releaseId: string;
  aaresult: AutoResult;
  ruleGroupName: string | null;
  firedRules: FiredRule[];
  errors: RuleError[];
}

export interface ScreeningOutcome {
  eventId: string;
  aaresult: AutoResult;
  authStatus: AuthStatus;
  firedRules: { ruleCode: string; ruleDescription: string; ruleGroupName: string; isReasonRule: boolean }[];
  duplicate: boolean;
}
