// @ts-expect-error pg ships no types for its internal helpers
import { prepareValue } from "pg/lib/utils.js";
import { describe, expect, it } from "vitest";
import { arrayLiteral } from "../../../src/server/screening/arrayLiteral.ts";

describe("arrayLiteral", () => {
  it("writes an array of texts, numbers or booleans exactly as pg does", () => {
    const arrays = [
      [],
      [""],
      ["DEMO", "DEMO"],
      ['say "hi"', "back\\slash", '\\"', "a,b", "{braces}", "NULL", " spaced ", "東京都\u3000港区", "😀"],
      [0, 1, -2, 3.5, 86_400_000, 1e21],
      [true, false],
    ];
    for (const values of arrays) expect(arrayLiteral(values)).toBe(prepareValue(values));
  });
});
