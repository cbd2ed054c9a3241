import {
  type CsvOutcome,
  type DeleteOutcome,
  type LoadPageOutcome,
  type NegativeListEvent,
  type NegativePage,
  negativeListMachine,
} from "../../../machines/lists/negativeListMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const demoRow = {
  negativeId: "101",
  addType: "30",
  item: "tel",
  value: "09012345678",
  updatedAt: "2026-11-30T01:00:00.000Z",
  validUntil: null,
  note: null,
} as const;
export const firstPage: NegativePage = { entries: [demoRow], total: 2, next: "cursor-1" };
export const lastPage: NegativePage = { entries: [{ ...demoRow, negativeId: "100" }], total: 2, next: null };

export const pageLoaded: LoadPageOutcome = { ok: true, result: firstPage, messages: [] };
export const lastPageLoaded: LoadPageOutcome = { ok: true, result: lastPage, messages: [] };
export const nothingFound: LoadPageOutcome = {
  ok: true,
  result: { entries: [], total: 0, next: null },
  messages: [{ code: "676", message: "No relevant data found" }],
};
export const searchRefused: LoadPageOutcome = {
  ok: false,
  errors: [{ code: ERROR.validation, message: "Item type is required.", field: "telegram.search.item" }],
};
export const deleted: DeleteOutcome = { ok: true, result: { deleted: 1 }, messages: [] };
export const deleteRefused: DeleteOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const csvMade: CsvOutcome = {
  ok: true,
  result: { fileName: "negativeList_202611301000.csv", contentType: "text/csv", base64: "77u/", count: 2 },
  messages: [],
};
export const csvRefused: CsvOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const callThrew = new Error("network down");

const submit = {
  type: "search.submit",
  search: { item: "tel", values: "09012345678" },
} satisfies NegativeListEvent;
const next = { type: "page.next" } satisfies NegativeListEvent;
const previous = { type: "page.previous" } satisfies NegativeListEvent;
const pageSize = { type: "pageSize.change", pageSize: 50 } satisfies NegativeListEvent;
const toggle = { type: "row.toggle", negativeId: "101" } satisfies NegativeListEvent;
const selectAll = { type: "selection.all" } satisfies NegativeListEvent;
const clear = { type: "selection.clear" } satisfies NegativeListEvent;
const deleteRequest = { type: "delete.request" } satisfies NegativeListEvent;
const csvRequest = { type: "csv.request", encoding: "cp932" } satisfies NegativeListEvent;

const shown = (output: LoadPageOutcome) => [submit, { type: "xstate.done.actor.loadPage" as const, output }];

export const negativeListWalk = {
  machine: negativeListMachine,
  events: {
    "search.submit": [submit],
    "page.next": [next],
    "page.previous": [previous],
    "pageSize.change": [pageSize],
    "row.toggle": [toggle],
    "selection.all": [selectAll],
    "selection.clear": [clear],
    "delete.request": [deleteRequest],
    "csv.request": [csvRequest],
  },
  outputs: {
    loadPage: [pageLoaded, lastPageLoaded, nothingFound, searchRefused],
    confirmDelete: [true, false],
    deleteEntries: [deleted, deleteRefused],
    confirmCsv: [true, false],
    exportCsv: [csvMade, csvRefused],
  },
  failures: {
    loadPage: [callThrew],
    confirmDelete: [callThrew],
    deleteEntries: [callThrew],
    confirmCsv: [callThrew],
    exportCsv: [callThrew],
  },
  // Keeps the graph finite: two pages deep, one row ticked.
  filterEvents: (snapshot, event) =>
    !(event.type === "page.next" && snapshot.context.positions.length >= 2) &&
    !(
      event.type === "row.toggle" &&
      snapshot.context.selection.kind === "ids" &&
      snapshot.context.selection.ids.length > 0
    ),
  recordedActions: ["saveCsv", "rememberSearch"],
  journeys: [
    {
      description: "a search pages forward and back, ticks a row and deletes it after the confirmation",
      events: [
        ...shown(pageLoaded),
        next,
        { type: "xstate.done.actor.loadPage", output: lastPageLoaded },
        previous,
        { type: "xstate.done.actor.loadPage", output: pageLoaded },
        toggle,
        deleteRequest,
        { type: "xstate.done.actor.confirmDelete", output: true },
        { type: "xstate.done.actor.deleteEntries", output: deleted },
        { type: "xstate.done.actor.loadPage", output: lastPageLoaded },
      ],
      endState: "showing",
      actions: ["rememberSearch"],
    },
    {
      description: "every result is written as CSV after the confirmation",
      events: [
        ...shown(pageLoaded),
        selectAll,
        csvRequest,
        { type: "xstate.done.actor.confirmCsv", output: true },
        { type: "xstate.done.actor.exportCsv", output: csvMade },
      ],
      endState: "showing",
      actions: ["rememberSearch", "saveCsv"],
    },
    {
      description: "a search that finds nothing shows 676",
      events: [...shown(nothingFound)],
      endState: "empty",
    },
  ],
} satisfies MachineWalk<typeof negativeListMachine>;
