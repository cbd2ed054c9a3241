import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../../src/contract/errors.ts";
import {
  NEGATIVE_ADD_TYPE,
  type NegativeRow,
  negativeAdd,
  negativeDelete,
  negativeDetail,
  negativeDetailDelete,
  negativeSearch,
} from "../../../src/contract/negativeList.ts";
import type { TransactionInput } from "../../../src/contract/screening.ts";
import { insertNegatives } from "../../../src/server/lists/negativeWrites.ts";
import {
  expectDone,
  expectRefusal,
  freshOrder,
  openReviewApp,
  type ReviewApp,
  send,
  unique,
  uniqueHash,
  uniqueTel,
} from "../eventDetailHarness.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { type Shop, screenAsShop, shopOf } from "../screeningApi/shopClient.ts";

interface Page {
  entries: NegativeRow[];
  total: number;
  next: string | null;
}

describe.each(testBackends())("negative list calls (%s)", (backend) => {
  let r: ReviewApp;
  let shop: Shop;

  beforeAll(async () => {
    r = await openReviewApp(backend);
    shop = await shopOf(r.t, "DEMO");
  }, 120_000);

  afterAll(async () => {
    await r?.close();
  });

  const screen = (input: TransactionInput) =>
    screenAsShop(r.t, shop, { ...input, shopEventId: unique("S-") });
  /** Whether the phone number's negative rule fired (velocity rules may HOLD a repeated order). */
  const telHit = async (input: TransactionInput) =>
    (await screen(input)).firedRules.some((rule) => rule.ruleCode === "NEG_TEL");
  const telSearch = (tel: string) => ({ search: { item: "tel", values: tel } });

  it("a phone number added on /NegativeAdd makes the next screening NG by the negative rule; deleted, OK again", async () => {
    const order = freshOrder();
    const tel = order.purchaser?.tel as string;
    expect((await screen(order)).aaresult).toBe("OK");

    const added = await send(r.t, negativeAdd, r.reviewer, {
      item: "tel",
      values: `\n${tel}\n`,
      settleCategory: "01",
      otherCategory: "",
      note: "chargeback",
    });
    expect(expectDone(added)).toEqual({ added: 1 });
    expect(JSON.stringify(added.json().messages)).toContain("001");
    const hit = await screen(order);
    expect(hit.aaresult).toBe("NG");
    expect(hit.firedRules.map((rule) => rule.ruleCode)).toContain("NEG_TEL");

    const page = expectDone<Page>(await send(r.t, negativeSearch, r.viewer, telSearch(tel)));
    expect(page.total).toBe(1);
    expect(page.entries[0]).toMatchObject({
      item: "tel",
      value: tel,
      addType: NEGATIVE_ADD_TYPE.screen,
      note: "chargeback",
    });
    const negativeId = page.entries[0]?.negativeId as string;

    const detail = expectDone<{
      fields: { field: string; value: string }[];
      createdBy: string | null;
      matchCount: number;
      matchQuery: string | null;
    }>(await send(r.t, negativeDetail, r.viewer, { negativeId }));
    expect(detail.fields).toEqual(
      expect.arrayContaining([
        { field: "tel", value: tel },
        { field: "settleCategory", value: "01" },
      ]),
    );
    expect(detail.createdBy).toEqual(expect.any(String));
    // The two screenings above were of this phone number, within the last 90 days.
    expect(detail.matchCount).toBe(2);
    expect(new URLSearchParams(detail.matchQuery ?? "").get("tel")).toBe(tel);

    const deleted = await send(r.t, negativeDetailDelete, r.reviewer, { negativeId });
    expect(expectDone(deleted)).toEqual({ deleted: 1 });
    expect(JSON.stringify(deleted.json().messages)).toContain("003");
    expect(await telHit(order)).toBe(false);

    expectRefusal(await send(r.t, negativeDetail, r.viewer, { negativeId }), ERROR.notFound);
  });

  it("an expired entry no longer hits; one valid until a later date does", async () => {
    const order = freshOrder();
    const tel = order.purchaser?.tel as string;
    const now = r.t.clock.now();
    await insertNegatives(r.t.db, "DEMO", [
      { add_type: "30", tel, valid_until: new Date(now.getTime() + 60_000) },
    ]);
    expect(await telHit(order)).toBe(true);
    const soon = expectDone<Page>(
      await send(r.t, negativeSearch, r.viewer, { search: { item: "tel", values: tel, expiringSoon: true } }),
    );
    expect(soon.total).toBe(1);
    r.t.clock.advanceMinutes(2);
    expect(await telHit(order)).toBe(false);
    // Registered with a past date: expired from the start.
    const other = freshOrder();
    expectDone(
      await send(r.t, negativeAdd, r.reviewer, {
        item: "tel",
        values: other.purchaser?.tel as string,
        validUntil: "2020-01-01",
      }),
    );
    expect(await telHit(other)).toBe(false);
  });

  it("pages by keyset with the total, and deletes every result of a search", async () => {
    const tels = Array.from({ length: 60 }, () => uniqueTel());
    expectDone(await send(r.t, negativeAdd, r.reviewer, { item: "tel", values: tels.join("\n") }));
    const search = { item: "tel", values: tels.join(" ") };
    const first = expectDone<Page>(await send(r.t, negativeSearch, r.viewer, { search, pageSize: 50 }));
    expect(first.total).toBe(60);
    expect(first.entries).toHaveLength(50);
    const second = expectDone<Page>(
      await send(r.t, negativeSearch, r.viewer, { search, pageSize: 50, after: first.next }),
    );
    expect(second.entries).toHaveLength(10);
    expect(second.next).toBeNull();
    const seen = new Set([...first.entries, ...second.entries].map((row) => row.value));
    expect(seen).toEqual(new Set(tels));

    // ACME neither sees nor deletes DEMO's entries.
    const acme = await send(r.t, negativeSearch, r.acme, { search });
    expect(expectDone<Page>(acme).total).toBe(0);
    expect(JSON.stringify(acme.json().messages)).toContain("676");
    expect(expectDone(await send(r.t, negativeDelete, r.acme, { kind: "search", search }))).toEqual({
      deleted: 0,
    });
    expectRefusal(
      await send(r.t, negativeDetail, r.acme, { negativeId: first.entries[0]?.negativeId }),
      ERROR.notFound,
    );
    expect(
      expectDone(
        await send(r.t, negativeDelete, r.acme, { kind: "ids", negativeIds: [first.entries[0]?.negativeId] }),
      ),
    ).toEqual({ deleted: 0 });

    const ticked = first.entries.slice(0, 2).map((row) => row.negativeId);
    expect(
      expectDone(await send(r.t, negativeDelete, r.reviewer, { kind: "ids", negativeIds: ticked })),
    ).toEqual({
      deleted: 2,
    });
    expect(expectDone(await send(r.t, negativeDelete, r.reviewer, { kind: "search", search }))).toEqual({
      deleted: 58,
    });
    expect(expectDone<Page>(await send(r.t, negativeSearch, r.viewer, { search })).total).toBe(0);
  });

  it("searches names and e-mail by their hashes, IP addresses normalized, and an update date range", async () => {
    const [last, first, account] = [uniqueHash(), uniqueHash(), uniqueHash()];
    const ip = "2001:DB8:0:0:0:0:0:7";
    expectDone(await send(r.t, negativeAdd, r.reviewer, { item: "name", values: `${last}&${first}` }));
    expectDone(await send(r.t, negativeAdd, r.reviewer, { item: "mail", values: `${account}&example.jp` }));
    expectDone(await send(r.t, negativeAdd, r.reviewer, { item: "ipaddressv6", values: ip }));
    const found = async (search: object) =>
      expectDone<Page>(await send(r.t, negativeSearch, r.viewer, { search })).entries.map((row) => row.value);
    expect(await found({ item: "name", values: `${last.toLowerCase()}&${first}` })).toEqual([
      `${last}&${first}`,
    ]);
    expect((await found({ item: "mail", values: account }))[0]).toMatch(
      new RegExp(`^${account}&[0-9A-F]{64}$`),
    );
    expect(await found({ item: "ipaddressv6", values: "2001:db8::7" })).toEqual(["2001:db8::7"]);
    const today = new Date(r.t.clock.now().getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    expect(
      await found({ item: "ipaddressv6", values: "2001:db8::7", updatedFrom: today, updatedTo: today }),
    ).toHaveLength(1);
    expect(await found({ item: "ipaddressv6", values: "2001:db8::7", updatedTo: "2020-01-01" })).toEqual([]);
  });

  it("validates with the spec's limits, each bad line with its number", async () => {
    const refused = async (telegram: unknown) =>
      expectRefusal(await send(r.t, negativeAdd, r.reviewer, telegram), ERROR.validation).map((error) => [
        error.field,
        error.message,
      ]);
    expect(await refused({ item: "", values: "0312345678" })).toEqual([
      ["telegram.item", "Item type is required."],
    ]);
    expect(await refused({ item: "tel", values: "\n \n" })).toEqual([
      ["telegram.values", "Value is required."],
    ]);
    expect(await refused({ item: "tel", values: `0312345678\n${"1".repeat(21)}\nabc` })).toEqual([
      ["telegram.values", "Line 2: Max 20 characters."],
      ["telegram.values", "Line 3: not a valid value of this item."],
    ]);
    expect(await refused({ item: "address", values: "あ".repeat(201) })).toEqual([
      ["telegram.values", "Line 1: Max 200 characters."],
    ]);
    expect(await refused({ item: "cookie", values: "c".repeat(501) })).toEqual([
      ["telegram.values", "Line 1: Max 500 characters."],
    ]);
    expect(await refused({ item: "ipaddress", values: "10.0.0.256" })).toEqual([
      ["telegram.values", "Line 1: not a valid value of this item."],
    ]);
    expect(await refused({ item: "name", values: `${uniqueHash()}&abc` })).toEqual([
      ["telegram.values", "Line 1: not a valid value of this item."],
    ]);
    expect(await refused({ item: "mail", values: uniqueHash() })).toEqual([
      ["telegram.values", "Line 1: not a valid value of this item."],
    ]);
    expect(
      await refused({ item: "tel", values: Array.from({ length: 1_001 }, () => "0312345678").join("\n") }),
    ).toEqual([["telegram.values", "Up to 1000 values can be entered."]]);
    const search = await send(r.t, negativeSearch, r.viewer, { search: { values: "0312345678" } });
    expect(expectRefusal(search, ERROR.validation).map((error) => error.field)).toEqual([
      "telegram.search.item",
    ]);
  });

  it("refuses a viewer's writes with 962", async () => {
    expectRefusal(
      await send(r.t, negativeAdd, r.viewer, { item: "tel", values: "0312345678" }),
      ERROR.forbidden,
    );
    expectRefusal(
      await send(r.t, negativeDelete, r.viewer, { kind: "ids", negativeIds: ["1"] }),
      ERROR.forbidden,
    );
    expectRefusal(await send(r.t, negativeDetailDelete, r.viewer, { negativeId: "1" }), ERROR.forbidden);
  });
});
