import {
  type CountTotalOutcome,
  type EventPage,
  type EventSearchEvent,
  eventSearchMachine,
  type LoadPageOutcome,
  type SelectAllOutcome,
} from "../../../machines/event/eventSearchMachine.ts";
import { selectedCount } from "../../../machines/event/eventSelection.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import {
  EVENT_ID_SELECTION_LIMIT,
  type EventListRow,
  type EventSearch,
} from "../../../src/contract/eventSearch.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

const row = (eventId: string, modelId: string): EventListRow => ({
  eventId,
  shopEventId: `SHOP-${eventId}`,
  modelId,
  createdAt: "2026-01-05T01:02:03.000Z",
  aaresult: "NG",
  maresult: null,
  authStatus: "00",
  settleStatus: null,
  amount: 12_800,
  ruleGroupName: "高額",
  purchaserTel: "0312345678",
  purchaserAddress: "東京都千代田区",
  purchaserMailDomain: "example.jp",
  ipaddress: "203.0.113.5",
  assigneeName: null,
  labelNames: [],
  negatived: false,
  deadline: null,
});

/** Two events of MODEL01 and one of MODEL02 on one page, with a further page behind it. */
export const mixedPage = {
  rows: [row("E1", "MODEL01"), row("E2", "MODEL01"), row("E3", "MODEL02")],
  nextCursor: "cursor-2",
} satisfies EventPage;
/** The last page: events of one model only. */
export const singleModelPage = {
  rows: [row("E4", "MODEL01"), row("E5", "MODEL01")],
  nextCursor: null,
} satisfies EventPage;

export const mixedLoaded: LoadPageOutcome = { ok: true, result: mixedPage, messages: [] };
export const singleModelLoaded: LoadPageOutcome = { ok: true, result: singleModelPage, messages: [] };
export const noMatch: LoadPageOutcome = {
  ok: false,
  errors: [{ code: ERROR.noDataFound, message: "No relevant data found" }],
};
export const searchRefused: LoadPageOutcome = {
  ok: false,
  errors: [{ code: ERROR.validation, message: "must be at most 47 characters", field: "search.eventId" }],
};
export const allSelected: SelectAllOutcome = {
  ok: true,
  // Counted as the rows' events were screened: they are all part of it.
  result: { count: 2, modelId: "MODEL01", until: "2026-01-05T01:02:03.000000Z" },
  messages: [],
};
export const tooManyRows: SelectAllOutcome = {
  ok: false,
  errors: [
    { code: ERROR.tooManyRows, message: "More than 150,000 events match. Please split the search period." },
  ],
};
export const multipleModels: SelectAllOutcome = {
  ok: false,
  errors: [
    { code: ERROR.multipleModels, message: "Events of several screening models cannot be selected at once." },
  ],
};
export const counted: CountTotalOutcome = {
  ok: true,
  result: { total: 5, totalCapped: false },
  messages: [],
};
export const countedCapped: CountTotalOutcome = {
  ok: true,
  result: { total: 150_000, totalCapped: true },
  messages: [],
};
export const countRefused: CountTotalOutcome = {
  ok: false,
  errors: [{ code: ERROR.internalFailure, message: "The count was refused." }],
};
export const callThrew = new Error("network down");

/**
 * Pages of 500 rows of one model with IDs of their own (`L<page>-<row>`), as many as it takes to
 * tick EVENT_ID_SELECTION_LIMIT rows by hand page by page, and one page more.
 */
export const fullPages: LoadPageOutcome[] = Array.from(
  { length: EVENT_ID_SELECTION_LIMIT / 500 + 1 },
  (_, page) => ({
    ok: true,
    result: {
      rows: Array.from({ length: 500 }, (_, index) => row(`L${page}-${index}`, "MODEL01")),
      nextCursor: `cursor-L${page + 1}`,
    },
    messages: [],
  }),
);

export const quickSearch: EventSearch = { mode: "0", q: "E1 E2 E3" };
const submit = { type: "search.submit", search: quickSearch } satisfies EventSearchEvent;
/** The list back from a detail: the same search at page 2 of 500 per page. */
export const resumeAtPage2 = {
  type: "search.submit",
  search: quickSearch,
  position: { pageSize: 500, cursors: [null, "cursor-2"] },
} satisfies EventSearchEvent;
/** A URL edited by hand: a quick-search value longer than the box takes (500 characters). */
export const invalidSearch = {
  type: "search.invalid",
  search: { mode: "0", q: "E".repeat(501) },
} satisfies EventSearchEvent;
const next = { type: "page.next" } satisfies EventSearchEvent;
const previous = { type: "page.previous" } satisfies EventSearchEvent;
const pageSize = { type: "page.size", pageSize: 500 } satisfies EventSearchEvent;
const toggle = (eventId: string) => ({ type: "row.toggle", eventId }) satisfies EventSearchEvent;
const selectPage = { type: "page.select" } satisfies EventSearchEvent;
const selectAll = { type: "all.select" } satisfies EventSearchEvent;
const clear = { type: "selection.clear" } satisfies EventSearchEvent;
const openExport = { type: "export.open" } satisfies EventSearchEvent;

const retryCount = { type: "count.retry" } satisfies EventSearchEvent;

const loaded = (output: LoadPageOutcome) => ({ type: "xstate.done.actor.loadPage", output }) as const;
const countDone = (output: CountTotalOutcome) => ({ type: "xstate.done.actor.countTotal", output }) as const;
const selectedAll = (output: SelectAllOutcome) => ({ type: "xstate.done.actor.selectAll", output }) as const;

export const eventSearchWalk = {
  machine: eventSearchMachine,
  // The page size the operator last chose is the app's to read (pageSizePreference.ts); none here.
  input: {},
  events: {
    "search.submit": [submit, resumeAtPage2],
    "search.invalid": [invalidSearch],
    "page.next": [next],
    "page.previous": [previous],
    "page.size": [pageSize],
    "row.toggle": [toggle("E1"), toggle("E3")],
    "page.select": [selectPage],
    "all.select": [selectAll],
    "selection.clear": [clear],
    "split.close": [{ type: "split.close" }],
    "export.open": [openExport],
    "export.close": [{ type: "export.close" }],
    "count.retry": [retryCount],
  },
  outputs: {
    loadPage: [mixedLoaded, singleModelLoaded, noMatch, searchRefused],
    selectAll: [allSelected, tooManyRows, multipleModels],
    countTotal: [counted, countRefused],
  },
  failures: {
    loadPage: [callThrew],
    selectAll: [callThrew],
    countTotal: [callThrew],
  },
  // Keeps the graph small: paging and page sizes only with nothing selected on the first page, a
  // selection grows by at most one row by hand, a new search only where one starts afresh, and the
  // count settles only while the first page loads, before the page (a retry only while it is browsed
  // untouched).
  filterEvents: (snapshot, event) => {
    const { cursors, pageSize: size, selection } = snapshot.context;
    const firstPageDefaultSize = cursors.length === 1 && size === 200;
    const nothingSelected = selectedCount(selection) === 0 && selection.kind === "ids";
    const firstSearch = snapshot.matches({ list: "searching" }) && firstPageDefaultSize && nothingSelected;
    const untouched =
      snapshot.matches({ list: { results: "browsing" } }) && firstPageDefaultSize && nothingSelected;
    // The graph offers the actors' settling through this filter too (not typed as the machine's events).
    switch (event.type as string) {
      case "xstate.done.actor.countTotal":
      case "xstate.error.actor.countTotal":
        return firstSearch;
      case "count.retry":
        return untouched;
      // The page settles after the count (the other order is a journey), so the rest of the graph
      // is not walked once per state of the count.
      case "xstate.done.actor.loadPage":
      case "xstate.error.actor.loadPage":
        return !snapshot.matches({ total: "counting" }) && !snapshot.matches({ total: "failed" });
      case "search.submit":
      case "search.invalid":
        return (
          !snapshot.matches({ list: "searching" }) && (snapshot.matches({ list: "idle" }) || nothingSelected)
        );
      case "page.next":
      case "page.size":
        return firstPageDefaultSize && nothingSelected;
      case "all.select":
      case "page.select":
        return firstPageDefaultSize && nothingSelected;
      case "row.toggle":
        return (
          firstPageDefaultSize &&
          (selection.kind === "ids" ? selection.rows.length <= 1 : selection.excludedEventIds.length === 0)
        );
      default:
        return true;
    }
  },
  recordedActions: [],
  journeys: [
    {
      description: "the rows show at once, the total when counted; a later page keeps it",
      events: [submit, loaded(mixedLoaded), countDone(countedCapped), next, loaded(singleModelLoaded)],
      endState: { list: { results: "browsing" }, total: "counted" },
    },
    {
      description: "a failed count keeps the rows and is retried; a new search cancels a running count",
      events: [
        submit,
        countDone(countRefused),
        loaded(mixedLoaded),
        retryCount,
        submit,
        loaded(singleModelLoaded),
        countDone(counted),
      ],
      endState: { list: { results: "browsing" }, total: "counted" },
    },
    {
      description: "676 on the first page cancels the count; another page size searches and counts again",
      events: [submit, loaded(noMatch), pageSize, loaded(mixedLoaded), countDone(counted)],
      endState: { list: { results: "browsing" }, total: "counted" },
    },
    {
      description:
        "rows ticked by hand page by page stop at the IDs one CSV call carries: neither one more row nor a page",
      events: [
        submit,
        ...fullPages.slice(0, -1).flatMap((page) => [loaded(page), selectPage, next]),
        loaded(fullPages.at(-1) as LoadPageOutcome),
        selectPage,
        toggle("L40-0"),
        previous,
        loaded(fullPages.at(-2) as LoadPageOutcome),
        toggle("L39-0"),
        toggle("L39-0"),
        openExport,
      ],
      endState: { list: { results: "exporting" }, total: "counting" },
    },
    {
      description: "next and previous walk the cursor stack; a new page size starts again at page 1",
      events: [
        submit,
        loaded(mixedLoaded),
        next,
        loaded(singleModelLoaded),
        previous,
        loaded(mixedLoaded),
        next,
        loaded(singleModelLoaded),
        pageSize,
        loaded(mixedLoaded),
      ],
      endState: { list: { results: "browsing" }, total: "counting" },
    },
    {
      description:
        "a hand-made selection across two screening models is refused, the first model's row stays",
      events: [submit, loaded(mixedLoaded), toggle("E1"), toggle("E2"), toggle("E3"), openExport],
      endState: { list: { results: "exporting" }, total: "counting" },
    },
    {
      description: "select all with more than 150,000 matches opens the split dialog and selects nothing",
      events: [
        submit,
        loaded(mixedLoaded),
        selectAll,
        selectedAll(tooManyRows),
        { type: "split.close" },
        openExport,
      ],
      endState: { list: { results: "browsing" }, total: "counting" },
    },
    {
      description: "all search results selected, one unticked, exported, then deselected",
      events: [
        submit,
        loaded(mixedLoaded),
        selectAll,
        selectedAll(allSelected),
        toggle("E1"),
        openExport,
        { type: "export.close" },
        clear,
        openExport,
      ],
      endState: { list: { results: "browsing" }, total: "counting" },
    },
  ],
} satisfies MachineWalk<typeof eventSearchMachine>;
