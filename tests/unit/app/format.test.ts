import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCurrency, formatDate, formatDateTime } from "../../../src/app/i18n/format.ts";

describe("display formats (spec section 9)", () => {
  // A browser far from Japan (Node applies a TZ set at run time): what it shows must not change.
  const machineZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "America/New_York";
  });
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });
  // 15:04:09 in Japan; 06:04:09 UTC.
  const afternoonInJapan = new Date("2026-01-05T06:04:09Z");

  it("shows dates as YYYY/MM/DD and date-times in 24 hours", () => {
    expect(formatDate(afternoonInJapan)).toBe("2026/01/05");
    expect(formatDateTime(afternoonInJapan)).toBe("2026/01/05 15:04:09");
    expect(formatDateTime(afternoonInJapan.toISOString())).toBe("2026/01/05 15:04:09");
  });

  it("shows Japan time whatever the zone of the machine: the date turns at midnight in Japan", () => {
    // 15:30 UTC on the 5th is already 00:30 on the 6th in Japan (and 10:30 on the 5th in New York).
    const pastMidnightInJapan = new Date("2026-01-05T15:30:00Z");
    expect(formatDate(pastMidnightInJapan)).toBe("2026/01/06");
    expect(formatDateTime(pastMidnightInJapan)).toBe("2026/01/06 00:30:00");
    // A summer day: Japan keeps UTC+9 (no daylight saving).
    expect(formatDateTime(new Date("2026-07-01T14:59:59Z"))).toBe("2026/07/01 23:59:59");
  });

  it("shows amounts as yen in both languages (not USD in English: docs/architecture.md)", () => {
    expect(formatCurrency(1234, "ja")).toMatch(/^[￥¥]1,234$/);
    expect(formatCurrency(1234, "en")).toBe("JPY\u00a01,234");
    expect(formatCurrency(10_000, "en")).toBe("JPY\u00a010,000");
  });
});
