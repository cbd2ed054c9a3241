import { describe, expect, it } from "vitest";
import { resourcesEn } from "../../../src/app/i18n/resourcesEn.ts";
import { resourcesJa } from "../../../src/app/i18n/resourcesJa.ts";
import { titleFormat } from "../../../src/app/shell/titleFormat.ts";

describe("page title formats (spec section 1)", () => {
  it("picks the checker title for division 20, the product title for 10, the default signed out", () => {
    expect(titleFormat("20")).toBe("checker");
    expect(titleFormat("10")).toBe("product");
    expect(titleFormat(null)).toBe("default");
  });

  it("words the default and checker titles as the spec does", () => {
    expect(resourcesEn.common.title.default).toBe("{screen} | Fraud screening system");
    expect(resourcesJa.common.title.default).toBe("{screen} | 不正検知システム");
    expect(resourcesEn.common.title.checker).toBe("{screen} | Fraud checker");
    expect(resourcesJa.common.title.checker).toBe("{screen} | 不正チェッカー");
  });
});
