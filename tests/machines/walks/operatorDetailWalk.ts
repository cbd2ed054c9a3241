import {
  type DeleteOperatorOutcome,
  type LoadOperatorOutcome,
  type OperatorDetailEvent,
  operatorDetailMachine,
  type UnlockOperatorOutcome,
} from "../../../machines/admin/operatorDetailMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";
import { callThrew, operatorOf } from "./operatorFixtures.ts";

export const lockedOperator = operatorOf(9, { locked: true, version: 4 });

export const lockedLoaded: LoadOperatorOutcome = {
  ok: true,
  result: { operator: lockedOperator },
  messages: [],
};
export const notFound: LoadOperatorOutcome = {
  ok: false,
  errors: [{ code: ERROR.noDataFound, message: "No relevant data found" }],
};
export const deleted: DeleteOperatorOutcome = {
  ok: true,
  result: { deleted: 1 },
  messages: [{ code: "003", message: "Deletion is complete." }],
};
export const lastAdministrator: DeleteOperatorOutcome = {
  ok: false,
  errors: [{ code: ERROR.lastAdministrator, message: "Keep at least one." }],
};
export const unlocked: UnlockOperatorOutcome = {
  ok: true,
  result: { operator: { ...lockedOperator, locked: false, version: 5 } },
  messages: [{ code: "002", message: "Update is complete." }],
};
export const unlockStale: UnlockOperatorOutcome = {
  ok: false,
  errors: [{ code: ERROR.conflict, message: "Another user is updating the same information." }],
};
export const unlockRefused: UnlockOperatorOutcome = {
  ok: false,
  errors: [{ code: ERROR.validation, message: "version: must be at least 1" }],
};

const requestDelete = { type: "delete.request" } satisfies OperatorDetailEvent;
const requestUnlock = { type: "unlock.request" } satisfies OperatorDetailEvent;
const retry = { type: "step.retry" } satisfies OperatorDetailEvent;

export const operatorDetailWalk = {
  machine: operatorDetailMachine,
  input: { operatorId: lockedOperator.operatorId },
  events: {
    "delete.request": [requestDelete],
    "unlock.request": [requestUnlock],
    "step.retry": [retry],
    "step.cancel": [{ type: "step.cancel" }],
  },
  outputs: {
    loadOperator: [lockedLoaded, notFound],
    confirmDelete: [true, false],
    deleteOperator: [deleted, lastAdministrator],
    confirmUnlock: [true, false],
    unlockOperator: [unlocked, unlockStale, unlockRefused],
  },
  failures: {
    loadOperator: [callThrew],
    confirmDelete: [callThrew],
    deleteOperator: [callThrew],
    confirmUnlock: [callThrew],
    unlockOperator: [callThrew],
  },
  // No action again after an outcome that left an error: the graph stays small.
  filterEvents: (snapshot, event) => {
    if (event.type === "delete.request" || event.type === "unlock.request")
      return snapshot.context.errors.length === 0;
    return true;
  },
  recordedActions: ["leaveDeleted"],
  journeys: [
    {
      description: "delete after Yes: the app goes back to the list",
      events: [
        { type: "xstate.done.actor.loadOperator", output: lockedLoaded },
        requestDelete,
        { type: "xstate.done.actor.confirmDelete", output: true },
        { type: "xstate.done.actor.deleteOperator", output: deleted },
      ],
      endState: "deleted",
      actions: ["leaveDeleted"],
    },
    {
      description: "unlock a locked operator after confirming: shown unlocked at the next version",
      events: [
        { type: "xstate.done.actor.loadOperator", output: lockedLoaded },
        requestUnlock,
        { type: "xstate.done.actor.confirmUnlock", output: true },
        { type: "xstate.done.actor.unlockOperator", output: unlocked },
      ],
      endState: "showing",
    },
    {
      description: "an unlock answered 015 shows the operator as stored now, the error kept",
      events: [
        { type: "xstate.done.actor.loadOperator", output: lockedLoaded },
        requestUnlock,
        { type: "xstate.done.actor.confirmUnlock", output: true },
        { type: "xstate.done.actor.unlockOperator", output: unlockStale },
        { type: "xstate.done.actor.loadOperator", output: lockedLoaded },
      ],
      endState: "showing",
    },
  ],
} satisfies MachineWalk<typeof operatorDetailMachine>;
