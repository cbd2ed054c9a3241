import {
  type DeleteOperatorsOutcome,
  type LoadOperatorsOutcome,
  type OperatorListEvent,
  type OperatorPage,
  operatorListMachine,
} from "../../../machines/admin/operatorListMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";
import { callThrew, operatorOf, ROLES } from "./operatorFixtures.ts";

/** 60 operators at 50 a page: page 1 of 2. */
export const firstPage: OperatorPage = {
  companyId: "CHECK",
  count: 60,
  operators: Array.from({ length: 50 }, (_, index) => operatorOf(index + 1)),
  matchingIds: Array.from({ length: 60 }, (_, index) => index + 1),
  roles: ROLES,
};
export const pageLoaded: LoadOperatorsOutcome = { ok: true, result: firstPage, messages: [] };
export const loadRefused: LoadOperatorsOutcome = {
  ok: false,
  errors: [{ code: ERROR.validation, field: "telegram.name", message: "Up to 30 characters" }],
};
export const deleted: DeleteOperatorsOutcome = {
  ok: true,
  result: { deleted: 1 },
  messages: [{ code: "003", message: "Deletion is complete." }],
};
export const lastAdministrator: DeleteOperatorsOutcome = {
  ok: false,
  errors: [{ code: ERROR.lastAdministrator, message: "Keep at least one." }],
};

export const load = { type: "list.load" } satisfies OperatorListEvent;
export const searchByName = {
  type: "search.submit",
  filter: { name: "Operator", email: "", roleId: "" },
} satisfies OperatorListEvent;
export const toPage2 = { type: "page.go", page: 2 } satisfies OperatorListEvent;
export const fiftyPerPage = { type: "pageSize.change", pageSize: 50 } satisfies OperatorListEvent;
export const tickFirst = { type: "row.toggle", operatorId: 1 } satisfies OperatorListEvent;
export const selectAll = { type: "all.select" } satisfies OperatorListEvent;
export const clear = { type: "selection.clear" } satisfies OperatorListEvent;
export const requestDelete = { type: "delete.request" } satisfies OperatorListEvent;
const retry = { type: "step.retry" } satisfies OperatorListEvent;

export const operatorListWalk = {
  machine: operatorListMachine,
  events: {
    "list.load": [load],
    "search.submit": [searchByName],
    "page.go": [toPage2],
    "pageSize.change": [fiftyPerPage],
    "row.toggle": [tickFirst],
    "all.select": [selectAll],
    "selection.clear": [clear],
    "delete.request": [requestDelete],
    "step.retry": [retry],
    "step.cancel": [{ type: "step.cancel" }],
  },
  outputs: {
    loadOperators: [pageLoaded, loadRefused],
    confirmDelete: [true, false],
    deleteOperators: [deleted, lastAdministrator],
  },
  failures: {
    loadOperators: [callThrew],
    confirmDelete: [callThrew],
    deleteOperators: [callThrew],
  },
  // From the first page of the default search only, one tick at most, no delete again after an
  // outcome: the graph stays small.
  filterEvents: (snapshot, event) => {
    const { filter, page, pageSize, selected, errors } = snapshot.context;
    const start = filter.name === "" && page === 1 && pageSize === 200;
    if (event.type === "search.submit" || event.type === "pageSize.change")
      return start && selected.length === 0;
    if (event.type === "page.go") return pageSize === 50 && selected.length === 0;
    if (event.type === "row.toggle" || event.type === "all.select") return start && selected.length === 0;
    if (event.type === "delete.request") return errors.length === 0;
    return true;
  },
  recordedActions: [],
  journeys: [
    {
      description: "50 per page, then page 2: the same search, the page asked",
      events: [
        load,
        { type: "xstate.done.actor.loadOperators", output: pageLoaded },
        fiftyPerPage,
        { type: "xstate.done.actor.loadOperators", output: pageLoaded },
        toPage2,
        { type: "xstate.done.actor.loadOperators", output: pageLoaded },
      ],
      endState: "browsing",
    },
    {
      description: "select all search results, confirm the delete: the list is loaded again without ticks",
      events: [
        load,
        { type: "xstate.done.actor.loadOperators", output: pageLoaded },
        selectAll,
        requestDelete,
        { type: "xstate.done.actor.confirmDelete", output: true },
        { type: "xstate.done.actor.deleteOperators", output: deleted },
      ],
      endState: "loading",
    },
    {
      description: "tick a row and delete, refused as the last administrator: the tick and the error stay",
      events: [
        load,
        { type: "xstate.done.actor.loadOperators", output: pageLoaded },
        tickFirst,
        requestDelete,
        { type: "xstate.done.actor.confirmDelete", output: true },
        { type: "xstate.done.actor.deleteOperators", output: lastAdministrator },
      ],
      endState: "browsing",
    },
    {
      description: "nothing ticked: delete does not ask",
      events: [load, { type: "xstate.done.actor.loadOperators", output: pageLoaded }, requestDelete],
      endState: "browsing",
    },
  ],
} satisfies MachineWalk<typeof operatorListMachine>;
