// @ts-expect-error pg ships no types for its internal helpers
import { prepareValue } from "pg/lib/utils.js";
import { describe, expect, it } from "vitest";
import { textArrayLiteral } from "../../../src/server/screening/arrayLiteral.ts";

describe("textArrayLiteral", () => {
  it("writes a text array exactly as pg does", () => {
    const arrays = [
      [],
      [""],
      ["DEMO", "DEMO"],
      ['say "hi"', "back\\slash", '\\"', "a,b", "{braces}", "NULL", " spaced ", "東京都\u3000港区", "😀"],
    ];
    for (const values of arrays) expect(textArrayLiteral(values)).toBe(prepareValue(values));
  });
});
