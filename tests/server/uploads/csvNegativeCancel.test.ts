import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeTel } from "../../../src/server/screening/normalize.ts";
import { CSV_NEGATIVE_ITEM_COLUMNS } from "../../../src/server/uploads/csvNegativeRows.ts";
import { createTestApp, loginAs, type Session, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { type Shop, sampleTransaction, screenAsShop, shopOf } from "../screeningApi/shopClient.ts";
import { csvText, resultFile, rowOf, uploadAndRun } from "./uploadTestKit.ts";

/**
 * CsvNegativeItem register 0: a row's values cancel the entries that hold exactly those values (the
 * same match keys, normalized as the list normalizes them) of its customer type, and the next call
 * of the screening API no longer hits the negative rule.
 */
describe.each(testBackends())("CsvNegativeItem: cancel by value (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let shop: Shop;
  const TEL = "090-4321-0987";
  const OTHER_TEL = "090-4321-0988";

  const items = (rows: Record<string, string>[]) =>
    uploadAndRun(t, admin, {
      fileType: "CsvNegativeItem",
      bytes: Buffer.from(
        csvText(
          CSV_NEGATIVE_ITEM_COLUMNS,
          rows.map((row) => rowOf(CSV_NEGATIVE_ITEM_COLUMNS, row)),
        ),
      ),
    });
  const entriesWithTel = async (tel: string) =>
    (
      await t.db
        .selectFrom("negative_keys")
        .select("negative_id")
        .where("company_id", "=", "DEMO")
        .where("item", "=", "tel")
        .where("value", "=", normalizeTel(tel) as string)
        .execute()
    ).map((row) => String(row.negative_id));
  /** The screening API's fired rules for an order from this phone number (nothing else of it on any list). */
  const negativeRulesFor = async (tel: string) => {
    const tx = sampleTransaction();
    const outcome = await screenAsShop(t, shop, {
      ...tx,
      purchaser: { shopMemberId: `CANCEL-${tx.shopEventId}`, tel },
      device: undefined,
      card: undefined,
    });
    return outcome.firedRules.map((rule) => rule.ruleCode).filter((code) => code.startsWith("NEG_"));
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await loginAs(t.app, "DEMO", "admin@demo.example");
    shop = await shopOf(t, "DEMO");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("registers a phone number, then a register 0 row of the same value cancels it: the next screening no longer hits", async () => {
    expect(await negativeRulesFor(TEL)).toEqual([]);
    const registered = await items([
      { customerType: "10", register: "1", tel: TEL, settleCategory: "01" },
      // A bigger entry that holds the other number among other values.
      { customerType: "10", tel: OTHER_TEL, ipaddress: "198.51.100.77" },
    ]);
    expect(registered).toMatchObject({ state: "done", appliedRows: 2 });
    expect(await entriesWithTel(TEL)).toHaveLength(1);
    expect(await negativeRulesFor(TEL)).toContain("NEG_TEL");

    // Written differently (no hyphens), normalized to the same key.
    const cancelled = await items([
      { customerType: "10", register: "0", tel: TEL.replaceAll("-", "") },
      // Another customer type holds no such entry; the bigger entry is not exactly these values.
      { customerType: "20", register: "0", tel: TEL },
      { customerType: "10", register: "0", tel: OTHER_TEL },
      { customerType: "10", register: "2", tel: TEL },
    ]);
    expect(cancelled).toMatchObject({ state: "doneWithErrors", appliedRows: 1, refusedRows: 3 });
    const result = parse(await resultFile(t, admin, cancelled), { relax_column_count: true }) as string[][];
    expect(result.slice(1).map((row) => row.slice(-2))).toEqual([
      ["applied", ""],
      ["refused", "Row 3: No negative entry of this customer type holds exactly these values."],
      ["refused", "Row 4: No negative entry of this customer type holds exactly these values."],
      ["refused", expect.stringMatching(/^Row 5, column register: /)],
    ]);
    expect(await entriesWithTel(TEL)).toEqual([]);
    expect(await entriesWithTel(OTHER_TEL)).toHaveLength(1);
    expect(await negativeRulesFor(TEL)).toEqual([]);
    expect(await negativeRulesFor(OTHER_TEL)).toContain("NEG_TEL");
  });

  it("takes a file made before the register column: its rows register, a short row names the header's count", async () => {
    const columns = CSV_NEGATIVE_ITEM_COLUMNS.filter((column) => column !== "register");
    const tel = "090-4321-0990";
    const rows = [rowOf(columns, { customerType: "10", tel }), "10"].join("\r\n");
    const job = await uploadAndRun(t, admin, {
      fileType: "CsvNegativeItem",
      bytes: Buffer.from(`${columns.join(",")}\r\n${rows}\r\n`),
    });
    expect(job).toMatchObject({ appliedRows: 1, refusedRows: 1 });
    const result = parse(await resultFile(t, admin, job), { relax_column_count: true }) as string[][];
    expect(result[2]?.slice(-1)).toEqual([`Row 3: 1 fields where the header has ${columns.length}.`]);
    expect(await entriesWithTel(tel)).toHaveLength(1);
    expect(await negativeRulesFor(tel)).toContain("NEG_TEL");
  });

  it("applies a file's rows in order: a value registered and cancelled in one file ends unregistered", async () => {
    const tel = "090-4321-0989";
    const job = await items([
      { customerType: "30", register: "1", tel },
      { customerType: "30", register: "0", tel },
      { customerType: "30", register: "0", tel },
    ]);
    expect(job).toMatchObject({ appliedRows: 2, refusedRows: 1 });
    expect(await entriesWithTel(tel)).toEqual([]);
    expect(await negativeRulesFor(tel)).toEqual([]);
  });
});
