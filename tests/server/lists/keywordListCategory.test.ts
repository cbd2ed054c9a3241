import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keywordList } from "../../../src/contract/keywords.ts";
import { DEMO_KEYWORDS } from "../../../src/server/seed/demoLists.ts";
import { DEMO_KEYWORD_CATEGORY } from "../../../src/server/seed/demoRules.ts";
import { expectDone, openReviewApp, type ReviewApp, send } from "../eventDetailHarness.ts";
import { testBackends } from "../helpers/testBackends.ts";

interface Listed {
  category: { name: string; target: string } | null;
  keywords: { keyword: string }[];
}

describe.each(testBackends())("a keyword list names its category (%s)", (backend) => {
  let r: ReviewApp;

  beforeAll(async () => {
    r = await openReviewApp(backend);
  }, 120_000);

  afterAll(async () => {
    await r?.close();
  });

  it("answers the tenant's category with the list, null for a category it does not have", async () => {
    const itemName = DEMO_KEYWORDS.find((c) => c.categoryId === DEMO_KEYWORD_CATEGORY.itemName);
    const listed = expectDone<Listed>(
      await send(r.t, keywordList, r.viewer, { categoryId: DEMO_KEYWORD_CATEGORY.itemName }),
    );
    expect(listed.category).toEqual({ name: itemName?.name, target: "itemName" });
    expect(listed.keywords.map((row) => row.keyword).sort()).toEqual([...(itemName?.keywords ?? [])].sort());

    const unknown = await send(r.t, keywordList, r.viewer, { categoryId: "NO_SUCH_CATEGORY" });
    expect(expectDone<Listed>(unknown)).toEqual({ category: null, keywords: [] });
    expect(JSON.stringify(unknown.json().messages)).toContain("676");
  });
});
