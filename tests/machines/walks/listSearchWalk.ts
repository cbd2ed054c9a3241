import {
  type DeleteRowsOutcome,
  type ListRow,
  type ListSearchEvent,
  listSearchMachine,
  type SearchRowsOutcome,
} from "../../../machines/lists/listSearchMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const whiteRows: ListRow[] = [
  {
    key: "ip\u0000133.48.10.20",
    cells: {
      type: "ip",
      value: "133.48.10.20",
      createdAt: "2026-01-05T01:02:03.000Z",
      operatorName: "審査者",
    },
  },
  {
    key: "tel\u00000355550100",
    cells: { type: "tel", value: "0355550100", createdAt: "2026-01-04T01:02:03.000Z", operatorName: null },
  },
];

export const rowsFound: SearchRowsOutcome = { ok: true, result: { rows: whiteRows }, messages: [] };
export const noneFound: SearchRowsOutcome = {
  ok: true,
  result: { rows: [] },
  messages: [{ code: "676", message: "No relevant data found" }],
};
export const searchRefused: SearchRowsOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const rowsDeleted: DeleteRowsOutcome = {
  ok: true,
  result: { deleted: 1 },
  messages: [{ code: "003", message: "Deletion is complete." }],
};
export const deleteRefused: DeleteRowsOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const callThrew = new Error("network down");

export const searchIp = {
  type: "search.submit",
  criteria: { type: "ip", value: "133." },
} satisfies ListSearchEvent;
const toggleFirst = { type: "row.toggle", key: whiteRows[0]?.key ?? "" } satisfies ListSearchEvent;
const toggleAll = { type: "rows.toggleAll" } satisfies ListSearchEvent;
const remove = { type: "delete.request" } satisfies ListSearchEvent;

export const listSearchWalk = {
  machine: listSearchMachine,
  events: {
    "search.submit": [searchIp],
    "row.toggle": [toggleFirst],
    "rows.toggleAll": [toggleAll],
    "delete.request": [remove],
  },
  outputs: {
    searchRows: [rowsFound, noneFound, searchRefused],
    confirmDelete: [true, false],
    deleteRows: [rowsDeleted, deleteRefused],
  },
  failures: {
    searchRows: [callThrew],
    confirmDelete: [callThrew],
    deleteRows: [callThrew],
  },
  recordedActions: [],
  journeys: [
    {
      description: "search, select a row, confirm Yes: the row is deleted and the list searched again",
      events: [
        searchIp,
        { type: "xstate.done.actor.searchRows", output: rowsFound },
        toggleFirst,
        remove,
        { type: "xstate.done.actor.confirmDelete", output: true },
        { type: "xstate.done.actor.deleteRows", output: rowsDeleted },
        { type: "xstate.done.actor.searchRows", output: noneFound },
      ],
      endState: "noData",
    },
    {
      description: "select all, answer No: nothing is deleted and the selection stays",
      events: [
        searchIp,
        { type: "xstate.done.actor.searchRows", output: rowsFound },
        toggleAll,
        remove,
        { type: "xstate.done.actor.confirmDelete", output: false },
      ],
      endState: "showing",
    },
    {
      description: "a delete without a selection asks nothing",
      events: [searchIp, { type: "xstate.done.actor.searchRows", output: rowsFound }, remove],
      endState: "showing",
    },
    {
      description: "a failed search is searched again and shows the rows",
      events: [
        searchIp,
        { type: "xstate.error.actor.searchRows", error: callThrew },
        searchIp,
        { type: "xstate.done.actor.searchRows", output: rowsFound },
      ],
      endState: "showing",
    },
  ],
} satisfies MachineWalk<typeof listSearchMachine>;
