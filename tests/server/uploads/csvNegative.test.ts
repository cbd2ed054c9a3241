import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenTransaction } from "../../../src/server/screening/screenTransaction.ts";
import { CSV_NEGATIVE_ITEM_COLUMNS } from "../../../src/server/uploads/csvNegativeRows.ts";
import { createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { csvText, resultFile, rowOf, uploadAndRun } from "./uploadTestKit.ts";

describe.each(testBackends())(
  "CSV negative registration: CsvNegativeEvent and CsvNegativeItem (%s)",
  (backend) => {
    let t: TestApp;
    let admin: Session;
    let pool: { event_id: string; shop_event_id: string }[];
    let next = 0;
    const take = () => {
      const event = pool[next++];
      if (!event) throw new Error("no event left");
      return event;
    };
    const entriesOf = (eventId: string) =>
      t.db
        .selectFrom("negatives")
        .select(["negative_id", "customer_type", "add_type", "settle_category", "event_id"])
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", eventId)
        .orderBy("customer_type")
        .execute();
    const keysOf = async (negativeIds: readonly string[]) =>
      negativeIds.length === 0
        ? []
        : t.db
            .selectFrom("negative_keys")
            .select(["item", "value"])
            .where("company_id", "=", "DEMO")
            .where("negative_id", "in", negativeIds)
            .execute();

    beforeAll(async () => {
      t = await createTestApp(backend);
      admin = await loginAs(t.app, "DEMO", "admin@demo.example");
      // Events with both parties, none negative yet.
      pool = await t.db
        .selectFrom("events as e")
        .select(["e.event_id", "e.shop_event_id"])
        .where("e.company_id", "=", "DEMO")
        .where("e.negatived", "=", false)
        .where("e.logically_deleted", "=", false)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom("event_parties as p")
              .select("p.event_id")
              .whereRef("p.company_id", "=", "e.company_id")
              .whereRef("p.event_id", "=", "e.event_id")
              .where("p.party", "=", "shipping"),
          ),
        )
        .orderBy("e.event_id")
        .limit(20)
        .execute();
    });
    afterAll(async () => {
      await t?.close();
    });

    it("registers events (10, purchaser) as the event detail does, then the unregister removes both parties", async () => {
      const event = take();
      const job = await uploadAndRun(t, admin, {
        fileType: "CsvNegativeEvent",
        options: { uploadType: "10", customerType: "10", register: "1", settleCategory: "01" },
        bytes: Buffer.from(csvText(["eventId"], [[event.event_id]])),
      });
      expect(job).toMatchObject({ state: "done", appliedRows: 1 });
      const entries = await entriesOf(event.event_id);
      expect(entries).toMatchObject([{ customer_type: "0", add_type: "20", settle_category: "01" }]);
      expect((await keysOf(entries.map((entry) => String(entry.negative_id)))).length).toBeGreaterThan(0);
      const both = await uploadAndRun(t, admin, {
        fileType: "CsvNegativeEvent",
        options: { uploadType: "00", customerType: "30" },
        bytes: Buffer.from(csvText(["shopEventId"], [[event.shop_event_id]])),
      });
      expect(both.appliedRows).toBe(1);
      expect((await entriesOf(event.event_id)).map((entry) => entry.customer_type)).toEqual(["0", "1"]);
      const negatived = await t.db
        .selectFrom("events")
        .select("negatived")
        .where("company_id", "=", "DEMO")
        .where("event_id", "=", event.event_id)
        .executeTakeFirstOrThrow();
      expect(negatived.negatived).toBe(true);
      const cancel = await uploadAndRun(t, admin, {
        fileType: "CsvNegativeEvent",
        options: { uploadType: "30", register: "0" },
        bytes: Buffer.from(
          csvText(
            ["eventId", "shopEventId"],
            [
              [event.event_id, ""],
              [take().event_id, ""],
            ],
          ),
        ),
      });
      // The second event never was negative: nothing to unregister.
      expect(cancel).toMatchObject({ appliedRows: 1, refusedRows: 1 });
      expect(await entriesOf(event.event_id)).toEqual([]);
    });

    it("registers and unregisters member IDs (20) as entries of their own", async () => {
      const members = () =>
        t.db
          .selectFrom("negatives")
          .select(["customer_type", "shop_member_id"])
          .where("company_id", "=", "DEMO")
          .where("shop_member_id", "=", "CSV-MEMBER-1")
          .orderBy("customer_type")
          .execute();
      const register = await uploadAndRun(t, admin, {
        fileType: "CsvNegativeEvent",
        options: { uploadType: "20", customerType: "30" },
        bytes: Buffer.from(csvText(["shopMemberId"], [["CSV-MEMBER-1"], ["CSV-MEMBER-1"]])),
      });
      expect(register).toMatchObject({ appliedRows: 1, refusedRows: 1 });
      expect((await members()).map((row) => row.customer_type)).toEqual(["0", "1"]);
      const cancel = await uploadAndRun(t, admin, {
        fileType: "CsvNegativeEvent",
        options: { uploadType: "20", register: "0" },
        bytes: Buffer.from(csvText(["shopMemberId"], [["CSV-MEMBER-1"]])),
      });
      expect(cancel.appliedRows).toBe(1);
      expect(await members()).toEqual([]);
    });

    it("registers items by value (CsvNegativeItem), refusing a bad value by column; the next screening sees them", async () => {
      const file = csvText(CSV_NEGATIVE_ITEM_COLUMNS, [
        rowOf(CSV_NEGATIVE_ITEM_COLUMNS, { customerType: "10", tel: "090-7777-1234", settleCategory: "02" }),
        rowOf(CSV_NEGATIVE_ITEM_COLUMNS, { customerType: "30", ipaddress: "999.1.1.1" }),
        rowOf(CSV_NEGATIVE_ITEM_COLUMNS, { customerType: "10" }),
        rowOf(CSV_NEGATIVE_ITEM_COLUMNS, { customerType: "40", tel: "1" }),
      ]);
      const job = await uploadAndRun(t, admin, { fileType: "CsvNegativeItem", bytes: Buffer.from(file) });
      expect(job).toMatchObject({ appliedRows: 1, refusedRows: 3 });
      const result = parse(await resultFile(t, admin, job), { relax_column_count: true }) as string[][];
      expect(result[2]?.at(-1)).toMatch(/^Row 3, column ipaddress: /);
      expect(result[3]?.at(-1)).toBe("Row 4: The row gives no value to register as negative.");
      expect(result[4]?.at(-1)).toMatch(/^Row 5, column customerType: /);
      const model = await t.db
        .selectFrom("detection_models")
        .select("model_id")
        .where("company_id", "=", "DEMO")
        .orderBy("model_id")
        .executeTakeFirstOrThrow();
      const outcome = await screenTransaction(
        { db: t.db, now: t.clock.now },
        { companyId: "DEMO", modelId: model.model_id, applicationId: null },
        { shopEventId: "NEG-ITEM-CHECK", amount: 1000, items: [], purchaser: { tel: "09077771234" } },
      );
      expect(outcome.firedRules.map((rule) => rule.ruleCode)).toContain("NEG_TEL");
    });
  },
);
