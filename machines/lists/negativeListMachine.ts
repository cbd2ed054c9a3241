import { assign, sendTo, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import type { CsvEncoding } from "../../src/contract/eventExport.ts";
import {
  NEGATIVE_DEFAULT_PAGE_SIZE,
  type NegativeCsvStatus,
  type NegativeRow,
  type NegativeSearch,
} from "../../src/contract/negativeList.ts";
import { type CsvJobPollingOutput, jobPollingMachine } from "../csv/csvJobPollingMachine.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import type { CallOutcome } from "../shared/outcome.ts";

export interface NegativePage {
  entries: NegativeRow[];
  total: number;
  next: string | null;
}
/** A download link of the CSV output's file (negativeCsvLink). */
export interface NegativeCsvLink {
  downloadUrl: string;
  expiresAt: string;
}

/** The CSV output job followed until it ends: csvJobPollingMachine's chart over negativeCsvStatus. */
export const negativeCsvPollingMachine = jobPollingMachine<NegativeCsvStatus>();

/** The ticked rows, or every result of the search (the total). */
export type NegativeSelection = { kind: "ids"; ids: string[] } | { kind: "all" };

export interface NegativeListContext {
  search: NegativeSearch;
  pageSize: number;
  /** The keyset position of each page from the first to the one shown (null: the first page). */
  positions: (string | null)[];
  page: NegativePage | null;
  selection: NegativeSelection;
  encoding: CsvEncoding;
  /** The CSV output's job once queued (null before, and after it ended). */
  csvJobId: string | null;
  /** 992 when the file could not be had (the job failed, or its link was refused). */
  csvNotice: "992" | null;
  errors: ErrorItem[];
}

export type NegativeListEvent =
  | { type: "search.submit"; search: NegativeSearch }
  | { type: "page.next" }
  | { type: "page.previous" }
  | { type: "pageSize.change"; pageSize: number }
  | { type: "row.toggle"; negativeId: string }
  | { type: "selection.all" }
  | { type: "selection.clear" }
  | { type: "delete.request" }
  | { type: "csv.request"; encoding: CsvEncoding }
  /** Retry the CSV job's polling step that failed (991) or timed out (993). */
  | { type: "csv.retry" }
  /** Stop following the CSV job (the list is usable again; the job still runs). */
  | { type: "csv.stop" };

export interface LoadPageInput {
  search: NegativeSearch;
  pageSize: number;
  after: string | null;
}
export interface DeleteInput {
  search: NegativeSearch;
  selection: NegativeSelection;
}
export interface CsvInput {
  search: NegativeSearch;
  encoding: CsvEncoding;
}
export type LoadPageOutcome = CallOutcome<NegativePage>;
export type DeleteOutcome = CallOutcome<{ deleted: number }>;
export type CsvRequestOutcome = CallOutcome<{ jobId: string }>;
export type CsvLinkOutcome = CallOutcome<NegativeCsvLink>;

const EMPTY_SELECTION: NegativeSelection = { kind: "ids", ids: [] };

/**
 * Negative list (spec 2, /NegativeList; issue 40): searches by item type, values and an update date
 * range, pages by keyset (the positions of the pages shown are kept, so Previous goes back), keeps
 * a selection of ticked rows or of every result, deletes it after the confirmation (003, then the
 * first page again) and outputs every result as CSV after another confirmation: the request queues a
 * background job (negativeCsv), the job is followed by csvJobPollingMachine's chart (invoked as
 * followCsvJob: 991 / 993 with a retry), then the download link is asked for (005) and handed to the
 * app's openCsvDownload; a failed job or a refused link says 992.
 */
const negativeListSetup = setup({
  types: {
    context: {} as NegativeListContext,
    events: {} as NegativeListEvent,
    /** The CSV job's polling is read by the view (its 991 / 993 notices). */
    children: {} as { followCsvJob: "followCsvJob" },
  },
  actors: {
    loadPage: notProvided<LoadPageOutcome, LoadPageInput>("loadPage"),
    confirmDelete: notProvided<boolean>("confirmDelete"),
    deleteEntries: notProvided<DeleteOutcome, DeleteInput>("deleteEntries"),
    confirmCsv: notProvided<boolean>("confirmCsv"),
    requestCsv: notProvided<CsvRequestOutcome, CsvInput>("requestCsv"),
    followCsvJob: negativeCsvPollingMachine,
    csvLink: notProvided<CsvLinkOutcome, { jobId: string }>("csvLink"),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    hasEntries: (_, params: { outcome: LoadPageOutcome }) =>
      params.outcome.ok && params.outcome.result.entries.length > 0,
    hasNext: ({ context }) => context.page?.next != null,
    hasPrevious: ({ context }) => context.positions.length > 1,
    hasSelection: ({ context }) => context.selection.kind === "all" || context.selection.ids.length > 0,
    csvJobDone: (_, params: { output: CsvJobPollingOutput<NegativeCsvStatus> }) =>
      params.output.job?.state === "done",
    csvJobFailed: (_, params: { output: CsvJobPollingOutput<NegativeCsvStatus> }) =>
      params.output.job?.state === "failed",
  },
  actions: {
    startSearch: assign((_, params: { search: NegativeSearch }) => ({
      search: params.search,
      positions: [null],
      selection: EMPTY_SELECTION,
      errors: [],
    })),
    changePageSize: assign((_, params: { pageSize: number }) => ({
      pageSize: params.pageSize,
      positions: [null],
    })),
    firstPage: assign({ positions: [null], selection: EMPTY_SELECTION }),
    nextPage: assign(({ context }) => ({ positions: [...context.positions, context.page?.next ?? null] })),
    previousPage: assign(({ context }) => ({ positions: context.positions.slice(0, -1) })),
    toggleRow: assign(({ context }, params: { negativeId: string }) => {
      const ids = context.selection.kind === "ids" ? context.selection.ids : [];
      return {
        selection: {
          kind: "ids" as const,
          ids: ids.includes(params.negativeId)
            ? ids.filter((id) => id !== params.negativeId)
            : [...ids, params.negativeId],
        },
      };
    }),
    selectAll: assign({ selection: { kind: "all" } as NegativeSelection }),
    clearSelection: assign({ selection: EMPTY_SELECTION }),
    chooseEncoding: assign((_, params: { encoding: CsvEncoding }) => ({
      encoding: params.encoding,
      csvNotice: null,
    })),
    recordCsvJob: assign((_, params: { result: { jobId: string } }) => ({ csvJobId: params.result.jobId })),
    endCsv: assign({ csvJobId: null }),
    recordCsvFailure: assign({ csvJobId: null, csvNotice: "992" as const }),
    retryCsvPolling: sendTo("followCsvJob", { type: "step.retry" }),
    stopCsvPolling: sendTo("followCsvJob", { type: "polling.stop" }),
    recordPage: assign((_, params: { result: NegativePage }) => ({ page: params.result, errors: [] })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ page: null, errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({
      page: null,
      errors: [internalFailure(params.error)],
    })),
    /** Provided by the app: hands the download link to the browser, which saves the file. */
    openCsvDownload: (_, _params: { result: NegativeCsvLink }) => {},
    /** Provided by the app: keeps the search for the way back from a detail. */
    rememberSearch: () => {},
  },
});

const callStep = callSteps(negativeListSetup);

const searchAgain = {
  target: "#negativeList.loading",
  actions: [
    {
      type: "startSearch",
      params: ({ event }: { event: { search: NegativeSearch } }) => ({ search: event.search }),
    },
    "rememberSearch",
  ],
} as const;

export const negativeListMachine = negativeListSetup.createMachine({
  id: "negativeList",
  context: {
    search: {},
    pageSize: NEGATIVE_DEFAULT_PAGE_SIZE,
    positions: [null],
    page: null,
    selection: EMPTY_SELECTION,
    encoding: "utf8",
    csvJobId: null,
    csvNotice: null,
    errors: [],
  },
  initial: "idle",
  states: {
    idle: {
      on: { "search.submit": searchAgain },
    },
    loading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadPage",
        input: ({ context }) => ({
          search: context.search,
          pageSize: context.pageSize,
          after: context.positions.at(-1) ?? null,
        }),
        accepted: [
          { guard: "hasEntries", target: "showing", actions: "recordPage" },
          { target: "empty", actions: "recordPage" },
        ],
        refused: { target: "failed", actions: "recordErrors" },
        exception: { target: "failed", actions: "recordException" },
      }),
    },
    showing: {
      on: {
        "search.submit": searchAgain,
        "page.next": { guard: "hasNext", target: "loading", actions: "nextPage" },
        "page.previous": { guard: "hasPrevious", target: "loading", actions: "previousPage" },
        "pageSize.change": {
          target: "loading",
          actions: { type: "changePageSize", params: ({ event }) => ({ pageSize: event.pageSize }) },
        },
        "row.toggle": {
          actions: { type: "toggleRow", params: ({ event }) => ({ negativeId: event.negativeId }) },
        },
        "selection.all": { actions: "selectAll" },
        "selection.clear": { actions: "clearSelection" },
        "delete.request": { guard: "hasSelection", target: "confirmingDelete" },
        "csv.request": {
          target: "confirmingCsv",
          actions: { type: "chooseEncoding", params: ({ event }) => ({ encoding: event.encoding }) },
        },
      },
    },
    empty: {
      on: { "search.submit": searchAgain },
    },
    failed: {
      on: { "search.submit": searchAgain },
    },
    confirmingDelete: {
      invoke: {
        id: "confirmDelete",
        src: "confirmDelete",
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "deleting",
          },
          { target: "showing" },
        ],
        onError: { target: "showing" },
      },
    },
    deleting: {
      tags: ["busy"],
      invoke: callStep({
        src: "deleteEntries",
        input: ({ context }) => ({ search: context.search, selection: context.selection }),
        // 003 is said by the app; the list shows its first page without what went.
        accepted: { target: "loading", actions: "firstPage" },
        refused: { target: "showing" },
        exception: { target: "showing" },
      }),
    },
    confirmingCsv: {
      invoke: {
        id: "confirmCsv",
        src: "confirmCsv",
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "exportingCsv",
          },
          { target: "showing" },
        ],
        onError: { target: "showing" },
      },
    },
    exportingCsv: {
      initial: "requesting",
      states: {
        requesting: {
          tags: ["busy"],
          invoke: callStep({
            src: "requestCsv",
            input: ({ context }) => ({ search: context.search, encoding: context.encoding }),
            accepted: { target: "following", actions: "recordCsvJob" },
            // The refusal is told by the app (the call's messages), the list stays.
            refused: { target: "#negativeList.showing" },
            exception: { target: "#negativeList.showing" },
          }),
        },
        following: {
          on: {
            "csv.retry": { actions: "retryCsvPolling" },
            "csv.stop": { actions: "stopCsvPolling" },
          },
          invoke: {
            id: "followCsvJob",
            src: "followCsvJob",
            input: ({ context }) => ({ jobId: context.csvJobId ?? "" }),
            onDone: [
              {
                guard: { type: "csvJobDone", params: ({ event }) => ({ output: event.output }) },
                target: "linking",
              },
              {
                guard: { type: "csvJobFailed", params: ({ event }) => ({ output: event.output }) },
                target: "#negativeList.showing",
                actions: "recordCsvFailure",
              },
              // Stopped: the operator left the job to itself.
              { target: "#negativeList.showing", actions: "endCsv" },
            ],
            onError: { target: "#negativeList.showing", actions: "recordCsvFailure" },
          },
        },
        linking: {
          tags: ["busy"],
          invoke: callStep({
            src: "csvLink",
            input: ({ context }) => ({ jobId: context.csvJobId ?? "" }),
            accepted: { target: "#negativeList.showing", actions: ["openCsvDownload", "endCsv"] },
            refused: { target: "#negativeList.showing", actions: "recordCsvFailure" },
            exception: { target: "#negativeList.showing", actions: "recordCsvFailure" },
          }),
        },
      },
    },
  },
});
