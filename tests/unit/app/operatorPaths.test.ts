import { describe, expect, it } from "vitest";
import {
  operatorDetailPath,
  operatorEditPath,
  operatorIdOf,
} from "../../../src/app/features/admin/operators/operatorPaths.ts";
import { protectedScreenAt } from "../../../src/app/screenPaths.ts";

describe("operator paths", () => {
  it("name the operator by ?operatorId= on the detail and edit screens", () => {
    expect(operatorDetailPath(12)).toBe("/OperatorDetail?operatorId=12");
    expect(protectedScreenAt(operatorDetailPath(12))).toBe("OperatorDetail");
    expect(protectedScreenAt(operatorEditPath(12))).toBe("OperatorEdit");
    expect(operatorIdOf("?operatorId=12")).toBe(12);
    expect(operatorIdOf("operatorId=%2012%20")).toBe(12);
  });

  it("take no ID that the calls would refuse: missing, zero, negative, fractional, too large", () => {
    for (const search of [
      "",
      "?operatorId=",
      "?operatorId=0",
      "?operatorId=-3",
      "?operatorId=1.5",
      "?operatorId=1e3",
      "?operatorId=2147483648",
      "?operatorId=abc",
    ])
      expect(operatorIdOf(search), search).toBeNull();
    expect(operatorIdOf("?operatorId=2147483647")).toBe(2_147_483_647);
  });
});
