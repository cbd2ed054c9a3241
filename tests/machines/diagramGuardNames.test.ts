import { describe, expect, it } from "vitest";
import { and, createMachine, not, or, stateIn } from "xstate";
import { toMermaid } from "../../machines/diagram/toMermaid.ts";

describe("machine diagrams: guard names", () => {
  it("names composite guards by what they combine instead of [inline]", () => {
    const machine = createMachine({
      id: "guards",
      initial: "a",
      states: {
        a: {
          on: {
            both: { target: "b", guard: and(["ready", not("busy")]) },
            either: { target: "b", guard: or(["ready", and(["late", "busy"])]) },
            inB: { target: "b", guard: stateIn("b") },
            inline: { target: "b", guard: () => true },
          },
        },
        b: {},
      },
    });
    expect(
      toMermaid(machine)
        .split("\n")
        .filter((line) => line.includes("-->") && line.includes("[")),
    ).toEqual([
      "  [*] --> a",
      "  a --> b: both [ready and not busy]",
      "  a --> b: either [ready or (late and busy)]",
      '  a --> b: inB [in "b"]',
      "  a --> b: inline [inline]",
    ]);
  });
});
