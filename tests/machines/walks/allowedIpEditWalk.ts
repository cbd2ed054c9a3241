import {
  type AllowedIpEditEvent,
  allowedIpEditMachine,
  type LoadListsOutcome,
  type PreviewListOutcome,
  type UpdateListOutcome,
} from "../../../machines/admin/allowedIpEditMachine.ts";
import type { AllowedIpEntry } from "../../../src/contract/allowedIp.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const savedConsole = [{ address: "192.0.2.10", subnet: 32 }] satisfies AllowedIpEntry[];
export const savedApi = [{ address: "198.51.100.0", subnet: 24 }] satisfies AllowedIpEntry[];

export const listsLoaded: LoadListsOutcome = {
  ok: true,
  result: { console: savedConsole, api: savedApi, yourAddress: "192.0.2.10" },
  messages: [],
};
export const listsRefused: LoadListsOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const consoleSaved: UpdateListOutcome = {
  ok: true,
  result: { entries: [...savedConsole, { address: "203.0.113.5", subnet: 32 }] },
  messages: [{ code: "002", message: "Update is complete." }],
};
export const updateSelfLockout: UpdateListOutcome = {
  ok: false,
  errors: [{ code: ERROR.selfLockout, message: "The list would refuse your own address." }],
};
export const updateConflict: UpdateListOutcome = {
  ok: false,
  errors: [
    {
      code: ERROR.conflict,
      message: "Another user is updating the same information. Please reload and try again.",
    },
  ],
};
export const previewNothingRefused: PreviewListOutcome = {
  ok: true,
  result: {
    days: 30,
    refusedSignIns: 0,
    refusedSignInSources: [],
    refusedApiCalls: 0,
    refusedApiCallSources: [],
  },
  messages: [],
};
export const previewRefuses: PreviewListOutcome = {
  ok: true,
  result: {
    days: 30,
    refusedSignIns: 4,
    refusedSignInSources: [{ address: "198.51.100.7", count: 4 }],
    refusedApiCalls: 0,
    refusedApiCallSources: [],
  },
  messages: [],
};
export const previewInvalid: PreviewListOutcome = {
  ok: false,
  errors: [{ code: ERROR.validation, message: "has an incorrect format" }],
};
export const callThrew = new Error("network down");
const previewed = { type: "xstate.done.actor.previewList", output: previewNothingRefused } as const;

export const addRow = {
  type: "row.add",
  kind: "console",
  address: "203.0.113.5",
  subnet: "",
} satisfies AllowedIpEditEvent;
export const addBadAddress = {
  type: "row.add",
  kind: "console",
  address: "203.0.113",
  subnet: "40",
} satisfies AllowedIpEditEvent;
export const addDuplicate = {
  type: "row.add",
  kind: "console",
  address: "192.0.2.10",
  subnet: "32",
} satisfies AllowedIpEditEvent;
const deleteRow = { type: "row.delete", kind: "console", index: 0 } satisfies AllowedIpEditEvent;
const revert = { type: "list.revert", kind: "console" } satisfies AllowedIpEditEvent;
const update = { type: "list.update", kind: "console" } satisfies AllowedIpEditEvent;
const retry = { type: "step.retry" } satisfies AllowedIpEditEvent;

const sameRows = (a: readonly AllowedIpEntry[], b: readonly AllowedIpEntry[]) =>
  JSON.stringify(a) === JSON.stringify(b);

export const allowedIpEditWalk = {
  machine: allowedIpEditMachine,
  events: {
    "row.add": [addRow, addBadAddress],
    "row.delete": [deleteRow],
    "list.revert": [revert],
    "list.update": [update],
    "step.retry": [retry],
    "step.cancel": [{ type: "step.cancel" }],
  },
  outputs: {
    loadLists: [listsLoaded, listsRefused],
    previewList: [previewNothingRefused, previewInvalid],
    confirmUpdate: [true, false],
    updateList: [consoleSaved, updateSelfLockout],
  },
  failures: {
    loadLists: [callThrew],
    previewList: [callThrew],
    confirmUpdate: [callThrew],
    updateList: [callThrew],
  },
  // One edit away from the saved lists at most, and no save again after an outcome: the graph stays small.
  filterEvents: (snapshot, event) => {
    const { saved, draft, errors, rowProblems } = snapshot.context;
    const pristine =
      sameRows(saved.console, draft.console) &&
      sameRows(saved.api, draft.api) &&
      errors.length === 0 &&
      rowProblems.console.length === 0;
    if (event.type === "row.add" || event.type === "row.delete") return pristine;
    if (event.type === "list.update") return errors.length === 0;
    return true;
  },
  recordedActions: [],
  journeys: [
    {
      description:
        "add a row (subnet left empty is 32), confirm the update: the saved list is the edited one",
      events: [
        { type: "xstate.done.actor.loadLists", output: listsLoaded },
        addRow,
        update,
        previewed,
        { type: "xstate.done.actor.confirmUpdate", output: true },
        { type: "xstate.done.actor.updateList", output: consoleSaved },
      ],
      endState: "editing",
    },
    {
      description: "an address already in the list is refused on the row and not added",
      events: [{ type: "xstate.done.actor.loadLists", output: listsLoaded }, addDuplicate],
      endState: "editing",
    },
    {
      description: "delete a row and revert: the list is as saved again",
      events: [{ type: "xstate.done.actor.loadLists", output: listsLoaded }, deleteRow, revert],
      endState: "editing",
    },
    {
      description: "an update refused with 015 goes back to editing with the edited list and the error",
      events: [
        { type: "xstate.done.actor.loadLists", output: listsLoaded },
        deleteRow,
        update,
        previewed,
        { type: "xstate.done.actor.confirmUpdate", output: true },
        { type: "xstate.done.actor.updateList", output: updateConflict },
      ],
      endState: "editing",
    },
    {
      description: "a save that failed is retried and saved",
      events: [
        { type: "xstate.done.actor.loadLists", output: listsLoaded },
        addRow,
        update,
        previewed,
        { type: "xstate.done.actor.confirmUpdate", output: true },
        { type: "xstate.error.actor.updateList", error: callThrew },
        retry,
        { type: "xstate.done.actor.updateList", output: consoleSaved },
      ],
      endState: "editing",
    },
  ],
} satisfies MachineWalk<typeof allowedIpEditMachine>;
