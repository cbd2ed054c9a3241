import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TransactionInput } from "../../../src/contract/screening.ts";
import { addKeywords, deleteKeywords } from "../../../src/server/lists/keywordWrites.ts";
import { deleteNegatives, insertNegatives } from "../../../src/server/lists/negativeWrites.ts";
import { normalizeWhiteValue } from "../../../src/server/lists/whiteLookup.ts";
import { addWhiteEntries, deleteWhiteEntries } from "../../../src/server/lists/whiteWrites.ts";
import { DEMO_KEYWORD_CATEGORY } from "../../../src/server/seed/demoRules.ts";
import { freshOrder, unique } from "../eventDetailHarness.ts";
import { createTestApp, type TestApp } from "../helpers/testApp.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { type Shop, type ShopScreening, screenAsShop, shopOf } from "../screeningApi/shopClient.ts";

// Each list's write path (src/server/lists) against the next screening through the signed API.
describe.each(testBackends())("list writes reach the next screening (%s)", (backend) => {
  let t: TestApp;
  let shop: Shop;
  const by = () => ({ operatorId: null, at: t.clock.now() });

  beforeAll(async () => {
    t = await createTestApp(backend);
    shop = await shopOf(t, "DEMO");
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const screen = (input: TransactionInput) => screenAsShop(t, shop, input);
  const rules = (outcome: ShopScreening) => outcome.firedRules.map((rule) => rule.ruleCode);

  it("a negative entry hits once inserted, with its match keys, and no longer once deleted", async () => {
    const order = freshOrder();
    const tel = order.purchaser?.tel as string;
    expect(rules(await screen({ ...order, shopEventId: unique("S-") }))).not.toContain("NEG_TEL");
    const [id] = await insertNegatives(t.db, "DEMO", [{ add_type: "10", customer_type: "0", tel }]);
    const hit = await screen({ ...order, shopEventId: unique("S-") });
    expect(rules(hit)).toContain("NEG_TEL");
    expect(hit.aaresult).toBe("NG");
    // Another tenant's list is its own.
    const other = await insertNegatives(t.db, "ACME", [
      { add_type: "10", customer_type: "0", tel: unique("0") },
    ]);
    expect(await deleteNegatives(t.db, "ACME", [id as string])).toBe(0);
    expect(await deleteNegatives(t.db, "DEMO", [id as string])).toBe(1);
    expect(rules(await screen({ ...order, shopEventId: unique("S-") }))).not.toContain("NEG_TEL");
    await deleteNegatives(t.db, "ACME", other);
  });

  it("a white entry makes a negative-hit order OK, and the order is NG again once it is deleted", async () => {
    const order = freshOrder();
    const member = order.purchaser?.shopMemberId as string;
    const [id] = await insertNegatives(t.db, "DEMO", [
      { add_type: "10", customer_type: "0", tel: order.purchaser?.tel as string },
    ]);
    expect((await screen({ ...order, shopEventId: unique("S-") })).aaresult).toBe("NG");
    expect(await addWhiteEntries(t.db, "DEMO", [{ type: "shopMemberId", value: member }], by())).toEqual({
      refused: [],
    });
    expect((await screen({ ...order, shopEventId: unique("S-") })).aaresult).toBe("OK");
    // A duplicate refreshes the entry instead of failing.
    await addWhiteEntries(t.db, "DEMO", [{ type: "shopMemberId", value: member }], by());
    const stored = normalizeWhiteValue("shopMemberId", member) as string;
    expect(await deleteWhiteEntries(t.db, "DEMO", [{ type: "shopMemberId", value: stored }])).toBe(1);
    expect((await screen({ ...order, shopEventId: unique("S-") })).aaresult).toBe("NG");
    await deleteNegatives(t.db, "DEMO", [id as string]);
  });

  it("refuses a white value that normalizes to nothing, storing none of the batch", async () => {
    const member = unique("M-");
    const batch = [
      { type: "shopMemberId" as const, value: member },
      { type: "ip" as const, value: "   " },
    ];
    expect(await addWhiteEntries(t.db, "DEMO", batch, by())).toEqual({ refused: [batch[1]] });
    expect(await deleteWhiteEntries(t.db, "DEMO", [{ type: "shopMemberId", value: member }])).toBe(0);
  });

  it("a keyword of the item-name category fires its rule once added, and not once deleted", async () => {
    const keyword = unique("kw");
    const order = freshOrder({
      items: [{ shopItemId: "X-1", itemName: `特別${keyword}セット`, price: 3_300, quantity: 1 }],
    });
    expect(rules(await screen({ ...order, shopEventId: unique("S-") }))).not.toContain("KW_ITEM_CASHABLE");
    await addKeywords(t.db, "DEMO", DEMO_KEYWORD_CATEGORY.itemName, [keyword], by());
    expect(rules(await screen({ ...order, shopEventId: unique("S-") }))).toContain("KW_ITEM_CASHABLE");
    expect(await deleteKeywords(t.db, "DEMO", DEMO_KEYWORD_CATEGORY.itemName, [keyword])).toBe(1);
    expect(rules(await screen({ ...order, shopEventId: unique("S-") }))).not.toContain("KW_ITEM_CASHABLE");
  });
});
