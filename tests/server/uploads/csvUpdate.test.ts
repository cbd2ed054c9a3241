import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../../src/contract/errors.ts";
import { messageText } from "../../../src/contract/messages.ts";
import { createEventActionService } from "../../../src/server/services/eventActions/eventActionService.ts";
import { csvUpdateRowHandler } from "../../../src/server/uploads/csvUpdateRows.ts";
import { createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import {
  csvText,
  gate,
  jobStatus,
  resultFile,
  uploadAndRun,
  uploadFile,
  uploadRequest,
  workerWith,
} from "./uploadTestKit.ts";

describe.each(testBackends())("CSV update: CsvUpdate (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let pool: { event_id: string; shop_event_id: string }[];
  let next = 0;
  /** Events of DEMO not used by an earlier test. */
  const take = (count: number) => {
    const taken = pool.slice(next, next + count);
    next += count;
    return taken;
  };
  const eventRow = (eventId: string) =>
    t.db
      .selectFrom("events")
      .select(["maresult", "settle_status", "logically_deleted", "version", "label_names", "busy_state"])
      .where("company_id", "=", "DEMO")
      .where("event_id", "=", eventId)
      .executeTakeFirstOrThrow();
  const byEventId = (ids: readonly string[]) =>
    Buffer.from(
      csvText(
        ["eventId"],
        ids.map((id) => [id]),
      ),
    );

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
    pool = await t.db
      .selectFrom("events")
      .select(["event_id", "shop_event_id"])
      .where("company_id", "=", "DEMO")
      .where("logically_deleted", "=", false)
      .where("busy_state", "is", null)
      .orderBy("event_id")
      .limit(40)
      .execute();
    await t.db.deleteFrom("event_edit_locks").where("company_id", "=", "DEMO").execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives events by event ID (10) a manual result with its history, a settle status, and bumps their versions", async () => {
    const events = take(3);
    const before = await Promise.all(events.map((event) => eventRow(event.event_id)));
    const job = await uploadAndRun(t, admin, {
      fileType: "CsvUpdate",
      options: { uploadType: "10", manualResult: "20", reason: "chargeback", settleStatus: "30" },
      bytes: byEventId([...events.map((event) => event.event_id), "NO-SUCH-EVENT"]),
    });
    expect(job).toMatchObject({ state: "doneWithErrors", appliedRows: 3, refusedRows: 1 });
    for (const [i, event] of events.entries()) {
      const row = await eventRow(event.event_id);
      expect(row).toMatchObject({ maresult: "20", settle_status: "30", busy_state: null });
      expect(row.version).toBe((before[i]?.version ?? 0) + 1);
      const history = await t.db
        .selectFrom("event_manual_history")
        .select(["result", "reason"])
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", event.event_id)
        .orderBy("updated_at", "desc")
        .executeTakeFirstOrThrow();
      expect(history).toEqual({ result: "20", reason: "chargeback" });
    }
    const result = parse(await resultFile(t, admin, job)) as string[][];
    expect(result.at(-1)).toEqual([
      "NO-SUCH-EVENT",
      "refused",
      "Row 5, column eventId: No event of this company has this ID.",
    ]);
  });

  it("names events by merchant management ID (00) and registers, then unregisters, a label", async () => {
    const [event] = take(1);
    if (!event) throw new Error("no event");
    const label = await t.db
      .selectFrom("labels")
      .select(["label_id", "name"])
      .where("company_id", "=", "DEMO")
      .executeTakeFirstOrThrow();
    const register = await uploadAndRun(t, admin, {
      fileType: "CsvUpdate",
      options: { uploadType: "00", labelIds: [label.label_id] },
      bytes: Buffer.from(csvText(["shopEventId"], [[event.shop_event_id]])),
    });
    expect(register).toMatchObject({ state: "done", appliedRows: 1 });
    expect((await eventRow(event.event_id)).label_names).toContain(label.name);
    const unregister = await uploadAndRun(t, admin, {
      fileType: "CsvUpdate",
      options: { uploadType: "00", labelIds: [label.label_id], labelUnregister: "1" },
      bytes: Buffer.from(csvText(["shopEventId"], [[event.shop_event_id]])),
    });
    expect(unregister).toMatchObject({ state: "done", appliedRows: 1 });
    expect((await eventRow(event.event_id)).label_names).not.toContain(label.name);
  });

  it("logically deletes events (CSV, 30); a deleted event is kept and read-only from then on", async () => {
    const [first, second] = take(2);
    if (!first || !second) throw new Error("no events");
    const job = await uploadAndRun(t, admin, {
      fileType: "CsvUpdate",
      options: { uploadType: "30", logicalDelete: "1" },
      bytes: Buffer.from(
        csvText(
          ["eventId", "shopEventId"],
          [
            [first.event_id, ""],
            ["", second.shop_event_id],
            [first.event_id, second.shop_event_id],
          ],
        ),
      ),
    });
    expect(job).toMatchObject({ appliedRows: 2, refusedRows: 1 });
    expect((await eventRow(first.event_id)).logically_deleted).toBe(true);
    expect((await eventRow(second.event_id)).logically_deleted).toBe(true);
    const again = await uploadAndRun(t, admin, {
      fileType: "CsvUpdate",
      options: { uploadType: "10", manualResult: "10" },
      bytes: byEventId([first.event_id]),
    });
    expect(again).toMatchObject({ appliedRows: 0, refusedRows: 1 });
    expect((await eventRow(first.event_id)).maresult).not.toBe("10");
  });

  it("refuses a row whose event another operator is editing (688), and an upload choosing nothing (902)", async () => {
    const [event] = take(1);
    if (!event) throw new Error("no event");
    const reviewer = await t.db
      .selectFrom("operators")
      .select(["id", "name"])
      .where("email", "=", "reviewer@demo.example")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("event_edit_locks")
      .values({
        company_id: "DEMO",
        event_id: event.event_id,
        operator_id: reviewer.id,
        operator_name: reviewer.name,
        locked_at: t.clock.now(),
        expires_at: new Date(t.clock.now().getTime() + 5 * 60_000),
      })
      .execute();
    const job = await uploadAndRun(t, admin, {
      fileType: "CsvUpdate",
      options: { uploadType: "10", settleStatus: "20" },
      bytes: byEventId([event.event_id]),
    });
    expect(job.refusedRows).toBe(1);
    const result = parse(await resultFile(t, admin, job)) as string[][];
    expect(result[1]?.at(-1)).toBe(`Row 2: ${messageText("en", "no.688")}`);
    const nothing = await uploadRequest(t.app, admin, {
      fileType: "CsvUpdate",
      options: { uploadType: "10" },
      bytes: byEventId([event.event_id]),
    });
    expect(nothing.json().errors[0].code).toBe(ERROR.noItemSelected);
  });

  it("holds its events under update (1000) while a batch runs: other jobs and the event detail refuse them", async () => {
    const [event] = take(1);
    if (!event) throw new Error("no event");
    const held = gate();
    let prepared = false;
    const worker = workerWith(t, {
      ...csvUpdateRowHandler,
      async prepareBatch(db, context, rows) {
        const answer = await csvUpdateRowHandler.prepareBatch?.(db, context, rows);
        prepared = true;
        await held.wait;
        return answer;
      },
    });
    const job = await uploadFile(t.app, admin, {
      fileType: "CsvUpdate",
      options: { uploadType: "10", settleStatus: "40" },
      bytes: byEventId([event.event_id]),
    });
    const running = worker.runNext();
    await expect.poll(() => prepared, { timeout: 10_000 }).toBe(true);
    const busy = await eventRow(event.event_id);
    expect(busy).toMatchObject({ busy_state: "updating" });
    const operator = await t.db
      .selectFrom("operators")
      .select(["id", "role_id"])
      .where("email", "=", "admin@demo.example")
      .executeTakeFirstOrThrow();
    const actions = createEventActionService({ db: t.db, now: t.clock.now });
    const actor = {
      companyId: "DEMO",
      operatorId: operator.id,
      roleId: operator.role_id,
      lang: "en" as const,
      sourceIp: "127.0.0.1",
    };
    await expect(
      actions.editBegin(actor, { eventId: event.event_id, version: busy.version, action: "ok" }),
    ).rejects.toMatchObject({ code: ERROR.underUpdate });
    // Another job's batch on the same event (applied directly: the worker runs one job at a time).
    const other = {
      companyId: "DEMO",
      operatorId: 1,
      lang: "en" as const,
      now: t.clock.now(),
      jobId: "other-job",
      options: {
        uploadType: "10",
        logicalDelete: "1",
        settleStatus: null,
        manualResult: null,
        reason: "",
        labelIds: [],
        labelUnregister: "0",
      },
    };
    const rows = [{ rowNo: 2, values: { eventId: event.event_id } }];
    const prep = await csvUpdateRowHandler.prepareBatch?.(t.db, other, rows);
    const outcomes = await t.db
      .transaction()
      .execute((trx) => csvUpdateRowHandler.applyBatch(trx, other, rows, prep));
    expect(outcomes).toEqual([{ applied: false, column: null, message: messageText("en", "no.1000") }]);
    held.open();
    await running;
    expect((await jobStatus(t.app, admin, job.jobId)).state).toBe("done");
    expect(await eventRow(event.event_id)).toMatchObject({
      busy_state: null,
      settle_status: "40",
      logically_deleted: false,
    });
  });
});
