import type { CsvJobPollingOutput } from "../../../machines/csv/csvJobPollingMachine.ts";
import {
  type CsvLinkOutcome,
  type CsvRequestOutcome,
  type DeleteOutcome,
  type LoadPageOutcome,
  type NegativeListEvent,
  type NegativePage,
  negativeListMachine,
} from "../../../machines/lists/negativeListMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { NegativeCsvStatus } from "../../../src/contract/negativeList.ts";
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
export const csvQueued: CsvRequestOutcome = { ok: true, result: { jobId: "job-neg-1" }, messages: [] };
export const csvRefused: CsvRequestOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const csvJob = (state: NegativeCsvStatus["state"]): NegativeCsvStatus => ({
  jobId: "job-neg-1",
  state,
  rowCount: state === "done" ? 2 : null,
  fileName: "negativeList_20261130100000.csv",
  expiresAt: state === "done" ? "2026-11-30T02:00:00.000Z" : null,
});
export const csvJobEnded = (
  state: NegativeCsvStatus["state"] | null,
): CsvJobPollingOutput<NegativeCsvStatus> => ({
  job: state === null ? null : csvJob(state),
});
export const csvLinked: CsvLinkOutcome = {
  ok: true,
  result: { downloadUrl: "/api/v3/download/token", expiresAt: "2026-11-30T02:00:00.000Z" },
  messages: [{ code: "005", message: "Download complete." }],
};
export const csvLinkRefused: CsvLinkOutcome = {
  ok: false,
  errors: [{ code: ERROR.notFound, message: "Not found" }],
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
const csvRetry = { type: "csv.retry" } satisfies NegativeListEvent;
const csvStop = { type: "csv.stop" } satisfies NegativeListEvent;

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
    "csv.retry": [csvRetry],
    "csv.stop": [csvStop],
  },
  outputs: {
    loadPage: [pageLoaded, lastPageLoaded, nothingFound, searchRefused],
    confirmDelete: [true, false],
    deleteEntries: [deleted, deleteRefused],
    confirmCsv: [true, false],
    requestCsv: [csvQueued, csvRefused],
    followCsvJob: [csvJobEnded("done"), csvJobEnded("failed"), csvJobEnded(null)],
    csvLink: [csvLinked, csvLinkRefused],
  },
  failures: {
    loadPage: [callThrew],
    confirmDelete: [callThrew],
    deleteEntries: [callThrew],
    confirmCsv: [callThrew],
    requestCsv: [callThrew],
    followCsvJob: [callThrew],
    csvLink: [callThrew],
  },
  // Keeps the graph finite: two pages deep, one row ticked.
  filterEvents: (snapshot, event) =>
    !(event.type === "page.next" && snapshot.context.positions.length >= 2) &&
    !(
      event.type === "row.toggle" &&
      snapshot.context.selection.kind === "ids" &&
      snapshot.context.selection.ids.length > 0
    ),
  // retryCsvPolling / stopCsvPolling are sendTo the real polling child: negativeMachines.test.ts.
  recordedActions: ["openCsvDownload", "rememberSearch"],
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
      description:
        "every result is output as CSV after the confirmation: queued, followed, linked, downloaded",
      events: [
        ...shown(pageLoaded),
        selectAll,
        csvRequest,
        { type: "xstate.done.actor.confirmCsv", output: true },
        { type: "xstate.done.actor.requestCsv", output: csvQueued },
        csvRetry,
        { type: "xstate.done.actor.followCsvJob", output: csvJobEnded("done") },
        { type: "xstate.done.actor.csvLink", output: csvLinked },
      ],
      endState: "showing",
      actions: ["rememberSearch", "openCsvDownload"],
    },
    {
      description: "a CSV job that failed says 992; stopping the following leaves the list usable",
      events: [
        ...shown(pageLoaded),
        csvRequest,
        { type: "xstate.done.actor.confirmCsv", output: true },
        { type: "xstate.done.actor.requestCsv", output: csvQueued },
        { type: "xstate.done.actor.followCsvJob", output: csvJobEnded("failed") },
        csvRequest,
        { type: "xstate.done.actor.confirmCsv", output: true },
        { type: "xstate.done.actor.requestCsv", output: csvQueued },
        csvStop,
        { type: "xstate.done.actor.followCsvJob", output: csvJobEnded(null) },
      ],
      endState: "showing",
      actions: ["rememberSearch"],
    },
    {
      description: "a search that finds nothing shows 676",
      events: [...shown(nothingFound)],
      endState: "empty",
    },
  ],
} satisfies MachineWalk<typeof negativeListMachine>;
