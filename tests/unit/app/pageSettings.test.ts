import { describe, expect, it } from "vitest";
import { readPageSettings } from "../../../src/app/pageSettings.ts";
import { PAGE_META } from "../../../src/contract/pageMeta.ts";

/** A document head holding the given meta tags (name -> content), as querySelector sees it. */
function head(metas: Record<string, string>): ParentNode {
  return {
    querySelector: (selector: string) => {
      const name = /^meta\[name="([^"]+)"\]$/.exec(selector)?.[1];
      if (name === undefined || !(name in metas)) return null;
      return { getAttribute: (attribute: string) => (attribute === "content" ? metas[name] : null) };
    },
  } as unknown as ParentNode;
}

describe("readPageSettings", () => {
  it("reads the environment and the FAQ address the server put into index.html", () => {
    expect(
      readPageSettings(head({ [PAGE_META.environment]: "PRD", [PAGE_META.faqUrl]: "https://faq.example/x" })),
    ).toEqual({ environment: "PRD", faqUrl: "https://faq.example/x" });
  });

  it("treats missing or malformed values as absent: no invented FAQ address, no guessed environment", () => {
    expect(readPageSettings(head({}))).toEqual({ environment: null, faqUrl: null });
    expect(
      readPageSettings(head({ [PAGE_META.environment]: "prod", [PAGE_META.faqUrl]: "http://faq.example/" })),
    ).toEqual({ environment: null, faqUrl: null });
    expect(readPageSettings(head({ [PAGE_META.faqUrl]: "javascript:alert(1)" })).faqUrl).toBeNull();
  });
});
