import { describe, expect, it } from "vitest";
import { isOverdue } from "../../../src/app/features/event/manualDeadline.ts";

const now = new Date("2026-11-22T12:00:00.000Z");

describe("overdue manual screening deadline", () => {
  it("is overdue once the deadline has passed while the event has no manual result", () => {
    expect(isOverdue({ deadline: "2026-11-22T11:59:59.999Z", maresult: null }, now)).toBe(true);
  });

  it("is not overdue before the deadline, at it, with a manual result, or without a deadline", () => {
    expect(isOverdue({ deadline: "2026-11-22T12:00:00.001Z", maresult: null }, now)).toBe(false);
    expect(isOverdue({ deadline: "2026-11-22T12:00:00.000Z", maresult: null }, now)).toBe(false);
    for (const maresult of ["10", "20", "30"])
      expect(isOverdue({ deadline: "2026-11-20T00:00:00.000Z", maresult }, now)).toBe(false);
    expect(isOverdue({ deadline: null, maresult: null }, now)).toBe(false);
  });
});
