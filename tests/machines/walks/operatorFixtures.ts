import type { Operator } from "../../../src/contract/operators.ts";

/** Operators as operatorList / operatorDetail answer them, for the operator machines' walks and tests. */
export const operatorOf = (operatorId: number, overrides: Partial<Operator> = {}): Operator => ({
  operatorId,
  name: `Operator ${operatorId}`,
  email: `operator${operatorId}@check.example`,
  roleId: "viewer",
  roleName: "Viewer",
  notifyRule: false,
  notifyUpload: false,
  locked: false,
  createdAt: "2026-01-05T01:00:00.000Z",
  version: 1,
  ...overrides,
});

export const ROLES = [
  { roleId: "administrator", name: "Administrator" },
  { roleId: "viewer", name: "Viewer" },
];

export const callThrew = new Error("network down");
