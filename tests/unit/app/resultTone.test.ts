import { describe, expect, it } from "vitest";
import { isResultField, resultTone } from "../../../src/app/ui/resultTone.ts";

describe("resultTone", () => {
  it.each([
    ["aaresult", "OK", "ok"],
    ["aaresult", "NG", "ng"],
    ["aaresult", "HOLD", "hold"],
    ["aaresult", "REVIEW", "review"],
    ["aaresult", "10", "none"],
    ["maresult", "10", "ok"],
    ["maresult", "20", "ng"],
    ["maresult", "30", "hold"],
    ["maresult", "NG", "none"],
    ["maresult", null, "none"],
    ["aaresult", undefined, "none"],
  ] as const)("%s %s reads as %s", (field, code, tone) => {
    expect(resultTone(field, code)).toBe(tone);
  });

  it("knows the result fields", () => {
    expect(["aaresult", "maresult", "authStatus", "amount"].filter(isResultField)).toEqual([
      "aaresult",
      "maresult",
    ]);
  });
});
