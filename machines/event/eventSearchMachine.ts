import { assertEvent, assign, setup } from "xstate";
import { DEFAULT_PAGE_SIZE } from "../../src/contract/codes.ts";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import {
  EMPTY_QUICK_SEARCH,
  EVENT_ID_SELECTION_LIMIT,
  type EVENT_PAGE_SIZES,
  type EventListRow,
  type EventSearch,
  eventSearchSchema,
} from "../../src/contract/eventSearch.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { type CallOutcome, hasCode } from "../shared/outcome.ts";
import {
  isExportable,
  isRowSelected,
  type ListSelection,
  NO_SELECTION,
  selectedCount,
  selectRows,
  staysOneModel,
  toggleRow,
  untickedRows,
} from "./eventSelection.ts";

export type EventPageSize = (typeof EVENT_PAGE_SIZES)[number];

export interface EventPage {
  rows: EventListRow[];
  nextCursor: string | null;
}

/** How many events the search matches, exact up to 150,000 ("150,000+" when capped). */
export interface EventTotal {
  total: number;
  totalCapped: boolean;
}

/**
 * Where in the results the list stands: the page size and the keyset cursors walked to the shown page
 * (the first is null, page 1). Back from a detail, the list searches again at the same page.
 */
export interface ListPosition {
  pageSize: EventPageSize;
  cursors: (string | null)[];
}

/** A page shown, with where it stands: the list goes back there when another page fails outright. */
export interface ShownPage extends EventPage {
  position: ListPosition;
}

export interface EventSearchContext {
  /** The search in force (the one in the URL). */
  search: EventSearch;
  pageSize: EventPageSize;
  /** Keyset cursors of the pages walked so far; the last one is the shown page's (null: page 1). */
  cursors: (string | null)[];
  /** The shown page; kept while the next one loads, dropped by a new search. */
  page: ShownPage | null;
  /** The search's total once counted (a call of its own beside the first page); null until then. */
  total: EventTotal | null;
  /** Why the count failed (the rows stay). */
  countErrors: ErrorItem[];
  selection: ListSelection;
  /**
   * Why the search failed (676 once it matches nothing, a server refusal, a failure); beside a page
   * shown, why another page of it could not be loaded (a failure of the call itself).
   */
  errors: ErrorItem[];
  /** Why the last selection step was refused (several screening models, too many rows). */
  selectionErrors: ErrorItem[];
}

export type EventSearchEvent =
  /**
   * `position`: start at that page instead of page 1, `selection`: with these rows ticked (the list
   * coming back from a detail).
   */
  | { type: "search.submit"; search: EventSearch; position?: ListPosition; selection?: ListSelection }
  /** The search asked for is not valid (a URL edited by hand): `search` is what the form shows of it. */
  | { type: "search.invalid"; search: EventSearch }
  | { type: "page.next" }
  | { type: "page.previous" }
  | { type: "page.size"; pageSize: EventPageSize }
  | { type: "row.toggle"; eventId: string }
  | { type: "page.select" }
  | { type: "all.select" }
  | { type: "selection.clear" }
  | { type: "split.close" }
  | { type: "export.open" }
  | { type: "export.close" }
  | { type: "count.retry" };

/** How the list starts: the page size the operator chose last in this browser (200 when none). */
export interface EventSearchInput {
  pageSize?: EventPageSize;
}

export interface LoadPageInput {
  search: EventSearch;
  pageSize: EventPageSize;
  cursor: string | null;
}
export type LoadPageOutcome = CallOutcome<EventPage>;
export type SelectAllOutcome = CallOutcome<{ count: number; modelId: string; until: string }>;
export type CountTotalOutcome = CallOutcome<EventTotal>;

/** The refusal of a selection across screening models made by hand (the server's for select all). */
export const MULTIPLE_MODELS_REFUSAL: ErrorItem = { code: ERROR.multipleModels, message: "" };
/**
 * The refusal of ticking more rows by hand than one CSV call carries (EVENT_ID_SELECTION_LIMIT);
 * the screen words it and points to "Select all search results".
 */
export const HAND_SELECTION_LIMIT_REFUSAL: ErrorItem = {
  code: ERROR.tooManyRows,
  message: "",
  field: "selection.eventIds",
};
/**
 * The refusal of unticking more rows from "all search results" than one CSV call carries as
 * excluded IDs (EVENT_ID_SELECTION_LIMIT); the screen words it and points to a narrower search.
 */
export const EXCLUDED_SELECTION_LIMIT_REFUSAL: ErrorItem = {
  code: ERROR.tooManyRows,
  message: "",
  field: "selection.excludedEventIds",
};

/** What a search has found before it answers: no page, total, selection or reasons yet. */
const NOTHING_FOUND_YET = {
  page: null,
  total: null,
  countErrors: [],
  selection: NO_SELECTION,
  errors: [],
  selectionErrors: [],
} as const satisfies Partial<EventSearchContext>;

const rowOf = (context: EventSearchContext, eventId: string): EventListRow | undefined =>
  context.page?.rows.find((row) => row.eventId === eventId);

const isTicked = (context: EventSearchContext, eventId: string) => {
  const row = rowOf(context, eventId);
  return row !== undefined && isRowSelected(context.selection, row);
};

/**
 * Event list (spec section 2, issue 4): searches (quick or detailed), pages through the results by
 * keyset cursor (next and previous over a cursor stack; a new page size starts again at page 1),
 * and keeps a selection: rows ticked by hand within one screening model, or all search results as
 * the server counts them (more than 150,000 opens the split-the-period dialog; several models are
 * refused; a hand-made selection, and the rows unticked from all search results, stop at the 20,000
 * IDs one CSV call carries). CSV output opens
 * only for a non-empty selection of one model; the app shows the CSV dialog while the machine is in
 * `list.results.exporting`. The total is a call of its own in the parallel `total` region, asked
 * beside the first page: the rows show at once, the total when counted; a count failure leaves the
 * rows; a new search cancels a running count, and so does a first page that matches nothing (676).
 * A search may start at a given page and page size (the list back from a detail); if that page is
 * gone, page 1 is searched instead. A search that is not valid (a URL edited by hand) runs nothing:
 * `list.invalid`, where the form shows why (a `search.submit` the schema refuses is ignored: the
 * form checks before it submits). Another page or page size whose call fails outright (the network)
 * leaves the page shown where it stood, with its selection and the failure beside it.
 */
const eventSearchSetup = setup({
  types: {
    context: {} as EventSearchContext,
    events: {} as EventSearchEvent,
    input: {} as EventSearchInput,
  },
  actors: {
    loadPage: notProvided<LoadPageOutcome, LoadPageInput>("loadPage"),
    selectAll: notProvided<SelectAllOutcome, { search: EventSearch }>("selectAll"),
    countTotal: notProvided<CountTotalOutcome, { search: EventSearch }>("countTotal"),
  },
  guards: {
    searchValid: ({ event }) => {
      assertEvent(event, "search.submit");
      return eventSearchSchema.safeParse(event.search).success;
    },
    outcomeAccepted,
    noDataFound: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, ERROR.noDataFound),
    tooManyRows: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, ERROR.tooManyRows),
    hasNextPage: ({ context }) => context.page?.nextCursor != null,
    pageShown: ({ context }) => context.page !== null,
    /** 676 for a page after page 1: its cursor's events are gone (deleted since the page was left). */
    laterPageGone: ({ context }, params: { errors: ErrorItem[] }) =>
      context.cursors.length > 1 && hasCode(params.errors, ERROR.noDataFound),
    hasPreviousPage: ({ context }) => context.cursors.length > 1,
    allOfSearchSelected: ({ context }) => context.selection.kind === "search",
    rowStaysOneModel: ({ context, event }) => {
      assertEvent(event, "row.toggle");
      const row = rowOf(context, event.eventId);
      return row !== undefined && staysOneModel(context.selection, [row]);
    },
    rowSelectedOnPage: ({ context, event }) => {
      assertEvent(event, "row.toggle");
      return (
        rowOf(context, event.eventId) !== undefined &&
        context.selection.kind === "ids" &&
        context.selection.rows.some((row) => row.eventId === event.eventId)
      );
    },
    rowOnPage: ({ context, event }) => {
      assertEvent(event, "row.toggle");
      return rowOf(context, event.eventId) !== undefined;
    },
    /**
     * Toggling this row would pass the IDs one CSV call carries: ticking one more by hand, or
     * unticking one more from all search results (the call lists the unticked ones).
     */
    selectionIdsFull: ({ context, event }) => {
      assertEvent(event, "row.toggle");
      if (rowOf(context, event.eventId) === undefined) return false;
      return context.selection.kind === "ids"
        ? context.selection.rows.length >= EVENT_ID_SELECTION_LIMIT && !isTicked(context, event.eventId)
        : context.selection.excludedEventIds.length >= EVENT_ID_SELECTION_LIMIT &&
            isTicked(context, event.eventId);
    },
    /** Ticking the page's unticked rows would pass the IDs one CSV call carries. */
    pageOverHandLimit: ({ context }) =>
      context.selection.kind === "ids" &&
      context.selection.rows.length + untickedRows(context.selection, context.page?.rows ?? []).length >
        EVENT_ID_SELECTION_LIMIT,
    pageStaysOneModel: ({ context }) => staysOneModel(context.selection, context.page?.rows ?? []),
    somethingSelected: ({ context }) => selectedCount(context.selection) > 0,
    exportable: ({ context }) => isExportable(context.selection),
  },
  actions: {
    startSearch: assign(({ context, event }) => {
      assertEvent(event, "search.submit");
      return {
        search: event.search,
        pageSize: event.position?.pageSize ?? context.pageSize,
        cursors: event.position?.cursors ?? [null],
        ...NOTHING_FOUND_YET,
        ...(event.selection ? { selection: event.selection } : {}),
      };
    }),
    recordTotal: assign((_, params: { result: EventTotal }) => ({ total: params.result, countErrors: [] })),
    recordCountErrors: assign((_, params: { errors: ErrorItem[] }) => ({ countErrors: params.errors })),
    recordCountException: assign((_, params: { error: unknown }) => ({
      countErrors: [internalFailure(params.error)],
    })),
    forgetCountErrors: assign({ countErrors: [] }),
    /** A search that is not valid (one read from the URL): nothing is shown for it, nor counted. */
    dropResults: assign(({ event }) => {
      assertEvent(event, "search.invalid");
      return { search: event.search, cursors: [null], ...NOTHING_FOUND_YET };
    }),
    backToPageOne: assign({ cursors: [null] }),
    choosePageSize: assign(({ event }) => {
      assertEvent(event, "page.size");
      return { pageSize: event.pageSize, cursors: [null], errors: [], selectionErrors: [] };
    }),
    pushCursor: assign(({ context }) => ({
      cursors: [...context.cursors, context.page?.nextCursor ?? null],
      errors: [],
      selectionErrors: [],
    })),
    popCursor: assign(({ context }) => ({
      cursors: context.cursors.slice(0, -1),
      errors: [],
      selectionErrors: [],
    })),
    recordPage: assign(({ context }, params: { result: EventPage }) => ({
      page: { ...params.result, position: { pageSize: context.pageSize, cursors: context.cursors } },
      errors: [],
    })),
    recordEmpty: assign((_, params: { errors: ErrorItem[] }) => ({
      page: null,
      selection: NO_SELECTION,
      errors: params.errors,
    })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ page: null, errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({
      page: null,
      errors: [internalFailure(params.error)],
    })),
    /** Another page failed outright: the one shown stays, where it stands, with the failure beside it. */
    keepShownPage: assign(({ context }, params: { error: unknown }) => ({
      ...context.page?.position,
      errors: [internalFailure(params.error)],
    })),
    toggleRow: assign(({ context, event }) => {
      assertEvent(event, "row.toggle");
      const row = rowOf(context, event.eventId);
      return row ? { selection: toggleRow(context.selection, row), selectionErrors: [] } : {};
    }),
    selectPage: assign(({ context }) => ({
      selection: selectRows(context.selection, context.page?.rows ?? []),
      selectionErrors: [],
    })),
    refuseMultipleModels: assign({ selectionErrors: [MULTIPLE_MODELS_REFUSAL] }),
    refuseHandSelectionLimit: assign({ selectionErrors: [HAND_SELECTION_LIMIT_REFUSAL] }),
    refuseSelectionIdsLimit: assign(({ context }) => ({
      selectionErrors: [
        context.selection.kind === "ids" ? HAND_SELECTION_LIMIT_REFUSAL : EXCLUDED_SELECTION_LIMIT_REFUSAL,
      ],
    })),
    selectAllOfSearch: assign(
      ({ context }, params: { result: { count: number; modelId: string; until: string } }) => ({
        selection: {
          kind: "search",
          search: context.search,
          count: params.result.count,
          modelId: params.result.modelId,
          until: params.result.until,
          excludedEventIds: [],
        } satisfies ListSelection,
        selectionErrors: [],
      }),
    ),
    recordSelectionErrors: assign((_, params: { errors: ErrorItem[] }) => ({
      selectionErrors: params.errors,
    })),
    recordSelectionException: assign((_, params: { error: unknown }) => ({
      selectionErrors: [internalFailure(params.error)],
    })),
    clearSelection: assign({ selection: NO_SELECTION, selectionErrors: [] }),
    forgetSelectionErrors: assign({ selectionErrors: [] }),
  },
});

const callStep = callSteps(eventSearchSetup);

export const eventSearchMachine = eventSearchSetup.createMachine({
  id: "eventSearch",
  context: ({ input }) => ({
    search: EMPTY_QUICK_SEARCH,
    pageSize: input.pageSize ?? (DEFAULT_PAGE_SIZE as EventPageSize),
    cursors: [null],
    ...NOTHING_FOUND_YET,
  }),
  type: "parallel",
  on: {
    // A new search from anywhere (the form, the URL on load, back / forward) starts again at page 1
    // and counts afresh (a running count is cancelled).
    "search.submit": {
      guard: "searchValid",
      target: [".list.searching", ".total.counting"],
      actions: "startSearch",
    },
    // One that is not valid (a URL edited by hand) runs nothing: the list says so, the form shows why.
    "search.invalid": { target: [".list.invalid", ".total.idle"], actions: "dropResults" },
  },
  states: {
    list: {
      initial: "idle",
      states: {
        idle: {},
        searching: {
          tags: ["busy"],
          // Another page size meanwhile searches again at once (the page being loaded is dropped).
          on: { "page.size": { target: "searching", reenter: true, actions: "choosePageSize" } },
          invoke: callStep({
            src: "loadPage",
            input: ({ context }) => ({
              search: context.search,
              pageSize: context.pageSize,
              cursor: context.cursors.at(-1) ?? null,
            }),
            accepted: { target: "results", actions: "recordPage" },
            refused: [
              // A later page that is gone (events deleted since it was left): page 1 instead.
              { guard: "laterPageGone", target: "searching", reenter: true, actions: "backToPageOne" },
              // 676: nothing to count either.
              { guard: "noDataFound", target: ["empty", "#eventSearch.total.idle"], actions: "recordEmpty" },
              { target: ["error", "#eventSearch.total.idle"], actions: "recordErrors" },
            ],
            exception: [
              // Another page or page size failing outright (the network): the page shown and the selection
              // stay, the operator pages again.
              { guard: "pageShown", target: "results", actions: "keepShownPage" },
              { target: ["error", "#eventSearch.total.idle"], actions: "recordException" },
            ],
          }),
        },
        results: {
          initial: "browsing",
          states: {
            browsing: {
              on: {
                "page.next": {
                  guard: "hasNextPage",
                  target: "#eventSearch.list.searching",
                  actions: "pushCursor",
                },
                "page.size": { target: "#eventSearch.list.searching", actions: "choosePageSize" },
                "page.previous": {
                  guard: "hasPreviousPage",
                  target: "#eventSearch.list.searching",
                  actions: "popCursor",
                },
                "row.toggle": [
                  { guard: "rowSelectedOnPage", actions: "toggleRow" },
                  { guard: "selectionIdsFull", actions: "refuseSelectionIdsLimit" },
                  { guard: "allOfSearchSelected", actions: "toggleRow" },
                  { guard: "rowStaysOneModel", actions: "toggleRow" },
                  { guard: "rowOnPage", actions: "refuseMultipleModels" },
                ],
                "page.select": [
                  { guard: "pageOverHandLimit", actions: "refuseHandSelectionLimit" },
                  { guard: "pageStaysOneModel", actions: "selectPage" },
                  { actions: "refuseMultipleModels" },
                ],
                "all.select": { target: "selectingAll", actions: "forgetSelectionErrors" },
                "selection.clear": { guard: "somethingSelected", actions: "clearSelection" },
                "export.open": { guard: "exportable", target: "exporting" },
              },
            },
            selectingAll: {
              tags: ["busy"],
              invoke: callStep({
                src: "selectAll",
                input: ({ context }) => ({ search: context.search }),
                accepted: { target: "browsing", actions: "selectAllOfSearch" },
                refused: [
                  // More than 150,000 matches: the dialog asking to split the search period.
                  { guard: "tooManyRows", target: "splitDialog", actions: "recordSelectionErrors" },
                  // Several screening models (or any other refusal): shown, the selection unchanged.
                  { target: "browsing", actions: "recordSelectionErrors" },
                ],
                exception: { target: "browsing", actions: "recordSelectionException" },
              }),
            },
            splitDialog: {
              on: { "split.close": { target: "browsing", actions: "forgetSelectionErrors" } },
            },
            exporting: {
              on: { "export.close": "browsing" },
            },
          },
        },
        // The search is not valid: nothing until a valid one is submitted.
        invalid: {},
        // Another page size searches again too (the same search; a retry after a failure), and counts.
        empty: {
          on: {
            "page.size": {
              target: ["searching", "#eventSearch.total.counting"],
              actions: "choosePageSize",
            },
          },
        },
        error: {
          on: {
            "page.size": {
              target: ["searching", "#eventSearch.total.counting"],
              actions: "choosePageSize",
            },
          },
        },
      },
    },
    total: {
      initial: "idle",
      states: {
        idle: {},
        counting: {
          invoke: callStep({
            src: "countTotal",
            input: ({ context }) => ({ search: context.search }),
            accepted: { target: "counted", actions: "recordTotal" },
            refused: { target: "failed", actions: "recordCountErrors" },
            exception: { target: "failed", actions: "recordCountException" },
          }),
        },
        counted: {},
        failed: {
          on: { "count.retry": { target: "counting", actions: "forgetCountErrors" } },
        },
      },
    },
  },
});
