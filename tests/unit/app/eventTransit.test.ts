import { describe, expect, it } from "vitest";
import {
  detailPath,
  listPath,
  listReturn,
  readListForDetail,
  rememberListForDetail,
  rememberShownEvent,
} from "../../../src/app/screens/event/eventTransit.ts";
import { getTransit, setTransit } from "../../../src/client/transit.ts";
import { EMPTY_DETAIL_SEARCH, type EventSearch, searchFromQuery } from "../../../src/contract/eventSearch.ts";
import { memoryStorage } from "../client/memoryStorage.ts";

const quick: EventSearch = { mode: "0", q: "E1 E2" };
const detail: EventSearch = {
  ...EMPTY_DETAIL_SEARCH,
  aaresult: ["NG", "HOLD"],
  createdFromDate: "2026-01-05",
  createdFromTime: "09:00",
};

describe("event list -> detail transit", () => {
  it("links a detail by its event ID, encoded", () => {
    expect(detailPath("E20260105ABC")).toBe("/EventDetail?eventId=E20260105ABC");
    expect(detailPath("a b&c")).toBe("/EventDetail?eventId=a+b%26c");
  });

  it("puts the search in the list's URL so that it reads back the same", () => {
    for (const search of [quick, detail]) {
      const url = listPath(search);
      expect(url.startsWith("/EventList?mode=")).toBe(true);
      expect(searchFromQuery(new URLSearchParams(url.split("?")[1]))).toEqual(search);
    }
  });

  it("hands the detail the search, the list's URL and the scroll offset, from the list only", () => {
    const storage = memoryStorage();
    expect(readListForDetail(storage)).toBeNull();
    rememberListForDetail(detail, 1234.5, storage);
    expect(getTransit("/EventDetail", storage)?.referrer).toBe("/EventList");
    expect(readListForDetail(storage)).toEqual({
      search: detail,
      scrollOffset: 1234.5,
      listUrl: listPath(detail),
    });

    // Another screen's entry for the detail is not a list context.
    setTransit(
      "/EventDetail",
      { search: detail, scrollOffset: 0, listUrl: listPath(detail) },
      "/EventDetail",
      storage,
    );
    expect(readListForDetail(storage)).toBeNull();
    // Nor is a tampered one.
    setTransit(
      "/EventDetail",
      { search: { mode: "9" }, scrollOffset: -1, listUrl: "//evil" },
      "/EventList",
      storage,
    );
    expect(readListForDetail(storage)).toBeNull();
  });

  it("restores the scroll offset and focuses the event shown last, only for the search the detail was opened from", () => {
    const storage = memoryStorage();
    rememberListForDetail(quick, 720, storage);
    expect(listReturn(quick, storage)).toEqual({ scrollOffset: 720, focusEventId: null });
    rememberShownEvent("E1", storage);
    rememberShownEvent("E2", storage);
    expect(listReturn(quick, storage)).toEqual({ scrollOffset: 720, focusEventId: "E2" });
    expect(listReturn({ mode: "0", q: "E3" }, storage)).toEqual({ scrollOffset: 0, focusEventId: null });
    // Opening a row anew starts afresh.
    rememberListForDetail(quick, -5, storage);
    expect(listReturn(quick, storage)).toEqual({ scrollOffset: 0, focusEventId: null });
  });

  it("remembers no shown event for a detail opened directly (no list to go back to)", () => {
    const storage = memoryStorage();
    rememberShownEvent("E1", storage);
    expect(readListForDetail(storage)).toBeNull();
    expect(getTransit("/EventDetail", storage)).toBeNull();
  });
});
