import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  eventSearchMachine,
  type LoadPageInput,
  type LoadPageOutcome,
  MULTIPLE_MODELS_REFUSAL,
  type SelectAllOutcome,
} from "../../../machines/event/eventSearchMachine.ts";
import { selectedCount, selectionForCall } from "../../../machines/event/eventSelection.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { EMPTY_DETAIL_SEARCH, type EventSearch } from "../../../src/contract/eventSearch.ts";
import { settle } from "../support/settle.ts";
import {
  allSelected,
  callThrew,
  mixedLoaded,
  multipleModels,
  noMatch,
  quickSearch,
  singleModelLoaded,
  tooManyRows,
} from "../walks/eventSearchWalk.ts";

interface Fakes {
  page?: (input: LoadPageInput) => Promise<LoadPageOutcome>;
  selectAll?: (search: EventSearch) => Promise<SelectAllOutcome>;
}

function startList(fakes: Fakes = {}) {
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
    },
  });
  return { actor: createActor(machine).start(), calls };
}

async function searched(fakes: Fakes = {}) {
  const started = startList(fakes);
  started.actor.send({ type: "search.submit", search: quickSearch });
  await settle();
  return started;
}

describe("eventSearchMachine", () => {
  it("searches page 1 at the default 200 per page, busy meanwhile", async () => {
    const { actor, calls } = startList();
    actor.send({ type: "search.submit", search: quickSearch });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ results: "browsing" });
    expect(actor.getSnapshot().context.page?.rows.map((row) => row.eventId)).toEqual(["E1", "E2", "E3"]);
    expect(calls).toEqual(["page 200 first"]);
  });

  it("ignores a search the contract's schema refuses (the form shows its field messages)", () => {
    const { actor, calls } = startList();
    actor.send({ type: "search.submit", search: { ...EMPTY_DETAIL_SEARCH, eventId: "x".repeat(48) } });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(calls).toEqual([]);
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
      "page 200 cursor-2",
      "page 200 first",
      "page 200 cursor-2",
      "page 50 first",
    ]);
  });

  it("shows 676 as the empty state and a failure as the error state", async () => {
    const empty = await searched({ page: async () => noMatch });
    expect(empty.actor.getSnapshot().value).toBe("empty");
    expect(empty.actor.getSnapshot().context.errors.map((error) => error.code)).toEqual([ERROR.noDataFound]);

    const failing = await searched({
      page: async () => {
        throw callThrew;
      },
    });
    expect(failing.actor.getSnapshot().value).toBe("error");
    expect(failing.actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
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
    });
    expect(calls).toEqual(["page 200 first", "selectAll"]);
  });

  it("opens the split dialog above 150,000 and shows the multiple-models refusal otherwise", async () => {
    const tooMany = await searched({ selectAll: async () => tooManyRows });
    tooMany.actor.send({ type: "all.select" });
    await settle();
    expect(tooMany.actor.getSnapshot().value).toEqual({ results: "splitDialog" });
    expect(selectedCount(tooMany.actor.getSnapshot().context.selection)).toBe(0);
    tooMany.actor.send({ type: "split.close" });
    expect(tooMany.actor.getSnapshot().value).toEqual({ results: "browsing" });

    const mixed = await searched({ selectAll: async () => multipleModels });
    mixed.actor.send({ type: "all.select" });
    await settle();
    expect(mixed.actor.getSnapshot().value).toEqual({ results: "browsing" });
    expect(mixed.actor.getSnapshot().context.selectionErrors.map((error) => error.code)).toEqual([
      ERROR.multipleModels,
    ]);
  });

  it("opens CSV output only for a non-empty selection and closes it again", async () => {
    const { actor } = await searched();
    expect(actor.getSnapshot().can({ type: "export.open" })).toBe(false);
    actor.send({ type: "row.toggle", eventId: "E3" });
    actor.send({ type: "export.open" });
    expect(actor.getSnapshot().value).toEqual({ results: "exporting" });
    actor.send({ type: "export.close" });
    expect(actor.getSnapshot().value).toEqual({ results: "browsing" });
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
