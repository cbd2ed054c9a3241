import { describe, expect, it } from "vitest";
import type { Condition } from "../../../src/contract/rules.ts";
import { type TransactionInput, transactionSchema } from "../../../src/contract/screening.ts";
import { evaluateRelease } from "../../../src/server/screening/evaluateRelease.ts";
import {
  keywordFactKey,
  type LoadedGroup,
  type LoadedRelease,
  negativeFactKey,
  type ScreeningFacts,
  type StoredCondition,
  velocityFactKey,
} from "../../../src/server/screening/types.ts";

const baseTx: TransactionInput = {
  shopEventId: "S1",
  amount: 5_000,
  totalAmount: 5_500,
  purchaser: { fullAddress: "東京都千代田区1-1" },
  shipping: { fullAddress: "東京都 千代田区１－１" },
  items: [
    { itemName: "ギフト券%_A", price: 3_000, quantity: 1, category: "gift" },
    { itemName: "ノート", price: 200, quantity: 10, category: "文具" },
  ],
};
const tx = (overrides: Partial<TransactionInput> = {}) =>
  transactionSchema.parse({ ...baseTx, ...overrides });

const facts = (overrides: Partial<ScreeningFacts> = {}): ScreeningFacts => ({
  now: new Date("2026-03-10T03:00:00Z"),
  hourOfDay: 12,
  white: new Set(),
  negativeHits: new Set(),
  keywordHits: new Map(),
  velocity: new Map(),
  ipCountry: undefined,
  firstTimeCustomer: false,
  ...overrides,
});

const release = (groups: LoadedGroup[]): LoadedRelease => ({
  releaseId: "REL1",
  packageId: "PKG",
  kind: "normal",
  startsAt: new Date(0),
  groups,
});
const groupOf = (
  groupName: string,
  priority: number,
  judgement: LoadedGroup["judgement"],
  operator: "AND" | "OR",
  conditions: [string, StoredCondition][],
): LoadedGroup => ({
  groupNo: priority,
  groupName,
  priority,
  judgement,
  units: [
    {
      unitNo: 1,
      operator,
      rules: conditions.map(([ruleCode, condition]) => ({
        ruleCode,
        description: `${ruleCode}!`,
        condition,
      })),
    },
  ],
});
const single = (condition: Condition) => release([groupOf("G", 1, "NG", "AND", [["R", condition]])]);

const DAY = 86_400_000;
const velocity = (count: number, amount: number) =>
  new Map([[velocityFactKey("cchash", DAY), { count, amount }]]);

// [name, condition, fires with, does not fire with]
type Case = [
  string,
  Condition,
  { tx?: Partial<TransactionInput>; facts?: Partial<ScreeningFacts> },
  { tx?: Partial<TransactionInput>; facts?: Partial<ScreeningFacts> },
];
const cases: Case[] = [
  ["amount gt", { kind: "amount", field: "amount", op: "gt", value: 4_999 }, {}, { tx: { amount: 4_999 } }],
  ["amount lte", { kind: "amount", field: "amount", op: "lte", value: 5_000 }, {}, { tx: { amount: 5_001 } }],
  ["amount eq", { kind: "amount", field: "amount", op: "eq", value: 5_000 }, {}, { tx: { amount: 1 } }],
  ["amount ne", { kind: "amount", field: "amount", op: "ne", value: 1 }, {}, { tx: { amount: 1 } }],
  ["amount lt", { kind: "amount", field: "amount", op: "lt", value: 5_001 }, {}, { tx: { amount: 5_001 } }],
  [
    "totalAmount gte",
    { kind: "amount", field: "totalAmount", op: "gte", value: 5_500 },
    {},
    { tx: { totalAmount: 5_499 } },
  ],
  [
    "totalAmount absent",
    { kind: "amount", field: "totalAmount", op: "gte", value: 0 },
    {},
    { tx: { totalAmount: undefined } },
  ],
  [
    "itemPrice",
    { kind: "itemPrice", op: "gte", value: 3_000 },
    {},
    { tx: { items: [{ price: 2_999, quantity: 1 }] } },
  ],
  [
    "itemQuantity",
    { kind: "itemQuantity", op: "gte", value: 10 },
    {},
    { tx: { items: [{ price: 1, quantity: 9 }] } },
  ],
  ["itemCategory", { kind: "itemCategory", values: ["gift", "game"] }, {}, { tx: { items: [] } }],
  [
    "itemName prefix with literal % and _",
    { kind: "itemName", match: "prefix", value: "ギフト券%_" },
    {},
    { tx: { items: [{ itemName: "ギフト券XY", price: 1, quantity: 1 }] } },
  ],
  [
    "itemName contains",
    { kind: "itemName", match: "contains", value: "%_A" },
    {},
    { tx: { items: [{ itemName: "ギフト券A", price: 1, quantity: 1 }] } },
  ],
  [
    "itemName contains, full-width and case folded as keywords are (NFKC, lower case)",
    { kind: "itemName", match: "contains", value: "iphone" },
    { tx: { items: [{ itemName: "ｉＰｈｏｎｅ　15 Pro", price: 1, quantity: 1 }] } },
    { tx: { items: [{ itemName: "i-Phone", price: 1, quantity: 1 }] } },
  ],
  [
    "itemName prefix typed full-width meets half-width data",
    { kind: "itemName", match: "prefix", value: "ＡＭＡＺＯＮギフト" },
    { tx: { items: [{ itemName: "Amazonギフト券", price: 1, quantity: 1 }] } },
    { tx: { items: [{ itemName: "ギフト Amazon", price: 1, quantity: 1 }] } },
  ],
  [
    "itemCategory compared in NFKC lower case",
    { kind: "itemCategory", values: ["Gift"] },
    { tx: { items: [{ category: "ＧＩＦＴ", price: 1, quantity: 1 }] } },
    { tx: { items: [{ category: "gifts", price: 1, quantity: 1 }] } },
  ],
  [
    "negativeHit shipping tel",
    { kind: "negativeHit", party: "shipping", item: "tel" },
    { facts: { negativeHits: new Set([negativeFactKey("shipping", "tel")]) } },
    { facts: { negativeHits: new Set([negativeFactKey("purchaser", "tel")]) } },
  ],
  [
    "keywordHit prefix",
    { kind: "keywordHit", categoryId: "C1", target: "address", party: "purchaser", match: "prefix" },
    {
      facts: {
        keywordHits: new Map([
          [keywordFactKey("C1", "address", "purchaser"), { prefix: true, contains: true }],
        ]),
      },
    },
    {
      facts: {
        keywordHits: new Map([
          [keywordFactKey("C1", "address", "purchaser"), { prefix: false, contains: true }],
        ]),
      },
    },
  ],
  [
    "keywordHit contains, either party",
    { kind: "keywordHit", categoryId: "C1", target: "address", match: "contains" },
    {
      facts: {
        keywordHits: new Map([
          [keywordFactKey("C1", "address", "shipping"), { prefix: false, contains: true }],
        ]),
      },
    },
    {
      facts: {
        keywordHits: new Map([
          [keywordFactKey("C2", "address", "shipping"), { prefix: true, contains: true }],
        ]),
      },
    },
  ],
  [
    "velocity count",
    {
      kind: "velocity",
      key: "cchash",
      measure: "count",
      window: { value: 1, unit: "days" },
      op: "gte",
      value: 3,
    },
    { facts: { velocity: velocity(3, 0) } },
    { facts: { velocity: velocity(2, 999_999) } },
  ],
  [
    "velocity amount",
    {
      kind: "velocity",
      key: "cchash",
      measure: "amount",
      window: { value: 24, unit: "hours" },
      op: "gt",
      value: 100_000,
    },
    { facts: { velocity: velocity(1, 100_001) } },
    { facts: { velocity: velocity(50, 100_000) } },
  ],
  [
    "addressMismatch",
    { kind: "addressMismatch" },
    { tx: { shipping: { fullAddress: "大阪府大阪市北区1-1" } } },
    {},
  ],
  [
    "addressMismatch without shipping",
    { kind: "addressMismatch" },
    { tx: { shipping: { fullAddress: "別" } } },
    { tx: { shipping: undefined } },
  ],
  ["foreignIp", { kind: "foreignIp" }, { facts: { ipCountry: "US" } }, { facts: { ipCountry: "JP" } }],
  [
    "foreignIp unknown country",
    { kind: "foreignIp" },
    { facts: { ipCountry: "CN" } },
    { facts: { ipCountry: undefined } },
  ],
  [
    "hourOfDay",
    { kind: "hourOfDay", from: 1, to: 4 },
    { facts: { hourOfDay: 4 } },
    { facts: { hourOfDay: 5 } },
  ],
  [
    "hourOfDay over midnight",
    { kind: "hourOfDay", from: 22, to: 3 },
    { facts: { hourOfDay: 23 } },
    { facts: { hourOfDay: 21 } },
  ],
  ["firstTimeCustomer", { kind: "firstTimeCustomer" }, { facts: { firstTimeCustomer: true } }, {}],
];

describe("evaluateRelease: each condition kind, both outcomes", () => {
  it.each(cases)("%s", (_name, condition, firing, quiet) => {
    const fires = evaluateRelease(single(condition), tx(firing.tx), facts(firing.facts));
    expect(fires.aaresult).toBe("NG");
    expect(fires.firedRules).toEqual([
      { ruleCode: "R", ruleDescription: "R!", ruleGroupName: "G", isReasonRule: true },
    ]);
    expect(fires.errors).toEqual([]);
    const silent = evaluateRelease(single(condition), tx(quiet.tx), facts(quiet.facts));
    expect(silent).toMatchObject({
      aaresult: "OK",
      authStatus: "00",
      ruleGroupName: null,
      firedRules: [],
      errors: [],
    });
  });

  it("covers every condition kind of the contract", () => {
    const kinds = new Set(cases.map(([, condition]) => condition.kind));
    expect([...kinds].sort()).toEqual(
      [
        "amount",
        "itemPrice",
        "itemQuantity",
        "itemCategory",
        "itemName",
        "negativeHit",
        "keywordHit",
        "velocity",
        "addressMismatch",
        "foreignIp",
        "hourOfDay",
        "firstTimeCustomer",
      ].sort(),
    );
  });
});

const BIG: StoredCondition = { kind: "amount", field: "amount", op: "gte", value: 5_000 };
const SMALL: StoredCondition = { kind: "amount", field: "amount", op: "lt", value: 100 };
const GIFT: StoredCondition = { kind: "itemCategory", values: ["gift"] };

describe("evaluateRelease: units, groups, white entries, forced NG", () => {
  it("AND fires only when every rule holds; OR when any holds, recording only those that hold", () => {
    const and = evaluateRelease(
      release([
        groupOf("G", 1, "REVIEW", "AND", [
          ["BIG", BIG],
          ["SMALL", SMALL],
        ]),
      ]),
      tx(),
      facts(),
    );
    expect(and).toMatchObject({ aaresult: "OK", firedRules: [] });
    const or = evaluateRelease(
      release([
        groupOf("G", 1, "REVIEW", "OR", [
          ["BIG", BIG],
          ["SMALL", SMALL],
          ["GIFT", GIFT],
        ]),
      ]),
      tx(),
      facts(),
    );
    expect(or).toMatchObject({ aaresult: "REVIEW", authStatus: "10", ruleGroupName: "G" });
    expect(or.firedRules.map((r) => r.ruleCode)).toEqual(["BIG", "GIFT"]);
  });

  it("the first group by priority with a firing unit decides; later fired rules are kept, not reasons", () => {
    const decision = evaluateRelease(
      release([
        groupOf("LOW", 3, "NG", "OR", [["GIFT", GIFT]]),
        groupOf("NONE", 1, "NG", "OR", [["SMALL", SMALL]]),
        groupOf("HIGH", 2, "HOLD", "OR", [["BIG", BIG]]),
      ]),
      tx(),
      facts(),
    );
    expect(decision).toMatchObject({ aaresult: "HOLD", authStatus: "10", ruleGroupName: "HIGH" });
    expect(decision.firedRules).toEqual([
      { ruleCode: "BIG", ruleDescription: "BIG!", ruleGroupName: "HIGH", isReasonRule: true },
      { ruleCode: "GIFT", ruleDescription: "GIFT!", ruleGroupName: "LOW", isReasonRule: false },
    ]);
  });

  it("several units: the group fires when any of its units fires", () => {
    const twoUnits: LoadedGroup = {
      groupNo: 1,
      groupName: "G",
      priority: 1,
      judgement: "NG",
      units: [
        { unitNo: 1, operator: "AND", rules: [{ ruleCode: "A1", description: "", condition: SMALL }] },
        { unitNo: 2, operator: "AND", rules: [{ ruleCode: "B1", description: "", condition: BIG }] },
      ],
    };
    const decision = evaluateRelease(release([twoUnits]), tx(), facts());
    expect(decision.aaresult).toBe("NG");
    expect(decision.firedRules.map((r) => [r.ruleCode, r.isReasonRule])).toEqual([["B1", true]]);
  });

  it.each(["ip", "shopMemberId", "tel"] as const)("a white %s match makes the event OK", (type) => {
    const decision = evaluateRelease(
      release([groupOf("G", 1, "NG", "OR", [["BIG", BIG]])]),
      tx(),
      facts({ white: new Set([type]) }),
    );
    expect(decision).toMatchObject({
      aaresult: "OK",
      authStatus: "00",
      ruleGroupName: null,
      whiteMatched: true,
    });
    expect(decision.firedRules).toEqual([
      { ruleCode: "BIG", ruleDescription: "BIG!", ruleGroupName: "G", isReasonRule: false },
    ]);
  });

  it("FORCED_EVENT_NG beats a white match and every group", () => {
    const decision = evaluateRelease(
      release([groupOf("G", 1, "REVIEW", "OR", [["BIG", BIG]])]),
      tx({ forcedNg: true }),
      facts({ white: new Set(["ip"]) }),
    );
    expect(decision).toMatchObject({ aaresult: "NG", authStatus: "00", ruleGroupName: "FORCED_EVENT_NG" });
    expect(decision.firedRules.map((r) => [r.ruleCode, r.isReasonRule])).toEqual([
      ["FORCED_EVENT_NG", true],
      ["BIG", false],
    ]);
    expect(evaluateRelease(null, tx({ forcedNg: true }), facts()).aaresult).toBe("NG");
    expect(evaluateRelease(null, tx({ forcedNg: false }), facts()).aaresult).toBe("OK");
  });

  it("a failing condition is an error for its rule only: reported, not fired, screening goes on", () => {
    const reported: string[] = [];
    const broken: StoredCondition = { kind: "invalid", raw: { kind: "nope" }, problem: "bad kind" };
    const missingVelocity: Condition = {
      kind: "velocity",
      key: "ipaddress",
      measure: "count",
      window: { value: 5, unit: "minutes" },
      op: "gte",
      value: 1,
    };
    const decision = evaluateRelease(
      release([
        groupOf("BROKEN", 1, "NG", "OR", [
          ["BAD", broken],
          ["NOVEL", missingVelocity],
        ]),
        groupOf("NEXT", 2, "HOLD", "OR", [["BIG", BIG]]),
      ]),
      tx(),
      facts(),
      { onRuleError: (error) => reported.push(error.ruleCode) },
    );
    expect(decision).toMatchObject({ aaresult: "HOLD", ruleGroupName: "NEXT" });
    expect(reported).toEqual(["BAD", "NOVEL"]);
    expect(decision.errors.map((e) => e.ruleCode)).toEqual(["BAD", "NOVEL"]);
    expect(decision.errors[0]?.message).toContain("bad kind");
  });
});
