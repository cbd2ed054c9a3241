import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineCall } from "../../src/contract/call.ts";
import { PERMISSION, type Permission } from "../../src/contract/codes.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { eventNeighbours } from "../../src/contract/eventSearch.ts";
import { menuScreenIds } from "../../src/contract/menu.ts";
import { screenPermissionList } from "../../src/contract/permissions.ts";
import { SCREEN_IDS, SCREENS, type ScreenGroup, type ScreenId } from "../../src/contract/screens.ts";
import { registerCall } from "../../src/server/plugins/registerCall.ts";
import {
  call,
  createTestApp,
  loginAs,
  type Session,
  setRolePermission,
  type TestApp,
} from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";

// Test-only calls guarded by a screen: the guard must stop them before the handler runs.
let handlerRuns = 0;
const readOperators = defineCall({
  name: "testReadOperators",
  method: "POST",
  path: "/api/v3/test/readOperators",
  access: { kind: "read", screenId: "OperatorList" },
  request: z.object({}).strict(),
  response: z.object({ ran: z.literal(true) }),
});
const writeKeywords = defineCall({
  name: "testWriteKeywords",
  method: "POST",
  path: "/api/v3/test/writeKeywords",
  access: { kind: "write", screenId: "KeywordList" },
  request: z.object({}).strict(),
  response: z.object({ ran: z.literal(true) }),
});
const readKeywords = defineCall({
  ...writeKeywords,
  name: "testReadKeywords",
  path: "/api/v3/test/readKeywords",
  access: { kind: "read", screenId: "KeywordList" },
});

// A dialog's call: it also needs read permission on the screen the dialog opens from (EventDetail).
const writeNgDialog = defineCall({
  ...writeKeywords,
  name: "testWriteNgDialog",
  path: "/api/v3/test/writeNgDialog",
  access: { kind: "write", screenId: "EventDialogNg" },
});

const expected: Record<string, Record<ScreenGroup, string>> = {
  "admin@demo.example": {
    event: "00",
    report: "00",
    csv: "00",
    negative: "00",
    white: "00",
    rule: "00",
    keyword: "00",
    apiInfo: "00",
    admin: "00",
  },
  "reviewer@demo.example": {
    event: "00",
    report: "00",
    csv: "00",
    negative: "00",
    white: "00",
    rule: "10",
    keyword: "10",
    apiInfo: "10",
    admin: "20",
  },
  "viewer@demo.example": {
    event: "10",
    report: "10",
    csv: "10",
    negative: "10",
    white: "10",
    rule: "10",
    keyword: "10",
    apiInfo: "10",
    admin: "20",
  },
};

/** Screens whose level differs from their group's, per account. */
const exceptions: Record<string, Partial<Record<string, string>>> = {
  // A viewer reads events on screen but does not take them out as CSV.
  "viewer@demo.example": { EventDialogCsvDownload: "20" },
};

describe.each(testBackends())("permissions (%s)", (backend) => {
  let t: TestApp;
  const sessions: Record<string, Session> = {};

  beforeAll(async () => {
    t = await createTestApp(backend, {
      extraRoutes: (app) => {
        for (const spec of [readOperators, writeKeywords, readKeywords, writeNgDialog]) {
          registerCall(app, spec, async () => {
            handlerRuns += 1;
            return { telegram: { ran: true as const } };
          });
        }
      },
    });
    for (const email of Object.keys(expected)) sessions[email] = await loginAs(t.app, "DEMO", email);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Sets DEMO's reviewer role's permission for one screen (the tests put writable back). */
  const setReviewerPermission = (screenId: ScreenId, permission: Permission) =>
    setRolePermission(t.db, { roleId: "reviewer", screenIds: [screenId] }, permission);

  it.each(Object.keys(expected))("gives %s its role's level on every screen", async (email) => {
    const response = await call(
      t.app,
      screenPermissionList,
      { screenIds: SCREEN_IDS },
      { session: sessions[email] },
    );
    expect(response.statusCode).toBe(200);
    const levels = expected[email];
    if (!levels) throw new Error(`no expectation for ${email}`);
    expect(response.json().telegram.screenPermissions).toEqual(
      SCREEN_IDS.map((screenId) => ({
        screenId,
        permission: exceptions[email]?.[screenId] ?? levels[SCREENS[screenId].group],
      })),
    );
  });

  it("answers in the asked order and gives unknown screen IDs 20", async () => {
    const screenIds = ["OperatorList", "NoSuchScreen", ...menuScreenIds().slice(0, 2)];
    const response = await call(
      t.app,
      screenPermissionList,
      { screenIds },
      { session: sessions["reviewer@demo.example"] },
    );
    expect(response.json().telegram.screenPermissions).toEqual([
      { screenId: "OperatorList", permission: PERMISSION.none },
      { screenId: "NoSuchScreen", permission: PERMISSION.none },
      { screenId: "EventList", permission: PERMISSION.writable },
      { screenId: "EventReportNegative", permission: PERMISSION.writable },
    ]);
  });

  it("validates the request: at least one screen ID", async () => {
    const response = await call(
      t.app,
      screenPermissionList,
      { screenIds: [] },
      { session: sessions["admin@demo.example"] },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: ERROR.validation, field: "telegram.screenIds" });
  });

  it.each([
    ["admin@demo.example", readOperators.name, readOperators, 200],
    ["reviewer@demo.example", readOperators.name, readOperators, 403],
    ["viewer@demo.example", readOperators.name, readOperators, 403],
    ["admin@demo.example", writeKeywords.name, writeKeywords, 200],
    ["reviewer@demo.example", writeKeywords.name, writeKeywords, 403],
    ["reviewer@demo.example", readKeywords.name, readKeywords, 200],
    ["viewer@demo.example", readKeywords.name, readKeywords, 200],
    ["viewer@demo.example", writeKeywords.name, writeKeywords, 403],
  ] as const)(
    "%s calling %s answers %i, refusing with 962 before the handler",
    async (email, _name, spec, status) => {
      const before = handlerRuns;
      const response = await call(t.app, spec, {}, { session: sessions[email] });
      expect(response.statusCode).toBe(status);
      if (status === 200) {
        expect(response.json().telegram).toEqual({ ran: true });
        expect(handlerRuns).toBe(before + 1);
      } else {
        expect(response.json().errors).toEqual([
          { code: ERROR.forbidden, message: "You do not have permission for this operation. (system error)" },
        ]);
        expect(handlerRuns).toBe(before);
      }
    },
  );

  it("refuses a dialog's call with 962 when the role may not read the screen it opens from", async () => {
    const reviewer = sessions["reviewer@demo.example"];
    expect((await call(t.app, writeNgDialog, {}, { session: reviewer })).statusCode).toBe(200);
    for (const [permission, status] of [
      [PERMISSION.none, 403],
      [PERMISSION.readable, 200],
    ] as const) {
      await setReviewerPermission("EventDetail", permission);
      try {
        const before = handlerRuns;
        const response = await call(t.app, writeNgDialog, {}, { session: reviewer });
        expect(response.statusCode).toBe(status);
        expect(handlerRuns).toBe(status === 200 ? before + 1 : before);
        if (status === 403) expect(response.json().errors[0].code).toBe(ERROR.forbidden);
      } finally {
        await setReviewerPermission("EventDetail", PERMISSION.writable);
      }
    }
  });

  it("refuses the detail's previous / next (a search) with 962 when the role may not read the event list", async () => {
    const { event_id: eventId } = await t.db
      .selectFrom("events")
      .select("event_id")
      .where("company_id", "=", "DEMO")
      .executeTakeFirstOrThrow();
    const neighbours = () =>
      call(
        t.app,
        eventNeighbours,
        { search: { mode: "0", q: "" }, eventId },
        { session: sessions["reviewer@demo.example"] },
      );
    expect((await neighbours()).statusCode).toBe(200);
    await setReviewerPermission("EventList", PERMISSION.none);
    try {
      const refused = await neighbours();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].code).toBe(ERROR.forbidden);
    } finally {
      await setReviewerPermission("EventList", PERMISSION.writable);
    }
  });

  it("refuses a guarded call without a session before looking at permissions", async () => {
    const response = await call(t.app, readOperators, {});
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe(ERROR.invalidToken);
  });

  it("follows a change of the role's permission at once", async () => {
    await setReviewerPermission("OperatorList", PERMISSION.readable);
    const response = await call(t.app, readOperators, {}, { session: sessions["reviewer@demo.example"] });
    expect(response.statusCode).toBe(200);
  });
});
