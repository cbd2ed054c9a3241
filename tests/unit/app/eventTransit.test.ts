import { describe, expect, it } from "vitest";
import type { ListPosition } from "../../../machines/event/eventSearchMachine.ts";
import { type ListSelection, NO_SELECTION } from "../../../machines/event/eventSelection.ts";
import {
  detailPath,
  listPath,
  listReturn,
  markListReturned,
  readListForDetail,
  rememberListForDetail,
  rememberShownEvent,
} from "../../../src/app/features/event/eventTransit.ts";
import { getTransit, setTransit } from "../../../src/client/transit.ts";
import { EMPTY_DETAIL_SEARCH, type EventSearch, readSearchQuery } from "../../../src/contract/eventSearch.ts";
import { memoryStorage } from "../client/memoryStorage.ts";

const quick: EventSearch = { mode: "0", q: "E1 E2" };
const pageOne = { pageSize: 200, cursors: [null] } satisfies ListPosition;
const pageThree = { pageSize: 50, cursors: [null, "c2", "c3"] } satisfies ListPosition;
const ticked: ListSelection = {
  kind: "ids",
  rows: [
    { eventId: "E3", modelId: "MODEL01" },
    { eventId: "E9", modelId: "MODEL01" },
  ],
};
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
      expect(readSearchQuery(new URLSearchParams(url.split("?")[1]))).toEqual({ valid: true, search });
    }
  });

  it("hands the detail the search, the list's URL and the scroll offset, from the list only", () => {
    const storage = memoryStorage();
    expect(readListForDetail(storage)).toBeNull();
    rememberListForDetail(detail, pageThree, 1234.5, ticked, { eventId: "E7", index: 12 }, storage);
    expect(getTransit("/EventDetail", storage)?.referrer).toBe("/EventList");
    expect(readListForDetail(storage)).toEqual({
      search: detail,
      position: pageThree,
      scrollOffset: 1234.5,
      selection: ticked,
      listUrl: listPath(detail),
      shownEventId: "E7",
      openedIndex: 12,
    });

    // Another screen's entry for the detail is not a list context.
    setTransit(
      "/EventDetail",
      { search: detail, position: pageOne, scrollOffset: 0, listUrl: listPath(detail) },
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
    // Nor one whose ticks are not a selection the list can hold.
    for (const selection of [
      { kind: "ids", rows: [{ eventId: "E1" }] },
      { kind: "ids", rows: Array.from({ length: 20_001 }, (_, i) => ({ eventId: `E${i}`, modelId: "M" })) },
      { kind: "search", search: quick, count: -1, modelId: "M", until: "x", excludedEventIds: [] },
      { kind: "all" },
    ]) {
      setTransit(
        "/EventDetail",
        { search: quick, position: pageOne, scrollOffset: 0, selection, listUrl: listPath(quick) },
        "/EventList",
        storage,
      );
      expect(readListForDetail(storage), JSON.stringify(selection).slice(0, 80)).toBeNull();
    }
    // Nor one whose page is not a page of the list: another size, page 1 with a cursor, a later one without.
    for (const position of [
      { pageSize: 30, cursors: [null] },
      { pageSize: 200, cursors: ["c1"] },
      { pageSize: 200, cursors: [null, null] },
      { pageSize: 200, cursors: [] },
    ]) {
      setTransit(
        "/EventDetail",
        { search: quick, position, scrollOffset: 0, listUrl: listPath(quick) },
        "/EventList",
        storage,
      );
      expect(readListForDetail(storage), JSON.stringify(position)).toBeNull();
    }
  });

  it("restores the page, the scroll offset, the ticked rows and focuses the event shown last, only for the search the detail was opened from", () => {
    const storage = memoryStorage();
    // The row opened is focused even when the detail is left before it has loaded.
    rememberListForDetail(quick, pageThree, 720, ticked, { eventId: "E0", index: 20 }, storage);
    expect(listReturn(quick, storage)).toEqual({
      position: pageThree,
      scrollOffset: 720,
      selection: ticked,
      focus: { eventId: "E0", index: 20 },
    });
    rememberShownEvent("E1", storage);
    rememberShownEvent("E2", storage);
    // The event shown last, or failing that the opened row's place (index) on the page.
    expect(listReturn(quick, storage)).toEqual({
      position: pageThree,
      scrollOffset: 720,
      selection: ticked,
      focus: { eventId: "E2", index: 20 },
    });
    expect(listReturn({ mode: "0", q: "E3" }, storage)).toEqual({
      position: null,
      scrollOffset: 0,
      selection: null,
      focus: null,
    });
    // Opening a row anew starts afresh.
    rememberListForDetail(quick, pageOne, -5, NO_SELECTION, { eventId: "E5", index: 0 }, storage);
    expect(listReturn(quick, storage)).toEqual({
      position: pageOne,
      scrollOffset: 0,
      selection: NO_SELECTION,
      focus: { eventId: "E5", index: 0 },
    });
  });

  it("comes back to the place once; shown again (the browser's Forward), the detail makes it the way back again", () => {
    const storage = memoryStorage();
    const back = {
      position: pageThree,
      scrollOffset: 720,
      selection: NO_SELECTION,
      focus: { eventId: "E1", index: 4 },
    };
    const none = { position: null, scrollOffset: 0, selection: null, focus: null };
    rememberListForDetail(quick, pageThree, 720, NO_SELECTION, { eventId: "E1", index: 4 }, storage);
    rememberShownEvent("E1", storage);
    expect(listReturn(quick, storage)).toEqual(back);
    markListReturned(storage);
    // A reload of the list (paged elsewhere meanwhile) opens it as any list opens.
    expect(listReturn(quick, storage)).toEqual(none);
    // The detail still knows its list (previous / next, Back).
    expect(readListForDetail(storage)?.search).toEqual(quick);
    rememberShownEvent("E1", storage);
    expect(listReturn(quick, storage)).toEqual(back);
  });

  it("remembers no shown event for a detail opened directly (no list to go back to)", () => {
    const storage = memoryStorage();
    rememberShownEvent("E1", storage);
    expect(readListForDetail(storage)).toBeNull();
    expect(getTransit("/EventDetail", storage)).toBeNull();
  });
});
