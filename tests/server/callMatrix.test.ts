import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as allowedIpCalls from "../../src/contract/allowedIp.ts";
import * as apiConnectionCalls from "../../src/contract/apiConnection.ts";
import * as auditLogCalls from "../../src/contract/auditLog.ts";
import * as authCalls from "../../src/contract/auth.ts";
import type { CallSpec } from "../../src/contract/call.ts";
import { PERMISSION, type Permission } from "../../src/contract/codes.ts";
import { ERROR } from "../../src/contract/errors.ts";
import * as eventActionCalls from "../../src/contract/eventActions.ts";
import * as eventDetailCalls from "../../src/contract/eventDetail.ts";
import * as eventDisplayFormatCalls from "../../src/contract/eventDisplayFormat.ts";
import * as eventExportCalls from "../../src/contract/eventExport.ts";
import * as eventSearchCalls from "../../src/contract/eventSearch.ts";
import * as keywordCalls from "../../src/contract/keywords.ts";
import * as negativeListCalls from "../../src/contract/negativeList.ts";
import * as operatorCalls from "../../src/contract/operators.ts";
import * as permissionCalls from "../../src/contract/permissions.ts";
import * as releasedRuleCalls from "../../src/contract/releasedRules.ts";
import * as reportCalls from "../../src/contract/report.ts";
import * as roleCalls from "../../src/contract/roles.ts";
import type { ShopCallSpec } from "../../src/contract/screeningApi.ts";
import * as screeningApiCalls from "../../src/contract/screeningApi.ts";
import { screenWithin } from "../../src/contract/screens.ts";
import * as uploadCalls from "../../src/contract/uploads.ts";
import * as whiteListCalls from "../../src/contract/whiteList.ts";
import { DEMO_LOGINS } from "../../src/server/seed/demoSeed.ts";
import { permits } from "../../src/server/services/permissionService.ts";
import { STANDARD_ROLES } from "../../src/server/services/standardRoles.ts";
import { uploadFile } from "./helpers/multipartUpload.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "./helpers/testApp.ts";
import { testBackends } from "./helpers/testBackends.ts";
import { type Shop, sampleTransaction, shopCall, shopOf } from "./screeningApi/shopClient.ts";

/** DEMO's IDs the matrix's telegrams name (read from the seeded database). */
interface DemoIds {
  eventId: string;
  eventVersion: number;
  /** An operator of DEMO that is none of the demo logins. */
  operatorId: number;
  modelId: string;
  releaseId: string;
}

/** Every console call of the contract, by name: what the server registers (app.apiPaths) must be in it. */
const CALLS: CallSpec[] = [
  allowedIpCalls,
  apiConnectionCalls,
  auditLogCalls,
  authCalls,
  eventActionCalls,
  eventDetailCalls,
  eventDisplayFormatCalls,
  eventExportCalls,
  eventSearchCalls,
  keywordCalls,
  operatorCalls,
  permissionCalls,
  releasedRuleCalls,
  reportCalls,
  roleCalls,
  uploadCalls,
  whiteListCalls,
  negativeListCalls,
].flatMap((module) =>
  Object.values(module).filter(
    (value): value is CallSpec =>
      typeof value === "object" &&
      value !== null &&
      "access" in value &&
      "path" in value &&
      "method" in value,
  ),
);

const search = { mode: "0", q: "" };
const manual = { reason: "", memo: "", labelIds: [] };
/** A version no row has: a save naming it is refused (conflict), so the demo accounts stay as seeded. */
const STALE = 2_000_000_000;

/**
 * The matrix: one entry per console call, a request telegram naming DEMO's data. Each is sent with no
 * session, as each DEMO role, and as ACME's administrator (who must read, change or count nothing of
 * DEMO's). A call registered without an entry here fails the test: each new call joins it.
 */
const MATRIX: Record<string, (ids: DemoIds) => unknown> = {
  login: () => ({ companyId: "DEMO", email: "nobody@demo.example", password: "wrong" }),
  logout: () => ({}),
  sessionInfo: () => ({}),
  passwordChangeRequest: () => ({ companyId: "DEMO", email: "nobody@demo.example" }),
  passwordChangeCheck: () => ({ token: "no-such-token" }),
  passwordChange: () => ({ token: "no-such-token", password: "x", passwordConfirmation: "x" }),
  screenPermissionList: () => ({ screenIds: ["EventList"] }),
  eventList: () => ({ search, pageSize: 50, cursor: null }),
  eventCount: () => ({ search }),
  eventSelectAll: () => ({ search }),
  eventModelList: () => ({}),
  eventNeighbours: ({ eventId }) => ({ search, eventId }),
  eventDetail: ({ eventId }) => ({ eventId }),
  eventEditBegin: ({ eventId, eventVersion }) => ({ eventId, version: eventVersion, action: "memo" }),
  eventEditEnd: ({ eventId }) => ({ eventId }),
  eventManualOk: ({ eventId }) => ({ eventId, version: STALE, ...manual }),
  eventManualNg: ({ eventId }) => ({ eventId, version: STALE, ...manual, reason: "なりすまし" }),
  eventManualHold: ({ eventId }) => ({ eventId, version: STALE, ...manual }),
  eventNegativeUpdate: ({ eventId }) => ({
    eventId,
    version: STALE,
    purchaser: "1",
    shipping: "0",
    settleCategory: "",
    otherCategory: "",
  }),
  eventMemoAdd: ({ eventId }) => ({ eventId, version: STALE, memo: "matrix" }),
  eventAssign: ({ eventId }) => ({ eventId, version: STALE, assigneeId: null }),
  eventLabelsUpdate: ({ eventId }) => ({ eventId, version: STALE, labelIds: [] }),
  eventLabelList: () => ({}),
  eventReasonList: () => ({ result: "20" }),
  eventAssigneeList: () => ({}),
  eventCsvExport: ({ eventId }) => ({
    selection: { kind: "ids", eventIds: [eventId] },
    options: { delimiter: "0", groups: ["basic"], encoding: "utf8" },
  }),
  eventCsvExportStatus: () => ({ jobId: "no-such-job" }),
  eventDisplayFormatGet: () => ({}),
  eventDisplayFormatSave: () => ({ format: {} }),
  eventDisplayFormatReset: () => ({ mode: "0", version: STALE }),
  detectionModelList: () => ({}),
  releasedRuleList: ({ modelId }) => ({ modelId }),
  releasedRuleCsv: ({ modelId, releaseId }) => ({ modelId, releaseId }),
  apiConnectionInfo: () => ({}),
  apiSecretReveal: () => ({}),
  apiSecretRotate: () => ({ rotatedAt: "2001-01-01T00:00:00.000Z" }),
  allowedIpList: () => ({}),
  allowedIpPreview: () => ({ kind: "console", entries: [{ address: "203.0.113.1" }] }),
  allowedIpUpdate: () => ({ kind: "console", entries: [], version: STALE }),
  auditLogList: () => ({}),
  auditLogCsv: () => ({ filter: {}, encoding: "utf8" }),
  auditLogOperators: () => ({}),
  operatorList: () => ({}),
  operatorDetail: ({ operatorId }) => ({ operatorId }),
  operatorAdd: () => ({
    name: "",
    email: "",
    roleId: STANDARD_ROLES.viewer.roleId,
    notifyRule: false,
    notifyUpload: false,
  }),
  operatorEdit: ({ operatorId }) => ({
    operatorId,
    version: STALE,
    name: "Matrix",
    email: "matrix@demo.example",
    roleId: STANDARD_ROLES.viewer.roleId,
    notifyRule: false,
    notifyUpload: false,
  }),
  operatorDelete: ({ operatorId }) => ({ operatorIds: [operatorId, STALE] }),
  operatorUnlock: ({ operatorId }) => ({ operatorId, version: STALE }),
  roleList: () => ({}),
  roleAdd: () => ({ name: "", permissions: [] }),
  roleEdit: () => ({ roleId: STANDARD_ROLES.viewer.roleId, version: STALE, name: "Viewer", permissions: [] }),
  roleDelete: () => ({ roleId: STANDARD_ROLES.viewer.roleId, version: STALE }),
  eventReport: ({ modelId }) => ({ unit: "month", modelId }),
  eventReportCsv: ({ modelId }) => ({ unit: "month", modelId }),
  ruleHitStats: ({ modelId }) => ({ unit: "month", modelId }),
  ruleHitCsv: ({ modelId }) => ({ unit: "month", modelId }),
  uploadJobStatus: () => ({ jobId: "no-such-job" }),
  uploadHistory: () => ({ fileTypes: ["CsvKeyword"] }),
  uploadFileLink: () => ({ jobId: "no-such-job", processingType: "upload", fileType: "CsvKeyword" }),
  whiteSearch: () => ({}),
  // Refused by validation (no type) once past the guard: the matrix writes nothing.
  whiteAdd: () => ({ type: "", values: "" }),
  whiteDelete: () => ({ entries: [{ type: "ip", value: "192.0.2.255" }] }),
  keywordCategoryList: () => ({}),
  keywordList: () => ({ categoryId: "no-such-category" }),
  // Refused by validation (no keyword) once past the guard: the matrix writes nothing.
  keywordAdd: () => ({ categoryId: "no-such-category", keywords: "" }),
  keywordDelete: () => ({ categoryId: "no-such-category", keywords: ["matrix"] }),
  negativeSearch: () => ({ search: {} }),
  negativeDetail: () => ({ negativeId: "1" }),
  // Refused by validation (no item) once past the guard; the deletes name no entry: nothing written.
  negativeAdd: () => ({ item: "", values: "" }),
  negativeDelete: () => ({ kind: "ids", negativeIds: ["999999999999"] }),
  negativeDetailDelete: () => ({ negativeId: "999999999999" }),
  negativeCsv: () => ({ search: {} }),
  negativeCsvStatus: () => ({ jobId: "no-such-job" }),
  negativeCsvLink: () => ({ jobId: "no-such-job" }),
};

/**
 * Calls whose permission is decided past the guard by what the telegram asks: opening the memo
 * dialog's edit (eventEditBegin, action "memo") needs write on that dialog's screen.
 */
const DECIDED_BY: Partial<Record<string, CallSpec["access"]>> = {
  eventEditBegin: { kind: "write", screenId: "EventDialogMemo" },
};

/** The screening API's calls, each with a request naming DEMO's event (shops' calls, signed). */
const SHOP_MATRIX: Record<string, (eventId: string) => unknown> = {
  screenTransaction: () => sampleTransaction(),
  updateSettleStatus: (eventId) => ({ eventId, settleStatus: screeningApiCalls.SETTLE_STATUS.captured }),
  eventResult: (eventId) => ({ eventId }),
};
const SHOP_CALLS = (Object.values(screeningApiCalls) as unknown[]).filter(
  (value): value is ShopCallSpec =>
    typeof value === "object" && value !== null && "path" in value && "method" in value && "request" in value,
);

/** Paths registered outside registerCall, each checked by its own tests (named here so none slips by). */
const OTHER_API_PATHS: Record<string, string> = {
  "/api/v3/screening/openapi.json": "the screening API's public document",
  [uploadCalls.UPLOAD_PATH]: "multipart upload: its own part of this matrix, per file type, below",
};

const DEMO_ROLES = DEMO_LOGINS.filter((login) => login.companyId === "DEMO").map((login) => login.email);

const errorCode = (body: string): string | undefined => JSON.parse(body).errors?.[0]?.code;

describe.each(testBackends())("permission and tenant matrix over every call (%s)", (backend) => {
  let t: TestApp;
  let ids: DemoIds;
  const sessions: Record<string, Session> = {};
  let acme: Session;

  beforeAll(async () => {
    t = await createTestApp(backend);
    const event = await t.db
      .selectFrom("events")
      .select(["event_id", "version"])
      .where("company_id", "=", "DEMO")
      .orderBy("event_id")
      .executeTakeFirstOrThrow();
    const release = await t.db
      .selectFrom("rule_releases")
      .select(["model_id", "release_id"])
      .where("company_id", "=", "DEMO")
      .executeTakeFirstOrThrow();
    for (const email of DEMO_ROLES) sessions[email] = await loginAs(t.app, "DEMO", email);
    // An operator of DEMO's own for the operator calls to name (the admin's run deletes it).
    const added = await call(
      t.app,
      operatorCalls.operatorAdd,
      {
        name: "Matrix",
        email: "matrix@demo.example",
        roleId: STANDARD_ROLES.viewer.roleId,
        notifyRule: false,
        notifyUpload: false,
      },
      { session: sessions["admin@demo.example"] },
    );
    expect(added.statusCode, added.body).toBe(200);
    const operator = await t.db
      .selectFrom("operators")
      .select("id")
      .where("company_id", "=", "DEMO")
      .where("email", "=", "matrix@demo.example")
      .executeTakeFirstOrThrow();
    ids = {
      eventId: event.event_id,
      eventVersion: event.version,
      operatorId: operator.id,
      modelId: release.model_id,
      releaseId: release.release_id,
    };
    acme = await loginAs(t.app, "ACME", "admin@acme.example");
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The role's permission for a screen, as DEMO's administrator set it. */
  async function permissionOf(email: string, screenId: string): Promise<Permission> {
    const row = await t.db
      .selectFrom("role_permissions as p")
      .innerJoin("operators as o", (join) =>
        join.onRef("o.company_id", "=", "p.company_id").onRef("o.role_id", "=", "p.role_id"),
      )
      .select("p.permission")
      .where("o.company_id", "=", "DEMO")
      .where("o.email", "=", email)
      .where("p.screen_id", "=", screenId)
      .executeTakeFirst();
    return row?.permission ?? PERMISSION.none;
  }

  /** Whether the guard lets the role through: its screen's level, and read on the screen it also reads. */
  async function allowed(email: string, spec: CallSpec): Promise<boolean> {
    const access = DECIDED_BY[spec.name] ?? spec.access;
    if (access.kind !== "read" && access.kind !== "write") return true;
    if (!permits(await permissionOf(email, access.screenId), access.kind)) return false;
    const also = access.alsoReads ?? screenWithin(access.screenId);
    return also === undefined || permits(await permissionOf(email, also), "read");
  }

  /** DEMO's rows of every table that has a company_id, as one fingerprint per table. */
  async function demoFootprint(): Promise<Record<string, string>> {
    const { rows: tables } = await sql<{
      table_name: string;
    }>`select table_name from information_schema.columns
      where column_name = 'company_id' and table_schema = current_schema() order by table_name`.execute(t.db);
    const footprint: Record<string, string> = {};
    for (const { table_name } of tables) {
      // Sessions of DEMO's logins move with DEMO's own calls only; ACME's must not touch them either.
      const { rows } = await sql<{
        digest: string | null;
      }>`select md5(string_agg(r::text, '|' order by r::text))
        as digest from ${sql.table(table_name)} r where r.company_id = 'DEMO'`.execute(t.db);
      footprint[table_name] = rows[0]?.digest ?? "";
    }
    return footprint;
  }

  it("has an entry for every call the server registers, and a call for every entry", () => {
    const specPaths = new Map<string, string>(CALLS.map((spec) => [spec.path, spec.name]));
    const registered = [...t.app.apiPaths];
    for (const spec of SHOP_CALLS) specPaths.set(spec.path, spec.name);
    const missing = registered.filter((path) => {
      const name = specPaths.get(path) ?? "";
      return !(path in OTHER_API_PATHS) && !Object.hasOwn(MATRIX, name) && !Object.hasOwn(SHOP_MATRIX, name);
    });
    expect(missing, "calls registered without a matrix entry").toEqual([]);
    expect(Object.keys(MATRIX).filter((name) => !CALLS.some((spec) => spec.name === name))).toEqual([]);
  });

  const matrixCalls = () => CALLS.filter((spec) => Object.hasOwn(MATRIX, spec.name));

  it("answers every signed-in call without a session 401 InvalidToken", async () => {
    for (const spec of matrixCalls()) {
      if (spec.access.kind === "public") continue;
      const response = await call(t.app, spec, MATRIX[spec.name]?.(ids));
      expect([spec.name, response.statusCode, errorCode(response.body)]).toEqual([
        spec.name,
        401,
        ERROR.invalidToken,
      ]);
    }
  });

  it("gives ACME's administrator naming DEMO's IDs nothing of DEMO: no row read, changed or counted", async () => {
    const before = await demoFootprint();
    // Public calls name their company in the telegram by design (a login to DEMO is DEMO's attempt).
    for (const spec of matrixCalls()) {
      if (spec.name === "logout" || spec.access.kind === "public") continue;
      const response = await call(t.app, spec, MATRIX[spec.name]?.(ids), { session: acme });
      expect(response.statusCode, `${spec.name}: ${response.body}`).toBeLessThan(500);
      // DEMO's event and operator never appear in an answer to ACME.
      expect(response.body, spec.name).not.toContain(ids.eventId);
      expect(response.body, spec.name).not.toMatch(/demo\.example/);
      // And naming DEMO in info.shopId is refused outright.
      const named = await call(t.app, spec, MATRIX[spec.name]?.(ids), { session: acme, shopId: "DEMO" });
      expect([spec.name, errorCode(named.body)]).toEqual([spec.name, ERROR.forbidden]);
    }
    expect(await demoFootprint()).toEqual(before);
  });
  it.each(DEMO_ROLES)(
    "lets %s through exactly where its screen's permission allows, else 962",
    async (email) => {
      for (const spec of matrixCalls()) {
        if (spec.name === "logout") continue;
        const response = await call(t.app, spec, MATRIX[spec.name]?.(ids), { session: sessions[email] });
        const code = errorCode(response.body);
        if (await allowed(email, spec)) {
          expect(response.statusCode, `${spec.name}: ${response.body}`).toBeLessThan(500);
          expect([spec.name, code]).not.toEqual([spec.name, ERROR.forbidden]);
          expect([spec.name, code]).not.toEqual([spec.name, ERROR.invalidToken]);
        } else {
          expect([spec.name, response.statusCode, code]).toEqual([spec.name, 403, ERROR.forbidden]);
        }
      }
      const logout = await call(
        t.app,
        authCalls.logout,
        {},
        { session: await loginAs(t.app, "DEMO", email) },
      );
      expect(logout.statusCode).toBe(200);
    },
  );

  // A file the pipeline refuses by its name once past the guard ("Invalid file extension"): nothing is written.
  const NOT_CSV = { name: "matrix.txt", bytes: Buffer.from("keyword\r\nmatrix\r\n") };

  it("guards the multipart upload of every file type as the matrix's calls are guarded", async () => {
    const before = await demoFootprint();
    for (const fileType of uploadCalls.UPLOAD_FILE_TYPES) {
      const signedOut = await uploadFile(t.app, fileType, NOT_CSV);
      expect([fileType, signedOut.statusCode, errorCode(signedOut.body)]).toEqual([
        fileType,
        401,
        ERROR.invalidToken,
      ]);
      const named = await uploadFile(t.app, fileType, NOT_CSV, { session: acme, shopId: "DEMO" });
      expect([fileType, errorCode(named.body)]).toEqual([fileType, ERROR.forbidden]);
      for (const email of DEMO_ROLES) {
        const response = await uploadFile(t.app, fileType, NOT_CSV, { session: sessions[email] });
        const screenId = uploadCalls.UPLOAD_SCREENS[fileType].upload;
        const code = errorCode(response.body);
        if (permits(await permissionOf(email, screenId), "write")) {
          // Through the guard to the file's own check: refused for its name, never 962 or a 500.
          expect([fileType, email, response.statusCode, code]).toEqual([
            fileType,
            email,
            400,
            ERROR.validation,
          ]);
        } else {
          expect([fileType, email, response.statusCode, code]).toEqual([
            fileType,
            email,
            403,
            ERROR.forbidden,
          ]);
        }
      }
    }
    expect(await demoFootprint()).toEqual(before);
  });

  it("refuses every screening API call a wrong signature, or another tenant's application, and tells ACME nothing of DEMO", async () => {
    const [demoShop, acmeShop] = await Promise.all([shopOf(t, "DEMO"), shopOf(t, "ACME")]);
    const posing: Shop = { ...demoShop, companyId: "ACME" };
    const before = await demoFootprint();
    for (const spec of SHOP_CALLS) {
      const telegram = SHOP_MATRIX[spec.name]?.(ids.eventId);
      const forged = await shopCall(t, spec, demoShop, telegram, { secret: acmeShop.secret });
      expect([spec.name, errorCode(forged.body)]).toEqual([spec.name, ERROR.invalidSignature]);
      // DEMO's application named under ACME's company (signed with DEMO's own key) is no application.
      const elsewhere = await shopCall(t, spec, posing, telegram);
      expect([spec.name, errorCode(elsewhere.body)]).toEqual([spec.name, ERROR.unknownApplication]);
      if (spec.name === "screenTransaction") continue;
      const acmeAsks = await shopCall(t, spec, acmeShop, telegram);
      expect([spec.name, errorCode(acmeAsks.body)]).toEqual([spec.name, ERROR.eventNotFound]);
    }
    expect(await demoFootprint()).toEqual(before);
  });
});
