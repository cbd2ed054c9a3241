import { describe, expect, it } from "vitest";
import { jsonDepthExceeds } from "../../../src/server/plugins/jsonBody.ts";

const arrays = (depth: number): unknown => JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`);

describe("jsonDepthExceeds", () => {
  it("counts nested arrays and objects, and not scalars", () => {
    expect(jsonDepthExceeds("text", 0)).toBe(false);
    expect(jsonDepthExceeds({}, 0)).toBe(true);
    expect(jsonDepthExceeds({}, 1)).toBe(false);
    expect(jsonDepthExceeds({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(jsonDepthExceeds({ a: [{ b: {} }] }, 3)).toBe(true);
  });

  it("finds the deep branch beside shallow ones", () => {
    expect(jsonDepthExceeds({ wide: [1, 2, 3], deep: arrays(10) }, 10)).toBe(true);
    expect(jsonDepthExceeds({ wide: [1, 2, 3], deep: arrays(9) }, 10)).toBe(false);
  });

  it("walks without recursion, so a body nested without end cannot overflow the stack", () => {
    expect(jsonDepthExceeds(arrays(500_000), 32)).toBe(true);
  });
});
