import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../../src/contract/errors.ts";
import type { TransactionInput } from "../../../src/contract/screening.ts";
import { whiteAdd, whiteDelete, whiteSearch } from "../../../src/contract/whiteList.ts";
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
  createdAt: string;
  operatorName: string | null;
}

describe.each(testBackends())("white list calls (%s)", (backend) => {
  let r: ReviewApp;
  let shop: Shop;

  beforeAll(async () => {
    r = await openReviewApp(backend);
    shop = await shopOf(r.t, "DEMO");
  }, 120_000);

  afterAll(async () => {
    await r?.close();
  });

  async function aaresult(input: TransactionInput): Promise<string> {
    return (await screenAsShop(r.t, shop, { ...input, shopEventId: unique("S-") })).aaresult;
  }

  it("an IP added on /white/new makes the next negative-hit order OK; deleted on /white, NG again", async () => {
    const ip = uniqueIpv4();
    const order = freshOrder({ device: { ipaddress: ip } });
    const ids = await insertNegatives(r.t.db, "DEMO", [
      { add_type: "10", customer_type: "0", tel: order.purchaser?.tel as string },
    ]);
    expect(await aaresult(order)).toBe("NG");
    const added = await send(r.t, whiteAdd, r.reviewer, { type: "ip", values: `\n${ip}\n\n` });
    expect(expectDone(added)).toEqual({ added: 1 });
    expect(JSON.stringify(added.json().messages)).toContain("001");
    expect(await aaresult(order)).toBe("OK");

    const found = expectDone<{ entries: Row[] }>(
      await send(r.t, whiteSearch, r.viewer, { type: "ip", value: ip }),
    );
    expect(found.entries).toEqual([
      {
        type: "ip",
        value: ip,
        createdAt: expect.any(String),
        operatorName: expect.any(String),
        validUntil: null,
        note: "",
      },
    ]);
    // ACME sees none of DEMO's entries, and cannot delete them.
    const acme = await send(r.t, whiteSearch, r.acme, { type: "ip", value: ip });
    expect(expectDone<{ entries: Row[] }>(acme).entries).toEqual([]);
    expect(JSON.stringify(acme.json().messages)).toContain("676");
    expect(
      expectDone(await send(r.t, whiteDelete, r.acme, { entries: [{ type: "ip", value: ip }] })),
    ).toEqual({
      deleted: 0,
    });

    expect(
      expectDone(await send(r.t, whiteDelete, r.reviewer, { entries: [{ type: "ip", value: ip }] })),
    ).toEqual({
      deleted: 1,
    });
    expect(await aaresult(order)).toBe("NG");
    await deleteNegatives(r.t.db, "DEMO", ids);
  });

  it("a duplicate refreshes the created time and operator", async () => {
    const member = unique("M-");
    expectDone(await send(r.t, whiteAdd, r.reviewer, { type: "shopMemberId", values: member }));
    r.t.clock.advanceMinutes(5);
    expectDone(await send(r.t, whiteAdd, r.admin, { type: "shopMemberId", values: `${member}\n${member}` }));
    const [row] = expectDone<{ entries: Row[] }>(
      await send(r.t, whiteSearch, r.admin, { type: "shopMemberId", value: member }),
    ).entries;
    expect(new Date(row?.createdAt as string).getTime()).toBe(r.t.clock.now().getTime());
  });

  it("finds a phone number by the prefix as the operator types it, with or without a type", async () => {
    const digits = `090${String(Date.now()).slice(-8)}`;
    const typed = `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
    expectDone(await send(r.t, whiteAdd, r.reviewer, { type: "tel", values: typed }));
    const search = async (telegram: unknown) =>
      expectDone<{ entries: Row[] }>(await send(r.t, whiteSearch, r.viewer, telegram)).entries.map(
        (row) => row.value,
      );
    expect(await search({ type: "tel", value: typed })).toEqual([digits]);
    expect(await search({ type: "tel", value: `＋81 ${typed.slice(1, 8)}` })).toEqual([digits]);
    expect(await search({ type: "", value: typed })).toEqual([digits]);
    expect(await search({ type: "ip", value: typed })).toEqual([]);
  });

  it("validates with the spec's messages", async () => {
    const refused = async (telegram: unknown) => {
      const errors = expectRefusal(await send(r.t, whiteAdd, r.reviewer, telegram), ERROR.validation);
      return errors.map((error) => [error.field, error.message]);
    };
    expect(await refused({ type: "", values: "1.2.3.4" })).toEqual([["telegram.type", "Type is required."]]);
    expect(await refused({ type: "ip", values: "\n \n" })).toEqual([
      ["telegram.values", "Value is required."],
    ]);
    expect(await refused({ type: "shopMemberId", values: "x".repeat(51) })).toEqual([
      ["telegram.values", "Max 50 characters per line."],
    ]);
    expect(
      await refused({ type: "tel", values: Array.from({ length: 101 }, (_, i) => `0${i}`).join("\n") }),
    ).toEqual([["telegram.values", "Up to 100 values can be entered."]]);
    expect(await refused({ type: "ip", values: "1.2.3.4\n\nnot-an-ip" })).toEqual([
      ["telegram.values", "Line 3: not a valid value of this type."],
    ]);
  });

  it("refuses a viewer's writes with 962", async () => {
    // ERROR.forbidden is the spec's 962.
    expectRefusal(await send(r.t, whiteAdd, r.viewer, { type: "ip", values: "10.0.0.1" }), ERROR.forbidden);
    expectRefusal(
      await send(r.t, whiteDelete, r.viewer, { entries: [{ type: "ip", value: "10.0.0.1" }] }),
      ERROR.forbidden,
    );
  });
});
