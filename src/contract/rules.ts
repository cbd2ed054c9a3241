import { z } from "zod";
import { AUTO_RESULTS, FORCED_NG_RULE_CODE } from "./screening.ts";
import { issue } from "./validation.ts";

/**
 * Rule packages (spec sections 3 and 4, issue 3): a detection model's package has releases of type
 * Normal or Simulation with a start date-time; the latest started Normal release decides. A release
 * holds groups (name, priority, judgement), each group units (unit number, AND/OR) of rules, and each
 * rule one condition with its rule code and description. A rule fires when its condition holds in a
 * unit that fires; the first group (by priority, 1 first) with a firing unit decides the result.
 */

export const RELEASE_KINDS = ["normal", "simulation"] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];
export const UNIT_OPERATORS = ["AND", "OR"] as const;

export const COMPARATORS = ["gt", "gte", "lt", "lte", "eq", "ne"] as const;
export type Comparator = (typeof COMPARATORS)[number];

export const PARTIES = ["purchaser", "shipping"] as const;
export type PartyKind = (typeof PARTIES)[number];

/** Items a negative entry can hold and an event can hit (issue 3: per item type, per party). */
export const NEGATIVE_ITEMS = [
  "tel",
  "mobileTel",
  "address",
  "zipcode",
  "mailAccount",
  "mailDomain",
  "name",
  "shopMemberId",
  "ipaddress",
  "cookie",
  "deviceId",
  "cchash",
] as const;
export type NegativeItem = (typeof NEGATIVE_ITEMS)[number];

/** Where a keyword category is matched. */
export const KEYWORD_TARGETS = ["address", "itemName", "mailDomain", "company", "deliveryCompany"] as const;
export type KeywordTarget = (typeof KEYWORD_TARGETS)[number];

/** Keys that link events for velocity and related events. */
export const LINK_KEYS = ["cchash", "deviceId", "ipaddress", "mail", "tel", "address"] as const;
export type LinkKey = (typeof LINK_KEYS)[number];

const windowSchema = z.object({
  value: z.number().int().min(1).max(10_000),
  unit: z.enum(["minutes", "hours", "days"]),
});

export const conditionSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("amount"),
    field: z.enum(["amount", "totalAmount"]),
    op: z.enum(COMPARATORS),
    value: z.number(),
  }),
  z.object({ kind: z.literal("itemPrice"), op: z.enum(COMPARATORS), value: z.number() }),
  z.object({ kind: z.literal("itemQuantity"), op: z.enum(COMPARATORS), value: z.number() }),
  z.object({ kind: z.literal("itemCategory"), values: z.array(z.string()).min(1) }),
  z.object({ kind: z.literal("itemName"), match: z.enum(["prefix", "contains"]), value: z.string().min(1) }),
  z.object({ kind: z.literal("negativeHit"), party: z.enum(PARTIES), item: z.enum(NEGATIVE_ITEMS) }),
  z.object({
    kind: z.literal("keywordHit"),
    categoryId: z.string(),
    target: z.enum(KEYWORD_TARGETS),
    party: z.enum(PARTIES).optional(),
    match: z.enum(["prefix", "contains"]),
  }),
  z.object({
    kind: z.literal("velocity"),
    key: z.enum(LINK_KEYS),
    measure: z.enum(["count", "amount"]),
    window: windowSchema,
    op: z.enum(COMPARATORS),
    value: z.number(),
  }),
  z.object({ kind: z.literal("addressMismatch") }),
  z.object({ kind: z.literal("foreignIp") }),
  z.object({
    kind: z.literal("hourOfDay"),
    from: z.number().int().min(0).max(23),
    to: z.number().int().min(0).max(23),
  }),
  z.object({ kind: z.literal("firstTimeCustomer") }),
]);
export type Condition = z.infer<typeof conditionSchema>;
export type ConditionKind = Condition["kind"];

/**
 * Rule codes the engine fires itself (spec section 9). A release's rule with one would pass for the
 * engine's in fired rules and event searches, so a release using one is refused.
 */
export const RESERVED_RULE_CODES: readonly string[] = [FORCED_NG_RULE_CODE];

export const ruleSchema = z.object({
  // Trimmed: a padded code would be a second code to search by that no one can tell apart.
  ruleCode: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine(
      (code) => !RESERVED_RULE_CODES.includes(code),
      issue("reservedRuleCode", { code: FORCED_NG_RULE_CODE }),
    ),
  description: z.string().trim().max(1024),
  condition: conditionSchema,
});
export const unitSchema = z.object({
  unitNo: z.number().int().min(1),
  operator: z.enum(UNIT_OPERATORS),
  rules: z.array(ruleSchema).min(1),
});
export const groupSchema = z.object({
  groupName: z.string().trim().min(1).max(100),
  priority: z.number().int().min(1),
  judgement: z.enum(AUTO_RESULTS),
  units: z.array(unitSchema).min(1),
});
export const releaseSchema = z.object({
  kind: z.enum(RELEASE_KINDS),
  startsAt: z.iso.datetime({ offset: true }),
  groups: z.array(groupSchema).min(1),
});
export type RuleDefinition = z.infer<typeof ruleSchema>;
export type UnitDefinition = z.infer<typeof unitSchema>;
export type GroupDefinition = z.infer<typeof groupSchema>;
export type ReleaseDefinition = z.infer<typeof releaseSchema>;
