import { assertEvent, assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import {
  DEFAULT_OPERATOR_PAGE_SIZE,
  MAX_OPERATOR_DELETE,
  type OPERATOR_PAGE_SIZES,
  type Operator,
} from "../../src/contract/operators.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import type { CallOutcome } from "../shared/outcome.ts";

export type OperatorPageSize = (typeof OPERATOR_PAGE_SIZES)[number];

/** The list's filters (spec section 2): name and e-mail contain the text, the role is one of the tenant's. */
export interface OperatorFilter {
  name: string;
  email: string;
  roleId: string;
}

export const EMPTY_OPERATOR_FILTER: OperatorFilter = { name: "", email: "", roleId: "" };

/** operatorList's answer: one page, the count and every matching ID (for "select all search results"). */
export interface OperatorPage {
  companyId: string;
  count: number;
  operators: Operator[];
  matchingIds: number[];
  roles: { roleId: string; name: string }[];
}

export interface LoadOperatorsInput extends OperatorFilter {
  pageSize: OperatorPageSize;
  page: number;
}
export type LoadOperatorsOutcome = CallOutcome<OperatorPage>;
export type DeleteOperatorsOutcome = CallOutcome<{ deleted: number }>;

export interface OperatorListContext {
  /** The filter the list shows the results of. */
  filter: OperatorFilter;
  pageSize: OperatorPageSize;
  page: number;
  list: OperatorPage | null;
  /** The ticked operators, in the order ticked; kept across pages of the same search. */
  selected: number[];
  /** The server's refusal (validation, the last administrator, ...) or an exception. */
  errors: ErrorItem[];
}

export type OperatorListEvent =
  | { type: "list.load" }
  | { type: "search.submit"; filter: OperatorFilter }
  | { type: "page.go"; page: number }
  | { type: "pageSize.change"; pageSize: OperatorPageSize }
  | { type: "row.toggle"; operatorId: number }
  | { type: "all.select" }
  | { type: "selection.clear" }
  | { type: "delete.request" }
  | { type: "step.retry" }
  | { type: "step.cancel" };

/** The last page a list of `count` rows has at `pageSize` (1 for an empty list). */
export const lastPage = (count: number, pageSize: number): number => Math.max(1, Math.ceil(count / pageSize));

/**
 * /OperatorList (spec section 2): searches the tenant's operators by name, e-mail and role, pages
 * through them (page size 50, 100 or 200, default 200), keeps a selection (rows ticked one by one, all
 * search results, or none) and deletes the selected after the app's `confirmDelete` (the Yes/No
 * dialog, its 50 ms close delay included). A delete refused (the last administrator) keeps the list
 * and the selection with the error; an exception offers a retry of the step that failed.
 */
const operatorListSetup = setup({
  types: {
    context: {} as OperatorListContext,
    events: {} as OperatorListEvent,
  },
  actors: {
    loadOperators: notProvided<LoadOperatorsOutcome, LoadOperatorsInput>("loadOperators"),
    confirmDelete: notProvided<boolean>("confirmDelete"),
    deleteOperators: notProvided<DeleteOperatorsOutcome, { operatorIds: number[] }>("deleteOperators"),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    hasSelection: ({ context }) =>
      context.selected.length > 0 && context.selected.length <= MAX_OPERATOR_DELETE,
    pageExists: ({ context, event }) => {
      assertEvent(event, "page.go");
      const last = lastPage(context.list?.count ?? 0, context.pageSize);
      return (
        Number.isInteger(event.page) && event.page >= 1 && event.page <= last && event.page !== context.page
      );
    },
    canSelectAll: ({ context }) =>
      context.list !== null &&
      context.list.matchingIds.length > 0 &&
      context.list.matchingIds.length <= MAX_OPERATOR_DELETE,
  },
  actions: {
    recordList: assign(({ context }, params: { result: OperatorPage }) => {
      // Ticks of operators gone from the search (deleted meanwhile) are dropped.
      const matching = new Set(params.result.matchingIds);
      return {
        list: params.result,
        selected: context.selected.filter((id) => matching.has(id)),
        errors: [],
      };
    }),
    search: assign(({ event }) => {
      assertEvent(event, "search.submit");
      return { filter: event.filter, page: 1, selected: [] };
    }),
    goToPage: assign(({ event }) => {
      assertEvent(event, "page.go");
      return { page: event.page };
    }),
    changePageSize: assign(({ event }) => {
      assertEvent(event, "pageSize.change");
      return { pageSize: event.pageSize, page: 1 };
    }),
    toggleRow: assign(({ context, event }) => {
      assertEvent(event, "row.toggle");
      const ticked = context.selected.includes(event.operatorId);
      return {
        selected: ticked
          ? context.selected.filter((id) => id !== event.operatorId)
          : [...context.selected, event.operatorId],
      };
    }),
    selectAll: assign(({ context }) => ({ selected: [...(context.list?.matchingIds ?? [])] })),
    clearSelection: assign({ selected: [] }),
    afterDelete: assign({ selected: [], page: 1 }),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({ errors: [internalFailure(params.error)] })),
    clearErrors: assign({ errors: [] }),
  },
});

const callStep = callSteps(operatorListSetup);

export const operatorListMachine = operatorListSetup.createMachine({
  id: "operatorList",
  context: {
    filter: EMPTY_OPERATOR_FILTER,
    pageSize: DEFAULT_OPERATOR_PAGE_SIZE,
    page: 1,
    list: null,
    selected: [],
    errors: [],
  },
  initial: "idle",
  states: {
    idle: {
      on: { "list.load": "loading" },
    },
    loading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadOperators",
        input: ({ context }) => ({ ...context.filter, pageSize: context.pageSize, page: context.page }),
        accepted: { target: "browsing", actions: "recordList" },
        refused: { target: "loadFailed", actions: "recordErrors" },
        exception: { target: "loadFailed", actions: "recordException" },
      }),
    },
    loadFailed: {
      on: { "step.retry": { target: "loading", actions: "clearErrors" } },
    },
    browsing: {
      on: {
        "search.submit": { target: "loading", actions: "search" },
        "page.go": { guard: "pageExists", target: "loading", actions: "goToPage" },
        "pageSize.change": { target: "loading", actions: "changePageSize" },
        "row.toggle": { actions: "toggleRow" },
        "all.select": { guard: "canSelectAll", actions: "selectAll" },
        "selection.clear": { actions: "clearSelection" },
        "delete.request": { guard: "hasSelection", target: "confirmingDelete", actions: "clearErrors" },
      },
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
          { target: "browsing" },
        ],
        onError: {
          target: "browsing",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    deleting: {
      tags: ["busy"],
      invoke: callStep({
        src: "deleteOperators",
        input: ({ context }) => ({ operatorIds: context.selected }),
        accepted: { target: "loading", actions: "afterDelete" },
        // The last administrator, an ID not of the tenant: the list and the ticks stay, the error beside them.
        refused: { target: "browsing", actions: "recordErrors" },
        exception: { target: "deleteFailed", actions: "recordException" },
      }),
    },
    deleteFailed: {
      on: {
        "step.retry": { target: "deleting", actions: "clearErrors" },
        "step.cancel": { target: "browsing" },
      },
    },
  },
});
