import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { csvText, uploadAndRun } from "./uploadTestKit.ts";

/** /CsvUpdate with several labels chosen: every one is registered on, or taken off, every event. */
describe.each(testBackends())("CSV update: several labels at once (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let events: { event_id: string }[];
  let labels: { label_id: string; name: string }[];

  const labelIdsOf = async (eventId: string) =>
    (
      await t.db
        .selectFrom("event_labels")
        .select("label_id")
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", eventId)
        .orderBy("label_id")
        .execute()
    ).map((row) => row.label_id);
  const labelNamesOf = async (eventId: string) =>
    (
      await t.db
        .selectFrom("events")
        .select("label_names")
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", eventId)
        .executeTakeFirstOrThrow()
    ).label_names;
  const update = (options: Record<string, unknown>) =>
    uploadAndRun(t, admin, {
      fileType: "CsvUpdate",
      options: { uploadType: "10", ...options },
      bytes: Buffer.from(
        csvText(
          ["eventId"],
          events.map((event) => [event.event_id]),
        ),
      ),
    });

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
    labels = await t.db
      .selectFrom("labels")
      .select(["label_id", "name"])
      .where("company_id", "=", "DEMO")
      .orderBy("label_id")
      .limit(2)
      .execute();
    // Events that hold neither of the two labels.
    events = await t.db
      .selectFrom("events as e")
      .select("e.event_id")
      .where("e.company_id", "=", "DEMO")
      .where("e.logically_deleted", "=", false)
      .where("e.busy_state", "is", null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("event_labels as l")
              .select("l.event_id")
              .whereRef("l.company_id", "=", "e.company_id")
              .whereRef("l.event_id", "=", "e.event_id"),
          ),
        ),
      )
      .orderBy("e.event_id", "desc")
      .limit(3)
      .execute();
    await t.db.deleteFrom("event_edit_locks").where("company_id", "=", "DEMO").execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("registers two labels on every event, with a manual result's history naming both, then takes both off", async () => {
    expect(labels).toHaveLength(2);
    expect(events).toHaveLength(3);
    const ids = labels.map((label) => label.label_id).sort();
    const registered = await update({ labelIds: ids, manualResult: "20", reason: "two labels" });
    expect(registered).toMatchObject({ state: "done", appliedRows: 3, refusedRows: 0 });
    for (const event of events) {
      expect(await labelIdsOf(event.event_id)).toEqual(ids);
      expect([...(await labelNamesOf(event.event_id))].sort()).toEqual(
        labels.map((label) => label.name).sort(),
      );
      const history = await t.db
        .selectFrom("event_manual_history")
        .select(["label_names", "reason"])
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", event.event_id)
        .orderBy("updated_at", "desc")
        .executeTakeFirstOrThrow();
      expect(history.reason).toBe("two labels");
      expect([...history.label_names].sort()).toEqual(labels.map((label) => label.name).sort());
    }
    const unregistered = await update({ labelIds: ids, labelUnregister: "1" });
    expect(unregistered).toMatchObject({ state: "done", appliedRows: 3 });
    for (const event of events) {
      expect(await labelIdsOf(event.event_id)).toEqual([]);
      expect(await labelNamesOf(event.event_id)).toEqual([]);
    }
  });

  it("takes off only the chosen labels, keeping an event's others", async () => {
    const [first, second] = labels.map((label) => label.label_id);
    if (!first || !second) throw new Error("two labels needed");
    expect(await update({ labelIds: [first, second] })).toMatchObject({ appliedRows: 3 });
    expect(await update({ labelIds: [second], labelUnregister: "1" })).toMatchObject({ appliedRows: 3 });
    for (const event of events) expect(await labelIdsOf(event.event_id)).toEqual([first]);
  });
});
