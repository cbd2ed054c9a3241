import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorList } from "../../../src/contract/operators.ts";
import { DEMO_STAFF_COUNT } from "../../../src/server/seed/demoOperators.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";

/** CHECK's admin and named team of four (demoSeed.ts, demoAdministration.ts) beside the staff. */
const CHECK_OPERATORS = 5 + DEMO_STAFF_COUNT;

describe.each(testBackends())("demo operators for the operator list (%s)", (backend) => {
  let t: TestApp;
  let check: Session;

  beforeAll(async () => {
    t = await createTestApp(backend);
    check = await loginAs(t.app, "CHECK", "admin@check.example");
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (telegram: Record<string, unknown>) => {
    const response = await call(t.app, operatorList, telegram, { session: check });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().telegram as {
      count: number;
      operators: {
        name: string;
        roleId: string;
        notifyRule: boolean;
        notifyUpload: boolean;
        locked: boolean;
      }[];
      matchingIds: number[];
    };
  };

  it("gives CHECK more than a page of 50, with every role, both flags and a lock among them", async () => {
    const first = await list({});
    expect(first.count).toBe(CHECK_OPERATORS);
    expect(first.operators).toHaveLength(CHECK_OPERATORS);
    expect(new Set(first.operators.map((operator) => operator.roleId))).toEqual(
      new Set(["administrator", "reviewer", "viewer", "custom_screener"]),
    );
    expect(first.operators.some((operator) => operator.notifyRule)).toBe(true);
    expect(first.operators.some((operator) => operator.notifyUpload)).toBe(true);
    expect(first.operators.filter((operator) => operator.locked)).toHaveLength(1);

    const second = await list({ pageSize: 50, page: 2 });
    expect(second.operators).toHaveLength(CHECK_OPERATORS - 50);
    expect(second.matchingIds).toHaveLength(CHECK_OPERATORS);
  });

  it("has names to filter by, and a staff member signs in with the demo password", async () => {
    const sato = await list({ name: "佐藤" });
    expect(sato.count).toBe(Math.ceil(DEMO_STAFF_COUNT / 14));
    expect(sato.operators.every((operator) => operator.name.includes("佐藤"))).toBe(true);
    await expect(loginAs(t.app, "CHECK", "staff01@check.example")).resolves.toBeDefined();
  });
});
