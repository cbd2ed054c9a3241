import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../../src/contract/errors.ts";
import { inJapan } from "../../../src/contract/japanTime.ts";
import type { TransactionInput } from "../../../src/contract/screening.ts";
import { whiteAdd, whiteSearch } from "../../../src/contract/whiteList.ts";
import { deleteNegatives, insertNegatives } from "../../../src/server/lists/negativeWrites.ts";
import {
  expectDone,
  expectRefusal,
  freshOrder,
  openReviewApp,
  type ReviewApp,
  send,
  unique,
  uniqueIpv4,
} from "../eventDetailHarness.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { type Shop, screenAsShop, shopOf } from "../screeningApi/shopClient.ts";

interface Row {
  type: string;
  value: string;
  validUntil: string | null;
  note: string;
}

/** yyyy-MM-dd of the Japan day `days` after the instant. */
const japanDay = (at: Date, days: number): string =>
  inJapan(at.getTime() + days * 86_400_000)
    .toISOString()
    .slice(0, 10);

describe.each(testBackends())("white entries' expiry and note (%s)", (backend) => {
  let r: ReviewApp;
  let shop: Shop;

  beforeAll(async () => {
    r = await openReviewApp(backend);
    shop = await shopOf(r.t, "DEMO");
  }, 120_000);

  afterAll(async () => {
    await r?.close();
  });

  const aaresult = async (input: TransactionInput): Promise<string> =>
    (await screenAsShop(r.t, shop, { ...input, shopEventId: unique("S-") })).aaresult;

  const rowsOf = async (telegram: Record<string, unknown>) =>
    expectDone<{ entries: Row[] }>(await send(r.t, whiteSearch, r.viewer, telegram)).entries;

  it("stores the expiry as the end of the JST day and the note, and shows both", async () => {
    const member = unique("M-");
    const day = japanDay(r.t.clock.now(), 30);
    expectDone(
      await send(r.t, whiteAdd, r.reviewer, {
        type: "shopMemberId",
        values: member,
        validUntil: day,
        note: " 社員購入 ",
      }),
    );
    const [row] = await rowsOf({ type: "shopMemberId", value: member });
    // The entry counts until 24:00 JST of that day, which is 15:00 UTC.
    expect(row).toMatchObject({
      validUntil: new Date(`${day}T15:00:00.000Z`).toISOString(),
      note: "社員購入",
    });
    expect(new Date(row?.validUntil as string).getTime()).toBe(
      new Date(`${day}T00:00:00+09:00`).getTime() + 86_400_000,
    );
  });

  it("filters by 'expires within 7 days': not later expiries, not entries without one", async () => {
    const soon = unique("M-");
    const later = unique("M-");
    const never = unique("M-");
    const now = r.t.clock.now();
    for (const [value, validUntil] of [
      [soon, japanDay(now, 5)],
      [later, japanDay(now, 9)],
      [never, ""],
    ] as const)
      expectDone(await send(r.t, whiteAdd, r.reviewer, { type: "shopMemberId", values: value, validUntil }));
    const expiring = (await rowsOf({ type: "shopMemberId", expiringSoon: true })).map((row) => row.value);
    expect(expiring).toContain(soon);
    expect(expiring).not.toContain(later);
    expect(expiring).not.toContain(never);
    // Without the filter all three are listed.
    const all = (await rowsOf({ type: "shopMemberId" })).map((row) => row.value);
    expect(all).toEqual(expect.arrayContaining([soon, later, never]));
  });

  it("the engine ignores an expired entry: the order is NG again once its expiry has passed", async () => {
    const ip = uniqueIpv4();
    const order = freshOrder({ device: { ipaddress: ip } });
    const ids = await insertNegatives(r.t.db, "DEMO", [
      { add_type: "10", customer_type: "0", tel: order.purchaser?.tel as string },
    ]);
    expectDone(
      await send(r.t, whiteAdd, r.reviewer, { type: "ip", values: ip, validUntil: japanDay(new Date(), 1) }),
    );
    expect(await aaresult(order)).toBe("OK");
    // The expiry passes (the engine compares with the database's clock).
    await r.t.db
      .updateTable("white_entries")
      .set({ valid_until: new Date(Date.now() - 1_000) })
      .where("company_id", "=", "DEMO")
      .where("value", "=", ip)
      .execute();
    expect(await aaresult(order)).toBe("NG");
    // Registered again without an expiry, it counts again.
    expectDone(await send(r.t, whiteAdd, r.reviewer, { type: "ip", values: ip }));
    expect(await aaresult(order)).toBe("OK");
    await deleteNegatives(r.t.db, "DEMO", ids);
  });

  it("refuses a malformed expiry and a note over 200 characters", async () => {
    const refused = async (telegram: unknown) =>
      expectRefusal(await send(r.t, whiteAdd, r.reviewer, telegram), ERROR.validation).map((error) => [
        error.field,
        error.message,
      ]);
    expect(await refused({ type: "ip", values: "10.0.0.1", validUntil: "2026-02-30" })).toEqual([
      ["telegram.validUntil", "must be a date in the format yyyy-MM-dd"],
    ]);
    expect(await refused({ type: "ip", values: "10.0.0.1", note: "x".repeat(201) })).toEqual([
      ["telegram.note", "must be at most 200 characters"],
    ]);
  });
});
