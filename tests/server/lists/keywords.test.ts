import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR } from "../../../src/contract/errors.ts";
import {
  keywordAdd,
  keywordCategoryList,
  keywordDelete,
  keywordList,
} from "../../../src/contract/keywords.ts";
import type { TransactionInput } from "../../../src/contract/screening.ts";
import { DEMO_KEYWORD_CATEGORY } from "../../../src/server/seed/demoRules.ts";
import {
  expectDone,
  expectRefusal,
  freshOrder,
  openReviewApp,
  type ReviewApp,
  send,
  unique,
} from "../eventDetailHarness.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { type Shop, screenAsShop, shopOf } from "../screeningApi/shopClient.ts";

const itemName = DEMO_KEYWORD_CATEGORY.itemName;

describe.each(testBackends())("keyword calls (%s)", (backend) => {
  let r: ReviewApp;
  let shop: Shop;

  beforeAll(async () => {
    r = await openReviewApp(backend);
    shop = await shopOf(r.t, "DEMO");
  }, 120_000);

  afterAll(async () => {
    await r?.close();
  });

  async function fired(input: TransactionInput): Promise<string[]> {
    const outcome = await screenAsShop(r.t, shop, { ...input, shopEventId: unique("S-") });
    return outcome.firedRules.map((rule) => rule.ruleCode);
  }
  const count = async (session = r.admin) =>
    expectDone<{ categories: { categoryId: string; count: number }[] }>(
      await send(r.t, keywordCategoryList, session, {}),
    ).categories.find((category) => category.categoryId === itemName)?.count;

  it("a keyword added to the item-name category fires its rule; deleted, it no longer does", async () => {
    const keyword = unique("kw%_");
    const order = freshOrder({
      items: [{ shopItemId: "X-1", itemName: `特別${keyword}セット`, price: 3_300, quantity: 1 }],
    });
    const before = await count();
    const acmeBefore = await count(r.acme);
    expect(await fired(order)).not.toContain("KW_ITEM_CASHABLE");
    const added = await send(r.t, keywordAdd, r.admin, {
      categoryId: itemName,
      keywords: `${keyword}\n\n${keyword}`,
    });
    expect(expectDone(added)).toEqual({ added: 1 });
    expect(JSON.stringify(added.json().messages)).toContain("001");
    expect(await count()).toBe((before ?? 0) + 1);
    expect(await fired(order)).toContain("KW_ITEM_CASHABLE");

    const listed = expectDone<{ keywords: { keyword: string; updatedBy: string | null }[] }>(
      await send(r.t, keywordList, r.viewer, { categoryId: itemName, prefix: keyword.slice(0, 6) }),
    );
    expect(listed.keywords.map((row) => row.keyword)).toEqual([keyword]);
    // % and _ are literal in the prefix search too.
    const wild = await send(r.t, keywordList, r.viewer, { categoryId: itemName, prefix: "%" });
    expect(expectDone<{ keywords: unknown[] }>(wild).keywords).toEqual([]);

    // Another tenant neither sees nor deletes it.
    expect(await count(r.acme)).toBe(acmeBefore);
    expect(
      expectDone(await send(r.t, keywordDelete, r.acme, { categoryId: itemName, keywords: [keyword] })),
    ).toEqual({
      deleted: 0,
    });
    expect(
      expectDone(await send(r.t, keywordDelete, r.admin, { categoryId: itemName, keywords: [keyword] })),
    ).toEqual({
      deleted: 1,
    });
    expect(await fired(order)).not.toContain("KW_ITEM_CASHABLE");
  });

  it("validates with the spec's messages and refuses a category of another tenant", async () => {
    const refused = async (telegram: unknown) =>
      expectRefusal(await send(r.t, keywordAdd, r.admin, telegram), ERROR.validation).map(
        (error) => error.message,
      );
    expect(await refused({ categoryId: itemName, keywords: "a\n".repeat(1_001) })).toEqual([
      "You cannot register more than 1000 items at a time.",
    ]);
    expect(await refused({ categoryId: itemName, keywords: "x".repeat(101) })).toEqual([
      "A keyword that exceeds the maximum number of characters that can be registered 100 is included.",
    ]);
    expect(await refused({ categoryId: itemName, keywords: "ok\n%_%" })).toEqual([
      "Keywords composed only of '%' or '_' cannot be registered.",
    ]);
    expect(await refused({ categoryId: "no-such-category", keywords: "ok" })).toHaveLength(1);
  });

  it("lets a viewer and a reviewer read but not write (962)", async () => {
    expectDone(await send(r.t, keywordList, r.reviewer, { categoryId: itemName }));
    for (const session of [r.viewer, r.reviewer]) {
      expectRefusal(
        await send(r.t, keywordAdd, session, { categoryId: itemName, keywords: "x" }),
        ERROR.forbidden,
      );
      expectRefusal(
        await send(r.t, keywordDelete, session, { categoryId: itemName, keywords: ["x"] }),
        ERROR.forbidden,
      );
    }
  });
});
