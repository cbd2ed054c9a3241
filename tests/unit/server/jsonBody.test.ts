import { describe, expect, it } from "vitest";
import { jsonShapeRefusal } from "../../../src/server/plugins/jsonBody.ts";

const arrays = (depth: number): string => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const deepBeyond = (text: string, max: number) => jsonShapeRefusal(text, max, 1_000_000) === "tooDeep";

describe("jsonShapeRefusal", () => {
  it("counts nested arrays and objects, and not scalars", () => {
    expect(deepBeyond('"text"', 0)).toBe(false);
    expect(deepBeyond("{}", 0)).toBe(true);
    expect(deepBeyond("{}", 1)).toBe(false);
    expect(deepBeyond('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(deepBeyond('{"a":[{"b":{}}]}', 3)).toBe(true);
  });

  it("finds the deep branch beside shallow ones", () => {
    expect(deepBeyond(`{"wide":[1,2,3],"deep":${arrays(10)}}`, 10)).toBe(true);
    expect(deepBeyond(`{"wide":[1,2,3],"deep":${arrays(9)}}`, 10)).toBe(false);
  });

  it("reads brackets, commas and quotes inside strings as text", () => {
    expect(jsonShapeRefusal('{"a":"[[[[,,,,\\"{{"}', 1, 1)).toBeNull();
  });

  it("counts every member and element of the body against the limit", () => {
    const keys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(",")}}`;
    expect(jsonShapeRefusal(keys(10), 32, 10)).toBeNull();
    expect(jsonShapeRefusal(keys(11), 32, 10)).toBe("tooWide");
    expect(jsonShapeRefusal(`{"a":[1,2,3],"b":[4,5,6]}`, 32, 7)).toBe("tooWide");
    expect(jsonShapeRefusal(`{"a":[1,2,3],"b":[4,5]}`, 32, 7)).toBeNull();
  });

  it("scans without recursion, so a body nested without end cannot overflow the stack", () => {
    expect(deepBeyond(arrays(500_000), 32)).toBe(true);
  });
});
