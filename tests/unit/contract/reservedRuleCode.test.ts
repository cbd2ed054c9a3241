import { describe, expect, it } from "vitest";
import { type ReleaseDefinition, releaseSchema } from "../../../src/contract/rules.ts";
import { FORCED_NG_RULE_CODE } from "../../../src/contract/screening.ts";
import { fieldErrors } from "../../../src/contract/validation.ts";

/** A release whose second rule has the given code. */
const releaseWith = (ruleCode: string): ReleaseDefinition => ({
  kind: "normal",
  startsAt: "2026-04-01T00:00:00+09:00",
  groups: [
    {
      groupName: "高額",
      priority: 1,
      judgement: "NG",
      units: [
        {
          unitNo: 1,
          operator: "OR",
          rules: [
            { ruleCode: "AMT", description: "", condition: { kind: "foreignIp" } },
            { ruleCode, description: "", condition: { kind: "foreignIp" } },
          ],
        },
      ],
    },
  ],
});

describe("the engine's own rule code FORCED_EVENT_NG (spec section 9)", () => {
  it("is the forced NG code the engine fires", () => {
    expect(FORCED_NG_RULE_CODE).toBe("FORCED_EVENT_NG");
  });

  it.each(["FORCED_EVENT_NG", " FORCED_EVENT_NG "])(
    "refuses a release rule coded %j, naming the field",
    (code) => {
      const result = releaseSchema.safeParse(releaseWith(code));
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(fieldErrors("en", result.error)).toEqual([
        {
          field: "groups.0.units.0.rules.1.ruleCode",
          message: "FORCED_EVENT_NG is reserved for the engine's forced NG and cannot be a rule code.",
        },
      ]);
      expect(fieldErrors("ja", result.error)).toEqual([
        {
          field: "groups.0.units.0.rules.1.ruleCode",
          message: "FORCED_EVENT_NGは強制NG用に予約されているため、ルールコードに使用できません。",
        },
      ]);
    },
  );

  it.each(["FORCED_EVENT_NG_2", "forced_event_ng", "NEG_CARD"])("accepts any other code, e.g. %j", (code) => {
    expect(releaseSchema.safeParse(releaseWith(code)).success).toBe(true);
  });
});

describe("a release's names and codes", () => {
  it("are stored trimmed, so a padded code is the same code", () => {
    const padded = releaseWith(" NEG_CARD ");
    const group = padded.groups[0];
    if (group) group.groupName = " 高額 ";
    const rule = group?.units[0]?.rules[1];
    if (rule) rule.description = " カード ";
    const parsed = releaseSchema.parse(padded);
    expect(parsed.groups[0]?.groupName).toBe("高額");
    expect(parsed.groups[0]?.units[0]?.rules[1]).toMatchObject({
      ruleCode: "NEG_CARD",
      description: "カード",
    });
  });

  it("leave a rule code of spaces only empty, which is refused, naming the field", () => {
    const result = releaseSchema.safeParse(releaseWith("   "));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors("en", result.error).map((error) => error.field)).toEqual([
      "groups.0.units.0.rules.1.ruleCode",
    ]);
  });
});
