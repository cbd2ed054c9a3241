import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiConnectionInfo, apiSecretReveal, apiSecretRotate } from "../../../src/contract/apiConnection.ts";
import { login, logout } from "../../../src/contract/auth.ts";
import { eventMemoAdd } from "../../../src/contract/eventActions.ts";
import { eventDisplayFormatGet, eventDisplayFormatReset } from "../../../src/contract/eventDisplayFormat.ts";
import { CSV_DELIMITER, eventCsvExport, eventCsvExportStatus } from "../../../src/contract/eventExport.ts";
import { EXPORT_GROUPS } from "../../../src/contract/eventFields.ts";
import { call, createTestApp, loginAs, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";

/** Existing actions that write audit rows: sign-in, failed sign-in, sign-out, API secret reveal and rotation. */
describe.each(testBackends())("audit rows of sign-in and sign-out (%s)", (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const rowsFrom = (sourceIp: string) =>
    t.db
      .selectFrom("audit_log")
      .select(["company_id", "operator_id", "actor", "action", "target", "summary"])
      .where("source_ip", "=", sourceIp)
      .orderBy("id")
      .execute();

  it("records a sign-in, a failed sign-in (never the typed password) and a sign-out", async () => {
    const session = await loginAs(t.app, "DEMO", "reviewer@demo.example", undefined, "203.0.113.5");
    const wrong = await call(
      t.app,
      login,
      { companyId: "DEMO", email: "reviewer@demo.example", password: "Wrong-pass9" },
      { remoteAddress: "203.0.113.5" },
    );
    expect(wrong.statusCode).toBe(401);
    const out = await call(t.app, logout, {}, { session, remoteAddress: "203.0.113.5" });
    expect(out.statusCode, out.body).toBe(200);

    const rows = await rowsFrom("203.0.113.5");
    expect(rows.map((row) => [row.company_id, row.actor, row.action])).toEqual([
      ["DEMO", "reviewer@demo.example", "login"],
      ["DEMO", "reviewer@demo.example", "loginFailed"],
      ["DEMO", "reviewer@demo.example", "logout"],
    ]);
    expect(rows.every((row) => typeof row.operator_id === "number")).toBe(true);
    expect(JSON.stringify(rows)).not.toContain("Wrong-pass9");
  });

  it("records nothing for a company that does not exist", async () => {
    const response = await call(
      t.app,
      login,
      { companyId: "NOSUCH", email: "someone@demo.example", password: "Wrong-pass9" },
      { remoteAddress: "203.0.113.6" },
    );
    expect(response.statusCode).toBe(401);
    expect(await rowsFrom("203.0.113.6")).toEqual([]);
  });

  it("records the API secret's reveal and rotation, never the key, and no row for a stale rotation", async () => {
    const admin = await loginAs(t.app, "DEMO", "admin@demo.example", undefined, "203.0.113.7");
    const options = { session: admin, remoteAddress: "203.0.113.7" };
    const revealed = await call(t.app, apiSecretReveal, {}, options);
    const { rotatedAt } = (await call(t.app, apiConnectionInfo, {}, options)).json().telegram;
    const rotated = await call(t.app, apiSecretRotate, { rotatedAt }, options);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const stale = await call(t.app, apiSecretRotate, { rotatedAt }, options);
    expect(stale.statusCode).toBe(409);

    const rows = await rowsFrom("203.0.113.7");
    expect(rows.map((row) => row.action)).toEqual(["login", "apiSecretReveal", "apiSecretRotate"]);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(revealed.json().telegram.secretKey);
    expect(text).not.toContain(rotated.json().telegram.secretKey);
  });

  it("records an event memo with the save (its length, not its text), and nothing for a stale save", async () => {
    const reviewer = await loginAs(t.app, "DEMO", "reviewer@demo.example", undefined, "203.0.113.8");
    const options = { session: reviewer, remoteAddress: "203.0.113.8" };
    const event = await t.db
      .selectFrom("events")
      .select(["event_id", "version"])
      .where("company_id", "=", "DEMO")
      .orderBy("event_id")
      .limit(1)
      .executeTakeFirstOrThrow();
    const memo = { eventId: event.event_id, version: event.version, memo: "Called the purchaser" };
    const saved = await call(t.app, eventMemoAdd, memo, options);
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await call(t.app, eventMemoAdd, memo, options);
    expect(stale.statusCode).toBe(409);

    const rows = (await rowsFrom("203.0.113.8")).filter((row) => row.action === "memo");
    expect(rows).toEqual([
      {
        company_id: "DEMO",
        operator_id: expect.any(Number),
        actor: "reviewer@demo.example",
        action: "memo",
        target: `event:${event.event_id}`,
        summary: { before: null, after: { memoCharacters: 20 } },
      },
    ]);
  });

  it("records a display settings change, and nothing for a stale one", async () => {
    const reviewer = await loginAs(t.app, "DEMO", "reviewer@demo.example", undefined, "203.0.113.9");
    const options = { session: reviewer, remoteAddress: "203.0.113.9" };
    const { version } = (await call(t.app, eventDisplayFormatGet, {}, options)).json().telegram;
    const reset = await call(t.app, eventDisplayFormatReset, { mode: "0", version }, options);
    expect(reset.statusCode, reset.body).toBe(200);
    const stale = await call(t.app, eventDisplayFormatReset, { mode: "0", version: version + 100 }, options);
    expect(stale.statusCode).toBe(409);
    const rows = (await rowsFrom("203.0.113.9")).filter((row) => row.action === "displayFormat");
    expect(rows.map((row) => [row.actor, row.target])).toEqual([
      ["reviewer@demo.example", `displayFormat:${rows[0]?.operator_id}`],
    ]);
  });

  it("records a CSV output request with its job, and nothing for a refused one", async () => {
    const admin = await loginAs(t.app, "DEMO", "admin@demo.example", undefined, "203.0.113.10");
    const options = { session: admin, remoteAddress: "203.0.113.10" };
    const events = await t.db
      .selectFrom("events")
      .select("event_id")
      .where("company_id", "=", "DEMO")
      .orderBy("event_id")
      .limit(2)
      .execute();
    const csv = { delimiter: CSV_DELIMITER.comma, groups: [...EXPORT_GROUPS], encoding: "utf8" };
    const selection = { kind: "ids", eventIds: events.map((event) => event.event_id) };
    const queued = await call(t.app, eventCsvExport, { selection, options: csv }, options);
    expect(queued.statusCode, queued.body).toBe(200);
    const none = await call(t.app, eventCsvExport, { selection, options: { ...csv, groups: [] } }, options);
    expect(none.statusCode).toBe(400);
    const rows = (await rowsFrom("203.0.113.10")).filter((row) => row.action === "csvOutput");
    expect(rows.map((row) => row.target)).toEqual([`job:${queued.json().telegram.jobId}`]);
    expect(rows[0]?.summary).toMatchObject({ after: { rowCount: 2 } });

    // Its download is recorded too: once, when the file is handed over.
    await t.app.jobs.drain();
    const { jobId } = queued.json().telegram;
    const done = (await call(t.app, eventCsvExportStatus, { jobId }, options)).json().telegram;
    const file = await t.app.inject({
      method: "GET",
      url: done.downloadUrl,
      remoteAddress: "203.0.113.10",
      headers: { cookie: `sid=${admin.cookie}` },
    });
    expect(file.statusCode, file.body).toBe(200);
    const downloads = (await rowsFrom("203.0.113.10")).filter((row) => row.action === "download");
    expect(downloads.map((row) => [row.target, row.summary])).toEqual([
      [`job:${jobId}`, { before: null, after: { fileName: done.fileName } }],
    ]);
  });
});
