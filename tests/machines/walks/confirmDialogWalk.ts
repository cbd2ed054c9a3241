import {
  type ConfirmDialogEvent,
  confirmDialogMachine,
} from "../../../machines/dialog/confirmDialogMachine.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

const openExecute = {
  type: "dialog.open",
  messageKey: "confirm.register",
  variant: "execute",
} satisfies ConfirmDialogEvent;
const openYesNo = {
  type: "dialog.open",
  messageKey: "confirm.operatorDelete",
  variant: "yesNo",
} satisfies ConfirmDialogEvent;

export const confirmDialogWalk = {
  machine: confirmDialogMachine,
  events: {
    "dialog.open": [openExecute, openYesNo],
    "dialog.confirm": [{ type: "dialog.confirm" }],
    "dialog.cancel": [{ type: "dialog.cancel" }],
  },
  outputs: {},
  failures: {},
  recordedActions: ["proceed", "cancelled"],
  journeys: [
    {
      description: "confirming proceeds once, after the closing delay, and the dialog opens again",
      events: [
        openExecute,
        { type: "dialog.confirm" },
        { type: "xstate.after.closeDelay.confirmDialog.closingConfirmed" },
        openYesNo,
      ],
      endState: "open",
      actions: ["proceed"],
    },
    {
      description: "cancelling runs cancelled, never proceed",
      events: [
        openYesNo,
        { type: "dialog.cancel" },
        { type: "xstate.after.closeDelay.confirmDialog.closingCancelled" },
      ],
      endState: "closed",
      actions: ["cancelled"],
    },
    {
      description: "a second confirm while closing is ignored: proceed runs once",
      events: [
        openExecute,
        { type: "dialog.confirm" },
        { type: "dialog.confirm" },
        { type: "dialog.cancel" },
        { type: "xstate.after.closeDelay.confirmDialog.closingConfirmed" },
      ],
      endState: "closed",
      actions: ["proceed"],
    },
  ],
} satisfies MachineWalk<typeof confirmDialogMachine>;
