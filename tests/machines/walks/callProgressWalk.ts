import { type CallProgressEvent, callProgressMachine } from "../../../machines/call/callProgressMachine.ts";
import type { CallOutcome } from "../../../machines/shared/outcome.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const callAccepted: CallOutcome<unknown> = {
  ok: true,
  result: { negativeId: "N-1" },
  messages: [{ code: "001", message: "Registration complete" }],
};
export const callRefused: CallOutcome<unknown> = {
  ok: false,
  errors: [{ code: ERROR.duplicate, message: "Already registered", field: "value" }],
};
export const callThrew = new Error("socket hang up");

const start = { type: "call.start", input: { value: "192.0.2.1" } } satisfies CallProgressEvent;

export const callProgressWalk = {
  machine: callProgressMachine,
  events: {
    "call.start": [start],
    "call.reset": [{ type: "call.reset" }],
  },
  outputs: { execute: [callAccepted, callRefused] },
  failures: { execute: [callThrew] },
  recordedActions: [],
  journeys: [
    {
      description: "a refused call is retried and succeeds",
      events: [
        start,
        { type: "xstate.done.actor.execute", output: callRefused },
        start,
        { type: "xstate.done.actor.execute", output: callAccepted },
      ],
      endState: "success",
    },
    {
      description: "a thrown exception lands in error, and reset clears it",
      events: [start, { type: "xstate.error.actor.execute", error: callThrew }, { type: "call.reset" }],
      endState: "initial",
    },
  ],
} satisfies MachineWalk<typeof callProgressMachine>;
