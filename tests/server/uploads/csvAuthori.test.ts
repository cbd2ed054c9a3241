import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../../src/contract/errors.ts";
import { messageText } from "../../../src/contract/messages.ts";
import { createEventActionService } from "../../../src/server/services/eventActions/eventActionService.ts";
import { CSV_AUTHORI_COLUMNS, csvAuthoriRowHandler } from "../../../src/server/uploads/csvAuthoriRows.ts";
import { UPLOAD_BATCH_ROWS } from "../../../src/server/uploads/uploadJob.ts";
import { createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import {
  BOM,
  csvText,
  gate,
  jobStatus,
  resultFile,
  rowOf,
  uploadAndRun,
  uploadFile,
  uploadRequest,
  workerWith,
} from "./uploadTestKit.ts";

const file = (rows: Record<string, string>[]) =>
  Buffer.concat([
    BOM,
    Buffer.from(
      csvText(
        CSV_AUTHORI_COLUMNS,
        rows.map((row) => rowOf(CSV_AUTHORI_COLUMNS, row)),
      ),
    ),
  ]);

const order = (shopEventId: string, extra: Record<string, string> = {}) => ({
  shopEventId,
  amount: "5000",
  method: "card",
  "purchaser.fullAddress": "東京都千代田区丸の内1-1-1",
  ...extra,
});

describe.each(testBackends())("CSV screening registration: CsvAuthori (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let viewer: Session;

  const eventsOf = (prefix: string) =>
    t.db
      .selectFrom("events")
      .select(["event_id", "shop_event_id", "auth_kind", "busy_state", "busy_job_id", "aaresult", "version"])
      .where("company_id", "=", "DEMO")
      .where("shop_event_id", "like", `${prefix}%`)
      .orderBy("shop_event_id")
      .execute();

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
    viewer = await loginAs(t.app, "DEMO", "viewer@demo.example");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("screens each valid row as the API would, stores it as a CSV event and refuses the others by row and column", async () => {
    const job = await uploadAndRun(t, admin, {
      fileType: "CsvAuthori",
      options: { priority: "20" },
      bytes: file([
        order("CSVA-1", { "item.itemName": "本", "item.price": "5000", "item.quantity": "1" }),
        order("CSVA-2", { amount: "abc" }),
        order("CSVA-3", { "purchaser.mailDomain": "not a domain" }),
        order("CSVA-4", { modelId: "NOSUCH" }),
        order("CSVA-1"),
        order("CSVA-5", { "device.ipaddress": "198.51.100.9", forcedNg: "1" }),
        order("", {}),
      ]),
    });
    expect(job).toMatchObject({ state: "doneWithErrors", totalRows: 7, appliedRows: 2, refusedRows: 5 });
    const events = await eventsOf("CSVA-");
    expect(events.map((event) => event.shop_event_id)).toEqual(["CSVA-1", "CSVA-5"]);
    for (const event of events)
      expect(event).toMatchObject({ auth_kind: "csv", busy_state: null, busy_job_id: null });
    expect(events[1]?.aaresult).toBe("NG"); // forcedNg 1 as the API's forcedNg: true
    const result = parse((await resultFile(t, admin, job)).subarray(3), {
      relax_column_count: true,
    }) as string[][];
    const messages = result.slice(1).map((row) => row.at(-1));
    expect(messages[0]).toBe("");
    expect(messages[1]).toMatch(/^Row 3, column amount: /);
    expect(messages[2]).toMatch(/^Row 4, column purchaser\.mailDomain: /);
    expect(messages[3]).toBe(`Row 5, column modelId: ${messageText("en", "validation.unknownModel")}`);
    expect(messages[4]).toBe(
      "Row 6, column shopEventId: The same shopEventId appears on an earlier row of this file.",
    );
    expect(messages[6]).toBe(`Row 8, column shopEventId: ${messageText("en", "validation.required")}`);
    // The fired rules and the item are stored as the API's are.
    const items = await t.db
      .selectFrom("event_items")
      .select("item_name")
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", events[0]?.event_id ?? "")
      .execute();
    expect(items).toEqual([{ item_name: "本" }]);
  });

  it("refuses a row whose merchant management ID is already an event (a second upload of the same file)", async () => {
    const again = await uploadAndRun(t, admin, {
      fileType: "CsvAuthori",
      options: { priority: "10" },
      bytes: file([order("CSVA-1")]),
    });
    expect(again).toMatchObject({ state: "doneWithErrors", appliedRows: 0, refusedRows: 1 });
    expect((await eventsOf("CSVA-1")).length).toBe(1);
  });

  it("accuracy (20) screens in file order, each row seeing the rows before it; speed (10) screens a batch together", async () => {
    // The demo release's VEL_TEL_1D: four or more orders from one phone number within a day.
    const rowsFor = (prefix: string, tel: string) =>
      Array.from({ length: 8 }, (_, i) =>
        order(`${prefix}${i + 1}`, { "purchaser.tel": tel, "card.cchash": "" }),
      );
    const fired = async (prefix: string) =>
      (
        await t.db
          .selectFrom("event_fired_rules as f")
          .innerJoin("events as e", (join) =>
            join.onRef("e.company_id", "=", "f.company_id").onRef("e.event_id", "=", "f.event_id"),
          )
          .select("e.shop_event_id")
          .where("f.company_id", "=", "DEMO")
          .where("f.rule_code", "=", "VEL_TEL_1D")
          .where("f.release_kind", "=", "normal")
          .where("e.shop_event_id", "like", `${prefix}%`)
          .execute()
      ).map((row) => row.shop_event_id);
    const accurate = await uploadAndRun(t, admin, {
      fileType: "CsvAuthori",
      options: { priority: "20" },
      bytes: file(rowsFor("ACC-", "090-5555-0001")),
    });
    const fast = await uploadAndRun(t, admin, {
      fileType: "CsvAuthori",
      options: { priority: "10" },
      bytes: file(rowsFor("SPD-", "090-5555-0002")),
    });
    expect(accurate.appliedRows).toBe(8);
    expect(fast.appliedRows).toBe(8);
    const accurateFired = await fired("ACC-");
    expect(accurateFired.length).toBeGreaterThanOrEqual(4);
    expect(accurateFired).not.toContain("ACC-1");
    expect(await fired("SPD-")).toEqual([]);
  });

  it("across batches (the next prepared while the previous commits): accuracy still sees the rows before, a repeated ID is still refused", async () => {
    // Eight orders of one phone number around the first batch's end, then a repeat of row 2's ID.
    const tel = "090-5555-0003";
    const rows = Array.from({ length: UPLOAD_BATCH_ROWS + 4 }, (_, i) =>
      order(`PIPE-${i + 1}`, i >= UPLOAD_BATCH_ROWS - 4 ? { "purchaser.tel": tel, "card.cchash": "" } : {}),
    );
    rows.push(order("PIPE-1"));
    // The first batch's transaction waits until the second batch is prepared (on PostgreSQL; PGlite's
    // one connection is the transaction's meanwhile, so there it gives up after a while).
    const secondPrepared = gate();
    let prepares = 0;
    let applies = 0;
    const worker = workerWith(t, {
      ...csvAuthoriRowHandler,
      async prepareBatch(db, context, batch) {
        const answer = await csvAuthoriRowHandler.prepareBatch?.(db, context, batch);
        prepares += 1;
        if (prepares === 2) secondPrepared.open();
        return answer;
      },
      async applyBatch(trx, context, batch, prepared) {
        applies += 1;
        if (applies === 1)
          await Promise.race([secondPrepared.wait, new Promise((resolve) => setTimeout(resolve, 3_000))]);
        return csvAuthoriRowHandler.applyBatch(trx, context, batch, prepared);
      },
    });
    const uploaded = await uploadFile(t.app, admin, {
      fileType: "CsvAuthori",
      options: { priority: "20" },
      bytes: file(rows),
    });
    await worker.runNext();
    const job = await jobStatus(t.app, admin, uploaded.jobId);
    expect(job).toMatchObject({ appliedRows: UPLOAD_BATCH_ROWS + 4, refusedRows: 1 });
    const result = parse((await resultFile(t, admin, job)).subarray(3), {
      relax_column_count: true,
    }) as string[][];
    expect(result.at(-1)?.at(-1)).toMatch(
      new RegExp(
        `^Row ${UPLOAD_BATCH_ROWS + 6}, column shopEventId: An event with this merchant management ID is already stored`,
      ),
    );
    const fired = await t.db
      .selectFrom("event_fired_rules as f")
      .innerJoin("events as e", (join) =>
        join.onRef("e.company_id", "=", "f.company_id").onRef("e.event_id", "=", "f.event_id"),
      )
      .select("e.shop_event_id")
      .where("f.company_id", "=", "DEMO")
      .where("f.rule_code", "=", "VEL_TEL_1D")
      .where("f.release_kind", "=", "normal")
      .where("e.shop_event_id", "like", "PIPE-%")
      .execute();
    // The rows of the second batch count the first batch's orders of the number.
    const second = fired.filter((row) => Number(row.shop_event_id.slice(5)) > UPLOAD_BATCH_ROWS);
    expect(second.length).toBe(4);
    const held = (await eventsOf("PIPE-")).filter((event) => event.busy_state !== null);
    expect(held).toEqual([]);
  });

  it("holds its events under screening (999) until the batch commits: the event detail refuses to change them", async () => {
    const held = gate();
    let prepared = false;
    const worker = workerWith(t, {
      ...csvAuthoriRowHandler,
      async prepareBatch(db, context, rows) {
        const answer = await csvAuthoriRowHandler.prepareBatch?.(db, context, rows);
        prepared = true;
        await held.wait;
        return answer;
      },
    });
    const job = await uploadFile(t.app, admin, {
      fileType: "CsvAuthori",
      options: { priority: "10" },
      bytes: file([order("HELD-1")]),
    });
    const running = worker.runNext();
    await expect.poll(() => prepared, { timeout: 10_000 }).toBe(true);
    const [event] = await eventsOf("HELD-1");
    expect(event).toMatchObject({ busy_state: "screening", busy_job_id: job.jobId });
    const actions = createEventActionService({ db: t.db, now: t.clock.now });
    const operator = await t.db
      .selectFrom("operators")
      .select(["id", "role_id"])
      .where("email", "=", "admin@demo.example")
      .executeTakeFirstOrThrow();
    const actor = {
      companyId: "DEMO",
      operatorId: operator.id,
      roleId: operator.role_id,
      lang: "en" as const,
      sourceIp: "127.0.0.1",
    };
    await expect(
      actions.editBegin(actor, {
        eventId: event?.event_id ?? "",
        version: event?.version ?? 0,
        action: "ok",
      }),
    ).rejects.toMatchObject({ code: ERROR.underScreening });
    held.open();
    await running;
    expect((await jobStatus(t.app, admin, job.jobId)).state).toBe("done");
    const [after] = await eventsOf("HELD-1");
    expect(after).toMatchObject({ busy_state: null, busy_job_id: null });
    await expect(
      actions.editBegin(actor, {
        eventId: after?.event_id ?? "",
        version: after?.version ?? 0,
        action: "ok",
      }),
    ).resolves.toBeInstanceOf(Date);
  });

  it("refuses a missing or unknown priority, and an upload by a viewer (962)", async () => {
    const none = await uploadRequest(t.app, admin, { fileType: "CsvAuthori", bytes: file([order("X-1")]) });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe("telegram.options.priority");
    const bad = await uploadRequest(t.app, admin, {
      fileType: "CsvAuthori",
      options: { priority: "30" },
      bytes: file([order("X-1")]),
    });
    expect(bad.statusCode).toBe(400);
    await t.db
      .updateTable("role_permissions")
      .set({ permission: "10" })
      .where("company_id", "=", "DEMO")
      .where("screen_id", "=", "CsvAuthori")
      .where("role_id", "=", (eb) =>
        eb.selectFrom("operators").select("role_id").where("email", "=", "viewer@demo.example").limit(1),
      )
      .execute();
    const forbidden = await uploadRequest(t.app, viewer, {
      fileType: "CsvAuthori",
      options: { priority: "10" },
      bytes: file([order("X-1")]),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().errors[0].code).toBe(ERROR.forbidden);
  });
});
