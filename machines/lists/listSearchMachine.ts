import { assertEvent, assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { acceptedResult, type CallOutcome } from "../shared/outcome.ts";

/** One row of a list: its key (what a delete names) and its cells as the table shows them. */
export interface ListRow {
  key: string;
  cells: Readonly<Record<string, string | null>>;
}

/** A search's conditions as the form holds them; the app turns them into its call's request. */
export type ListCriteria = Readonly<Record<string, string | boolean>>;

export interface ListSearchContext {
  /** The conditions of the search shown (a delete searches again with them). */
  criteria: ListCriteria;
  rows: ListRow[];
  /** What the answer says the list is (a keyword category's name); null when it names nothing. */
  title: string | null;
  /** Keys of the selected rows, in the order of the rows. */
  selected: string[];
  /** The last refusal or failure (the app has shown and routed a refusal as spec section 8 says). */
  errors: ErrorItem[];
}

export type ListSearchEvent =
  | { type: "search.submit"; criteria: ListCriteria }
  | { type: "row.toggle"; key: string }
  | { type: "rows.toggleAll" }
  | { type: "delete.request" };

export type SearchRowsOutcome = CallOutcome<{ rows: ListRow[]; title?: string | null }>;
export type DeleteRowsOutcome = CallOutcome<{ deleted: number }>;
export interface SearchRowsInput {
  criteria: ListCriteria;
}
/** The selected rows, whole, so the app can name each as its delete call wants. */
export interface DeleteRowsInput {
  rows: ListRow[];
}

/**
 * A list screen's search, selection and delete (white list, keyword list, keyword categories; spec
 * section 2): a search shows its rows or "no relevant data" (676: none matched); rows are selected one
 * by one or all at once; a delete of the selection asks the app's `confirmDelete` (the confirmation
 * dialog, Yes/No) and, confirmed, deletes and searches again with the same conditions. A refused or
 * failed search leaves `failed`; a refused or failed delete keeps the rows and the selection.
 */
const listSearchSetup = setup({
  types: {
    context: {} as ListSearchContext,
    events: {} as ListSearchEvent,
  },
  actors: {
    searchRows: notProvided<SearchRowsOutcome, SearchRowsInput>("searchRows"),
    confirmDelete: notProvided<boolean, { count: number }>("confirmDelete"),
    deleteRows: notProvided<DeleteRowsOutcome, DeleteRowsInput>("deleteRows"),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    hasSelection: ({ context }) => context.selected.length > 0,
    noRows: (_, params: { outcome: SearchRowsOutcome }) =>
      params.outcome.ok && params.outcome.result.rows.length === 0,
  },
  actions: {
    recordCriteria: assign(({ event }) => {
      assertEvent(event, "search.submit");
      return { criteria: event.criteria };
    }),
    recordRows: assign((_, params: { result: { rows: ListRow[]; title?: string | null } }) => ({
      rows: params.result.rows,
      title: params.result.title ?? null,
      selected: [],
      errors: [],
    })),
    toggleRow: assign(({ context, event }) => {
      assertEvent(event, "row.toggle");
      const chosen = new Set(context.selected);
      if (chosen.has(event.key)) chosen.delete(event.key);
      else if (context.rows.some((row) => row.key === event.key)) chosen.add(event.key);
      return { selected: context.rows.map((row) => row.key).filter((key) => chosen.has(key)) };
    }),
    toggleAll: assign(({ context }) => ({
      selected: context.selected.length === context.rows.length ? [] : context.rows.map((row) => row.key),
    })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    recordFailedSearch: assign((_, params: { errors: ErrorItem[] }) => ({
      rows: [],
      selected: [],
      errors: params.errors,
    })),
    recordException: assign((_, params: { error: unknown }) => ({ errors: [internalFailure(params.error)] })),
    recordSearchException: assign((_, params: { error: unknown }) => ({
      rows: [],
      selected: [],
      errors: [internalFailure(params.error)],
    })),
  },
});

const callStep = callSteps(listSearchSetup);

const submit = { target: "#listSearch.searching", actions: "recordCriteria" } as const;

export const listSearchMachine = listSearchSetup.createMachine({
  id: "listSearch",
  context: { criteria: {}, rows: [], title: null, selected: [], errors: [] },
  initial: "idle",
  states: {
    idle: {
      on: { "search.submit": submit },
    },
    searching: {
      tags: ["busy"],
      invoke: callStep({
        src: "searchRows",
        input: ({ context }) => ({ criteria: context.criteria }),
        before: [
          {
            guard: "noRows",
            target: "noData",
            actions: {
              type: "recordRows",
              params: ({ event }) => ({ result: acceptedResult(event.output) }),
            },
          },
        ],
        accepted: { target: "showing", actions: "recordRows" },
        refused: { target: "failed", actions: "recordFailedSearch" },
        exception: { target: "failed", actions: "recordSearchException" },
      }),
    },
    showing: {
      on: {
        "search.submit": submit,
        "row.toggle": { actions: "toggleRow" },
        "rows.toggleAll": { actions: "toggleAll" },
        "delete.request": { guard: "hasSelection", target: "confirmingDelete" },
      },
    },
    noData: {
      on: { "search.submit": submit },
    },
    failed: {
      on: { "search.submit": submit },
    },
    confirmingDelete: {
      invoke: {
        id: "confirmDelete",
        src: "confirmDelete",
        input: ({ context }) => ({ count: context.selected.length }),
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "deleting",
          },
          { target: "showing" },
        ],
        onError: {
          target: "showing",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    deleting: {
      tags: ["busy"],
      invoke: callStep({
        src: "deleteRows",
        input: ({ context }) => ({
          rows: context.rows.filter((row) => context.selected.includes(row.key)),
        }),
        accepted: { target: "searching" },
        refused: { target: "showing", actions: "recordErrors" },
        exception: { target: "showing", actions: "recordException" },
      }),
    },
  },
});
