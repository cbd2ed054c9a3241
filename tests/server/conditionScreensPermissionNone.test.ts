import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiConnectionInfo, apiSecretReveal, apiSecretRotate } from "../../src/contract/apiConnection.ts";
import { PERMISSION } from "../../src/contract/codes.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { messageText } from "../../src/contract/messages.ts";
import { detectionModelList, releasedRuleCsv, releasedRuleList } from "../../src/contract/releasedRules.ts";
import { DEMO_PASSWORD } from "../../src/server/seed/demoSeed.ts";
import {
  rolePermissionRows,
  STANDARD_ROLES,
  type StandardRole,
} from "../../src/server/services/standardRoles.ts";
import { createOperator } from "../../src/server/services/tenantService.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";

/**
 * A role that may write everything else but has "20" (not available) for the released rule list and
 * the API connection information: every call of those two screens answers 962, forged or not.
 */
const NO_CONDITIONS: StandardRole = {
  roleId: "noConditions",
  name: "Without screening conditions",
  levels: { ...STANDARD_ROLES.administrator.levels, rule: PERMISSION.none, apiInfo: PERMISSION.none },
};

describe.each(testBackends())("rule list and API connection information at permission 20 (%s)", (backend) => {
  let t: TestApp;
  let outsider: Session;
  let admin: Session;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.db
      .insertInto("roles")
      .values({ company_id: "DEMO", role_id: NO_CONDITIONS.roleId, name: NO_CONDITIONS.name })
      .execute();
    await t.db.insertInto("role_permissions").values(rolePermissionRows("DEMO", NO_CONDITIONS)).execute();
    await createOperator(t.db, {
      companyId: "DEMO",
      email: "noconditions@demo.example",
      name: "No conditions",
      roleId: NO_CONDITIONS.roleId,
      password: DEMO_PASSWORD,
    });
    [outsider, admin] = await Promise.all([
      loginAs(t.app, "DEMO", "noconditions@demo.example"),
      loginAs(t.app, "DEMO", "admin@demo.example"),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives the role 20 on both screens and writable elsewhere", async () => {
    const rows = await t.db
      .selectFrom("role_permissions")
      .select(["screen_id", "permission"])
      .where("company_id", "=", "DEMO")
      .where("role_id", "=", NO_CONDITIONS.roleId)
      .where("screen_id", "in", ["ReleasedRuleList", "ApiConnectionInfo", "EventList"])
      .orderBy("screen_id")
      .execute();
    expect(rows).toEqual([
      { screen_id: "ApiConnectionInfo", permission: PERMISSION.none },
      { screen_id: "EventList", permission: PERMISSION.writable },
      { screen_id: "ReleasedRuleList", permission: PERMISSION.none },
    ]);
  });

  it("answers 962 to every call of the two screens, and changes nothing", async () => {
    const info = (await call(t.app, apiConnectionInfo, {}, { session: admin })).json().telegram;
    const secret = (await call(t.app, apiSecretReveal, {}, { session: admin })).json().telegram.secretKey;
    const rules = (await call(t.app, releasedRuleList, { modelId: "MODEL01" }, { session: admin })).json()
      .telegram;
    expect(rules.rules.length).toBeGreaterThan(0);

    // Each with a telegram the call would take from an operator allowed to make it.
    const calls = [
      [detectionModelList, {}],
      [releasedRuleList, { modelId: "MODEL01" }],
      [releasedRuleCsv, { modelId: "MODEL01", releaseId: rules.releaseId }],
      [apiConnectionInfo, {}],
      [apiSecretReveal, {}],
      [apiSecretRotate, { rotatedAt: info.rotatedAt }],
    ] as const;
    for (const [spec, telegram] of calls) {
      for (const lang of ["en", "ja"] as const) {
        const response = await call(t.app, spec, telegram, { session: outsider, lang });
        expect(response.statusCode, spec.name).toBe(403);
        expect(response.json(), spec.name).toEqual({
          result: "20",
          messages: [],
          errors: [{ code: ERROR.forbidden, message: messageText(lang, "no.962") }],
          telegram: null,
        });
      }
    }
    // The refused rotation left the key alone.
    expect((await call(t.app, apiSecretReveal, {}, { session: admin })).json().telegram.secretKey).toBe(
      secret,
    );
    expect((await call(t.app, apiConnectionInfo, {}, { session: admin })).json().telegram).toEqual(info);
  });
});
