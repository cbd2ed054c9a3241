import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  type CountTotalOutcome,
  type EventSearchInput,
  EXCLUDED_SELECTION_LIMIT_REFUSAL,
  eventSearchMachine,
  HAND_SELECTION_LIMIT_REFUSAL,
  type LoadPageInput,
  type LoadPageOutcome,
  MULTIPLE_MODELS_REFUSAL,
  type SelectAllOutcome,
} from "../../../machines/event/eventSearchMachine.ts";
import { isRowSelected, selectedCount, selectionForCall } from "../../../machines/event/eventSelection.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import {
  EMPTY_DETAIL_SEARCH,
  EVENT_ID_SELECTION_LIMIT,
  type EventListRow,
  type EventSearch,
  eventSelectionSchema,
} from "../../../src/contract/eventSearch.ts";
import { settle } from "../support/settle.ts";
import {
  allSelected,
  callThrew,
  countedCapped,
  countRefused,
  fullPages,
  invalidSearch,
  mixedLoaded,
  mixedPage,
  multipleModels,
  noMatch,
  quickSearch,
  resumeAtPage2,
  singleModelLoaded,
  tooManyRows,
} from "../walks/eventSearchWalk.ts";

interface Fakes {
  page?: (input: LoadPageInput) => Promise<LoadPageOutcome>;
  selectAll?: (search: EventSearch) => Promise<SelectAllOutcome>;
  count?: (search: EventSearch) => Promise<CountTotalOutcome>;
}

function startList(fakes: Fakes = {}, input: EventSearchInput = {}) {
  const calls: string[] = [];
  const machine = eventSearchMachine.provide({
    actors: {
      loadPage: fromPromise<LoadPageOutcome, LoadPageInput>(({ input }) => {
        calls.push(`page ${input.pageSize} ${input.cursor ?? "first"}`);
        return (fakes.page ?? (async () => mixedLoaded))(input);
      }),
      selectAll: fromPromise<SelectAllOutcome, { search: EventSearch }>(({ input }) => {
        calls.push("selectAll");
        return (fakes.selectAll ?? (async () => allSelected))(input.search);
      }),
      countTotal: fromPromise<CountTotalOutcome, { search: EventSearch }>(({ input }) => {
        calls.push("count");
        return (fakes.count ?? (async () => countedCapped))(input.search);
      }),
    },
  });
  return { actor: createActor(machine, { input }).start(), calls };
}

async function searched(fakes: Fakes = {}) {
  const started = startList(fakes);
  started.actor.send({ type: "search.submit", search: quickSearch });
  await settle();
  return started;
}

const refusalOf = (outcome: CountTotalOutcome) => (outcome.ok ? [] : outcome.errors);

describe("eventSearchMachine", () => {
  it("searches page 1 at the default 200 per page, busy meanwhile", async () => {
    const { actor, calls } = startList();
    actor.send({ type: "search.submit", search: quickSearch });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toMatchObject({ list: { results: "browsing" } });
    expect(actor.getSnapshot().context.page?.rows.map((row) => row.eventId)).toEqual(["E1", "E2", "E3"]);
    expect(calls).toEqual(["page 200 first", "count"]);
  });

  it("starts at the page size it is given (the one chosen last in this browser)", async () => {
    const { actor, calls } = startList({}, { pageSize: 50 });
    actor.send({ type: "search.submit", search: quickSearch });
    await settle();
    expect(calls).toEqual(["page 50 first", "count"]);
    expect(actor.getSnapshot().context.pageSize).toBe(50);
  });

  it("shows the rows before the total arrives, then the total; later pages do not count again", async () => {
    let finishCount: (outcome: CountTotalOutcome) => void = () => undefined;
    const { actor, calls } = await searched({
      count: () => new Promise((resolve) => (finishCount = resolve)),
    });
    expect(actor.getSnapshot().value).toEqual({ list: { results: "browsing" }, total: "counting" });
    expect(actor.getSnapshot().context.page?.rows).toHaveLength(3);
    expect(actor.getSnapshot().context.total).toBeNull();
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    finishCount(countedCapped);
    await settle();
    expect(actor.getSnapshot().context.total).toEqual({ total: 150_000, totalCapped: true });
    actor.send({ type: "page.next" });
    await settle();
    expect(actor.getSnapshot().value).toMatchObject({ total: "counted" });
    expect(actor.getSnapshot().context.total).toEqual({ total: 150_000, totalCapped: true });
    expect(calls).toEqual(["page 200 first", "count", "page 200 cursor-2"]);
  });

  it("a failed count keeps the rows and can be asked again", async () => {
    let answer: () => Promise<CountTotalOutcome> = async () => countRefused;
    const { actor, calls } = await searched({ count: () => answer() });
    expect(actor.getSnapshot().value).toEqual({ list: { results: "browsing" }, total: "failed" });
    expect(actor.getSnapshot().context.countErrors).toEqual(refusalOf(countRefused));
    expect(actor.getSnapshot().context.page?.rows).toHaveLength(3);
    answer = async () => {
      throw callThrew;
    };
    actor.send({ type: "count.retry" });
    await settle();
    expect(actor.getSnapshot().context.countErrors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    answer = async () => countedCapped;
    actor.send({ type: "count.retry" });
    expect(actor.getSnapshot().context.countErrors).toEqual([]);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ list: { results: "browsing" }, total: "counted" });
    expect(calls).toEqual(["page 200 first", "count", "count", "count"]);
  });

  it("a new search cancels a running count, and 676 on the first page stops it", async () => {
    const pending: ((outcome: CountTotalOutcome) => void)[] = [];
    let page = async (): Promise<LoadPageOutcome> => mixedLoaded;
    const { actor } = await searched({
      page: () => page(),
      count: () => new Promise((resolve) => pending.push(resolve)),
    });
    actor.send({ type: "search.submit", search: { mode: "0", q: "E9" } });
    await settle();
    // The first search's count answers late: the second search's total is not taken from it.
    pending[0]?.(countedCapped);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ list: { results: "browsing" }, total: "counting" });
    expect(actor.getSnapshot().context.total).toBeNull();
    page = async () => noMatch;
    actor.send({ type: "search.submit", search: { mode: "0", q: "NONE" } });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ list: "empty", total: "idle" });
    pending[2]?.(countedCapped);
    await settle();
    expect(actor.getSnapshot().context.total).toBeNull();
    expect(pending).toHaveLength(3);
  });

  it("ignores a search the contract's schema refuses (the form checks before it submits)", () => {
    const { actor, calls } = startList();
    actor.send({ type: "search.submit", search: { ...EMPTY_DETAIL_SEARCH, eventId: "x".repeat(48) } });
    expect(actor.getSnapshot().value).toEqual({ list: "idle", total: "idle" });
    expect(calls).toEqual([]);
  });

  it("runs nothing for a search that is not valid (a URL edited by hand): nothing shown or counted", async () => {
    const { actor, calls } = await searched();
    actor.send({ type: "row.toggle", eventId: "E1" });
    actor.send(invalidSearch);
    expect(actor.getSnapshot().value).toEqual({ list: "invalid", total: "idle" });
    const { page, total, selection, errors } = actor.getSnapshot().context;
    expect({ page, total, selectedCount: selectedCount(selection), errors }).toEqual({
      page: null,
      total: null,
      selectedCount: 0,
      errors: [],
    });
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(calls).toEqual(["page 200 first", "count"]);
    // A valid search afterwards runs as usual.
    actor.send({ type: "search.submit", search: quickSearch });
    await settle();
    expect(actor.getSnapshot().value).toMatchObject({ list: { results: "browsing" } });
  });

  it("starts at the page and page size it is given (back from a detail), then pages from there", async () => {
    const { actor, calls } = startList();
    actor.send({ ...resumeAtPage2 });
    await settle();
    expect(actor.getSnapshot().value).toMatchObject({ list: { results: "browsing" } });
    expect(actor.getSnapshot().context.pageSize).toBe(500);
    actor.send({ type: "page.previous" });
    await settle();
    expect(calls).toEqual(["page 500 cursor-2", "count", "page 500 first"]);
    // A new search keeps the page size and starts at page 1.
    actor.send({ type: "search.submit", search: { mode: "0", q: "E9" } });
    await settle();
    expect(calls.at(-2)).toBe("page 500 first");
  });

  it("comes back from a detail with the rows ticked then; a new search starts with none", async () => {
    const { actor } = startList();
    const ticked = { kind: "ids", rows: [{ eventId: "E2", modelId: "MODEL01" }] } as const;
    actor.send({ ...resumeAtPage2, selection: ticked });
    await settle();
    expect(actor.getSnapshot().context.selection).toEqual(ticked);
    actor.send({ type: "search.submit", search: { mode: "0", q: "E9" } });
    await settle();
    expect(selectedCount(actor.getSnapshot().context.selection)).toBe(0);
  });

  it("takes another page size while a page loads: the load is dropped and the new size searched", async () => {
    const finish: ((outcome: LoadPageOutcome) => void)[] = [];
    const { actor, calls } = startList({ page: () => new Promise((resolve) => finish.push(resolve)) });
    actor.send({ type: "search.submit", search: quickSearch });
    actor.send({ type: "page.size", pageSize: 50 });
    expect(actor.getSnapshot().value).toMatchObject({ list: "searching" });
    finish[0]?.(singleModelLoaded);
    finish[1]?.(mixedLoaded);
    await settle();
    expect(calls.filter((call) => call.startsWith("page"))).toEqual(["page 200 first", "page 50 first"]);
    expect(actor.getSnapshot().context.page?.rows.map((row) => row.eventId)).toEqual(["E1", "E2", "E3"]);
  });

  it("searches page 1 when the page it starts at is gone (676 after page 1)", async () => {
    const { actor, calls } = startList({
      page: async (input) => (input.cursor === null ? mixedLoaded : noMatch),
    });
    actor.send({ ...resumeAtPage2 });
    await settle();
    expect(actor.getSnapshot().value).toMatchObject({ list: { results: "browsing" } });
    expect(actor.getSnapshot().context.cursors).toEqual([null]);
    expect(actor.getSnapshot().context.page?.rows.map((row) => row.eventId)).toEqual(["E1", "E2", "E3"]);
    expect(calls.filter((call) => call.startsWith("page"))).toEqual(["page 500 cursor-2", "page 500 first"]);
  });

  it("pages forward with the previous page's cursor and back over the stack; a page size restarts", async () => {
    let answer = mixedLoaded;
    const { actor, calls } = await searched({ page: async () => answer });
    expect(actor.getSnapshot().can({ type: "page.previous" })).toBe(false);
    answer = singleModelLoaded;
    actor.send({ type: "page.next" });
    await settle();
    expect(actor.getSnapshot().context.cursors).toEqual([null, "cursor-2"]);
    expect(actor.getSnapshot().can({ type: "page.next" })).toBe(false);
    answer = mixedLoaded;
    actor.send({ type: "page.previous" });
    await settle();
    expect(actor.getSnapshot().context.cursors).toEqual([null]);
    actor.send({ type: "page.next" });
    await settle();
    actor.send({ type: "page.size", pageSize: 50 });
    await settle();
    expect(actor.getSnapshot().context.cursors).toEqual([null]);
    expect(calls).toEqual([
      "page 200 first",
      "count",
      "page 200 cursor-2",
      "page 200 first",
      "page 200 cursor-2",
      "page 50 first",
    ]);
  });

  it("shows 676 as the empty state and a failure as the error state", async () => {
    const empty = await searched({ page: async () => noMatch });
    expect(empty.actor.getSnapshot().value).toEqual({ list: "empty", total: "idle" });
    expect(empty.actor.getSnapshot().context.errors.map((error) => error.code)).toEqual([ERROR.noDataFound]);

    const failing = await searched({
      page: async () => {
        throw callThrew;
      },
    });
    expect(failing.actor.getSnapshot().value).toEqual({ list: "error", total: "idle" });
    expect(failing.actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
  });

  it("keeps the page shown, where it stands, and its ticks when another page or page size fails outright", async () => {
    let fail = false;
    const { actor, calls } = await searched({
      page: async () => {
        if (fail) throw callThrew;
        return mixedLoaded;
      },
    });
    const context = () => actor.getSnapshot().context;
    actor.send({ type: "row.toggle", eventId: "E1" });
    fail = true;
    for (const leave of [{ type: "page.next" }, { type: "page.size", pageSize: 50 }] as const) {
      actor.send(leave);
      await settle();
      expect(actor.getSnapshot().value).toEqual({ list: { results: "browsing" }, total: "counted" });
      expect(context().page?.rows.map((row) => row.eventId)).toEqual(["E1", "E2", "E3"]);
      expect({ pageSize: context().pageSize, cursors: context().cursors }).toEqual({
        pageSize: 200,
        cursors: [null],
      });
      expect(context().errors).toEqual([{ code: ERROR.internalFailure, message: "network down" }]);
      expect(selectedCount(context().selection)).toBe(1);
    }
    // The network back, the next page shows and the failure goes; the tick is kept.
    fail = false;
    actor.send({ type: "page.next" });
    await settle();
    expect(context().cursors).toEqual([null, "cursor-2"]);
    expect(context().errors).toEqual([]);
    expect(selectedCount(context().selection)).toBe(1);
    expect(calls).toEqual([
      "page 200 first",
      "count",
      "page 200 cursor-2",
      "page 50 first",
      "page 200 cursor-2",
    ]);
  });

  it("refuses a hand-made selection across screening models and keeps the count of the rest", async () => {
    const { actor } = await searched();
    actor.send({ type: "row.toggle", eventId: "E1" });
    actor.send({ type: "row.toggle", eventId: "E3" });
    expect(actor.getSnapshot().context.selectionErrors).toEqual([MULTIPLE_MODELS_REFUSAL]);
    expect(selectedCount(actor.getSnapshot().context.selection)).toBe(1);
    actor.send({ type: "page.select" });
    expect(selectedCount(actor.getSnapshot().context.selection)).toBe(1);
    actor.send({ type: "row.toggle", eventId: "E2" });
    expect(actor.getSnapshot().context.selectionErrors).toEqual([]);
    expect(selectionForCall(actor.getSnapshot().context.selection)).toEqual({
      kind: "ids",
      eventIds: ["E1", "E2"],
    });
  });

  it("selects every row of a one-model page, keeps it across pages and clears it", async () => {
    let answer = singleModelLoaded;
    const { actor } = await searched({ page: async () => answer });
    actor.send({ type: "page.select" });
    expect(selectedCount(actor.getSnapshot().context.selection)).toBe(2);
    answer = mixedLoaded;
    actor.send({ type: "page.size", pageSize: 100 });
    await settle();
    expect(selectedCount(actor.getSnapshot().context.selection)).toBe(2);
    actor.send({ type: "selection.clear" });
    expect(selectedCount(actor.getSnapshot().context.selection)).toBe(0);
    expect(actor.getSnapshot().can({ type: "selection.clear" })).toBe(false);
  });

  it("selects all search results as the server counted them, minus the rows unticked", async () => {
    const { actor, calls } = await searched();
    actor.send({ type: "all.select" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    actor.send({ type: "row.toggle", eventId: "E2" });
    expect(selectedCount(actor.getSnapshot().context.selection)).toBe(1);
    expect(selectionForCall(actor.getSnapshot().context.selection)).toEqual({
      kind: "search",
      search: quickSearch,
      excludedEventIds: ["E2"],
      until: "2026-01-05T01:02:03.000000Z",
    });
    expect(calls).toEqual(["page 200 first", "count", "selectAll"]);
  });

  it("leaves out of all search results the events screened after they were counted", async () => {
    const later = { ...mixedPage, rows: mixedPage.rows.map((row) => ({ ...row })) };
    const [newer] = later.rows;
    if (!newer) throw new Error("fixture row missing");
    newer.createdAt = "2026-01-05T01:02:03.001Z";
    const { actor } = await searched({ page: async () => ({ ok: true, result: later, messages: [] }) });
    actor.send({ type: "all.select" });
    await settle();
    const selection = () => actor.getSnapshot().context.selection;
    // Shown unticked, and neither ticked nor counted as unticked by a press.
    expect(isRowSelected(selection(), newer)).toBe(false);
    expect(isRowSelected(selection(), later.rows[1] as EventListRow)).toBe(true);
    actor.send({ type: "row.toggle", eventId: newer.eventId });
    expect(isRowSelected(selection(), newer)).toBe(false);
    expect(selectedCount(selection())).toBe(2);
    expect(selectionForCall(selection())).toMatchObject({ excludedEventIds: [] });
  });

  it("opens the split dialog above 150,000 and shows the multiple-models refusal otherwise", async () => {
    const tooMany = await searched({ selectAll: async () => tooManyRows });
    tooMany.actor.send({ type: "all.select" });
    await settle();
    expect(tooMany.actor.getSnapshot().value).toMatchObject({ list: { results: "splitDialog" } });
    expect(selectedCount(tooMany.actor.getSnapshot().context.selection)).toBe(0);
    tooMany.actor.send({ type: "split.close" });
    expect(tooMany.actor.getSnapshot().value).toMatchObject({ list: { results: "browsing" } });

    const mixed = await searched({ selectAll: async () => multipleModels });
    mixed.actor.send({ type: "all.select" });
    await settle();
    expect(mixed.actor.getSnapshot().value).toMatchObject({ list: { results: "browsing" } });
    expect(mixed.actor.getSnapshot().context.selectionErrors.map((error) => error.code)).toEqual([
      ERROR.multipleModels,
    ]);
  });

  it("refuses ticking by hand beyond the IDs one CSV call carries, pointing to select all", async () => {
    let next = 0;
    const { actor } = await searched({ page: async () => fullPages[next] ?? noMatch });
    for (let page = 0; page < EVENT_ID_SELECTION_LIMIT / 500; page++) {
      actor.send({ type: "page.select" });
      next = page + 1;
      actor.send({ type: "page.next" });
      await settle();
    }
    const context = () => actor.getSnapshot().context;
    expect(selectedCount(context().selection)).toBe(EVENT_ID_SELECTION_LIMIT);
    expect(context().selectionErrors).toEqual([]);
    // A page more, or one row more, is refused with its message; the selection is unchanged.
    actor.send({ type: "page.select" });
    expect(context().selectionErrors).toEqual([HAND_SELECTION_LIMIT_REFUSAL]);
    actor.send({ type: "row.toggle", eventId: "L40-7" });
    expect(context().selectionErrors).toEqual([HAND_SELECTION_LIMIT_REFUSAL]);
    expect(selectedCount(context().selection)).toBe(EVENT_ID_SELECTION_LIMIT);
    // What is selected is still one CSV call's worth.
    expect(eventSelectionSchema.safeParse(selectionForCall(context().selection)).success).toBe(true);
    // Unticking one makes room for one.
    next = 39;
    actor.send({ type: "page.previous" });
    await settle();
    actor.send({ type: "row.toggle", eventId: "L39-0" });
    expect(selectedCount(context().selection)).toBe(EVENT_ID_SELECTION_LIMIT - 1);
    expect(context().selectionErrors).toEqual([]);
    next = 40;
    actor.send({ type: "page.next" });
    await settle();
    actor.send({ type: "row.toggle", eventId: "L40-7" });
    expect(context().selectionErrors).toEqual([]);
    expect(selectedCount(context().selection)).toBe(EVENT_ID_SELECTION_LIMIT);
    // All search results is the way past it.
    actor.send({ type: "all.select" });
    await settle();
    expect(context().selection.kind).toBe("search");
  });

  it("refuses unticking from all search results beyond the excluded IDs one CSV call carries", () => {
    // Built directly: all 150,000 results selected with EVENT_ID_SELECTION_LIMIT of them unticked.
    const page = fullPages[0];
    if (!page?.ok) throw new Error("fixture page missing");
    const excluded = Array.from({ length: EVENT_ID_SELECTION_LIMIT }, (_, index) => `X${index}`);
    excluded[0] = "L0-0";
    const full = eventSearchMachine.resolveState({
      value: { list: { results: "browsing" }, total: "counted" },
      context: {
        ...createActor(eventSearchMachine, { input: {} }).getSnapshot().context,
        search: quickSearch,
        page: { ...page.result, position: { pageSize: 200, cursors: [null] } },
        selection: {
          kind: "search",
          search: quickSearch,
          count: 150_000,
          modelId: "MODEL01",
          until: "2026-01-05T01:02:03.000000Z",
          excludedEventIds: excluded,
        },
      },
    });
    const actor = createActor(eventSearchMachine, { snapshot: full, input: {} }).start();
    const context = () => actor.getSnapshot().context;
    expect(eventSelectionSchema.safeParse(selectionForCall(context().selection)).success).toBe(true);
    // One row more unticked is refused with its message; the selection is unchanged.
    actor.send({ type: "row.toggle", eventId: "L0-1" });
    expect(context().selectionErrors).toEqual([EXCLUDED_SELECTION_LIMIT_REFUSAL]);
    expect(selectedCount(context().selection)).toBe(150_000 - EVENT_ID_SELECTION_LIMIT);
    // Ticking an unticked row again is allowed, and makes room for one more unticked.
    actor.send({ type: "row.toggle", eventId: "L0-0" });
    expect(context().selectionErrors).toEqual([]);
    actor.send({ type: "row.toggle", eventId: "L0-1" });
    expect(context().selectionErrors).toEqual([]);
    expect(selectedCount(context().selection)).toBe(150_000 - EVENT_ID_SELECTION_LIMIT);
    expect(eventSelectionSchema.safeParse(selectionForCall(context().selection)).success).toBe(true);
    // Selecting the page ticks its rows again (fewer excluded), never refused.
    actor.send({ type: "page.select" });
    expect(context().selectionErrors).toEqual([]);
    expect(selectedCount(context().selection)).toBe(150_000 - EVENT_ID_SELECTION_LIMIT + 1);
  });

  it("opens CSV output only for a non-empty selection and closes it again", async () => {
    const { actor } = await searched();
    expect(actor.getSnapshot().can({ type: "export.open" })).toBe(false);
    actor.send({ type: "row.toggle", eventId: "E3" });
    actor.send({ type: "export.open" });
    expect(actor.getSnapshot().value).toMatchObject({ list: { results: "exporting" } });
    actor.send({ type: "export.close" });
    expect(actor.getSnapshot().value).toMatchObject({ list: { results: "browsing" } });
  });

  it("a new search drops the page and the selection", async () => {
    const { actor } = await searched();
    actor.send({ type: "row.toggle", eventId: "E1" });
    actor.send({ type: "search.submit", search: { mode: "0", q: "E9" } });
    expect(actor.getSnapshot().context.page).toBeNull();
    expect(selectedCount(actor.getSnapshot().context.selection)).toBe(0);
    await settle();
    expect(actor.getSnapshot().context.search).toEqual({ mode: "0", q: "E9" });
  });
});
