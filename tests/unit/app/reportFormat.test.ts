import { describe, expect, it } from "vitest";
import {
  formatChange,
  formatCount,
  formatRate,
  formatRateChange,
  periodLabel,
  TALLY_COLUMNS,
  tallyOf,
} from "../../../src/app/features/report/reportFormat.ts";
import { REPORT_CSV_COLUMNS, type ReportFigures } from "../../../src/contract/report.ts";

const tally = (count: number) => ({ count, amount: count * 100 + 1 });
const figures: ReportFigures = {
  screened: tally(1),
  auto: { ok: tally(2), ng: tally(3), hold: tally(4), review: tally(5) },
  manual: { ok: tally(6), ng: tally(7), hold: tally(8), none: tally(9) },
  negative: { ok: tally(10), review: tally(11), ng: tally(12) },
  captureRate: 0.5,
};

describe("report formatting", () => {
  it("shows the capture rate as a percentage to one decimal, a dash without a denominator", () => {
    expect(formatRate(0.75)).toBe("75.0%");
    expect(formatRate(2 / 3)).toBe("66.7%");
    expect(formatRate(1)).toBe("100.0%");
    expect(formatRate(0)).toBe("0.0%");
    expect(formatRate(null)).toBe("-");
  });

  it("signs a change against the previous period, with a true minus and grouping", () => {
    expect(formatChange(3, "en")).toBe("+3");
    expect(formatChange(-1234, "en")).toBe("−1,234");
    expect(formatChange(0, "ja")).toBe("±0");
    expect(formatRateChange(0.5, 0.25)).toBe("+25.0pt");
    expect(formatRateChange(0.25, 0.5)).toBe("−25.0pt");
    expect(formatRateChange(0.5, null)).toBeNull();
    expect(formatCount(1234567, "ja")).toBe("1,234,567");
  });

  it("shows periods as the spec's dates", () => {
    expect(periodLabel("2026-11")).toBe("2026/11");
    expect(periodLabel("2026-11-30")).toBe("2026/11/30");
  });

  it("reads each column's own tally, in the CSV's column order", () => {
    expect(TALLY_COLUMNS.map((column) => tallyOf(figures, column).count)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    // The table's columns are the CSV's count columns, in the same order.
    expect(
      REPORT_CSV_COLUMNS.filter((column) => (TALLY_COLUMNS as readonly string[]).includes(column)),
    ).toEqual([...TALLY_COLUMNS]);
  });
});
