import { describe, expect, it } from "vitest";
import { formatCurrency, formatDate, formatDateTime } from "../../../src/app/i18n/format.ts";

describe("display formats (spec section 9)", () => {
  const afternoon = new Date(2026, 0, 5, 15, 4, 9);

  it("shows dates as YYYY/MM/DD and date-times in 24 hours", () => {
    expect(formatDate(afternoon)).toBe("2026/01/05");
    expect(formatDateTime(afternoon)).toBe("2026/01/05 15:04:09");
  });

  it("shows currency as JPY in Japanese and USD in English", () => {
    expect(formatCurrency(1234, "ja")).toMatch(/^[￥¥]1,234$/);
    expect(formatCurrency(1234, "en")).toBe("$1,234.00");
  });
});
