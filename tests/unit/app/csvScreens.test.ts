import { describe, expect, it } from "vitest";
import { negativeTypedValues } from "../../../src/app/features/csv/CsvNegativeScreen.tsx";
import { updateTypedValues } from "../../../src/app/features/csv/CsvUpdateScreen.tsx";
import { defaultFilter } from "../../../src/app/features/csv/UploadHistoryActor.tsx";

describe("CSV screens", () => {
  it("start the history's request date range one month ago on Japan's calendar, open-ended", () => {
    // 2026-03-31 20:00 UTC is already April 1st in Japan: one month before is March 1st.
    expect(defaultFilter(new Date("2026-03-31T20:00:00Z"))).toEqual({ from: "2026-03-01", to: "" });
    expect(defaultFilter(new Date("2026-03-31T10:00:00Z"))).toEqual({ from: "2026-02-28", to: "" });
  });

  it("send IDs typed on the screen as a one-column file named by the upload type; 30 is a CSV file", () => {
    expect(updateTypedValues({ uploadType: "10" })).toEqual({ type: "10", column: "eventId" });
    expect(updateTypedValues({ uploadType: "00" })).toEqual({ type: "00", column: "shopEventId" });
    expect(updateTypedValues({ uploadType: "30" })).toBeNull();
    expect(negativeTypedValues({ uploadType: "20" })).toEqual({ type: "20", column: "shopMemberId" });
    expect(negativeTypedValues({ uploadType: "30" })).toBeNull();
  });
});
