import { assertEvent, assign, setup } from "xstate";
import { CALL_STATUS } from "../../src/contract/codes.ts";
import type { ErrorItem, MessageItem } from "../../src/contract/envelope.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import type { CallOutcome } from "../shared/outcome.ts";

export interface CallProgressContext {
  /** The accepted call's result; null until a call succeeds. */
  result: unknown;
  /** Success messages to show in the snackbar (spec section 7). */
  messages: MessageItem[];
  /** Refusal errors, or one ServerError.InternalFailure entry for a real exception. */
  errors: ErrorItem[];
}

export type CallProgressEvent = { type: "call.start"; input: unknown } | { type: "call.reset" };

/**
 * Call progress of spec section 4 (initial, executing, 10 success, 20 error), reusable by any screen:
 * the screen provides `execute` and reads the tags `busy`, "10" and "20".
 */
const callProgressSetup = setup({
  types: {
    context: {} as CallProgressContext,
    events: {} as CallProgressEvent,
  },
  actors: {
    execute: notProvided<CallOutcome<unknown>, unknown>("execute"),
  },
  guards: {
    outcomeAccepted,
  },
  actions: {
    recordSuccess: assign((_, params: { result: unknown; messages: MessageItem[] }) => ({
      result: params.result,
      messages: params.messages,
      errors: [],
    })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({
      result: null,
      messages: [],
      errors: params.errors,
    })),
    recordException: assign((_, params: { error: unknown }) => ({
      result: null,
      messages: [],
      errors: [internalFailure(params.error)],
    })),
    clearProgress: assign({ result: null, messages: [], errors: [] }),
  },
});

const callStep = callSteps(callProgressSetup);

export const callProgressMachine = callProgressSetup.createMachine({
  id: "callProgress",
  context: { result: null, messages: [], errors: [] },
  initial: "initial",
  on: {
    // Leaving a screen or clearing a form: drop the outcome (and abandon a running call).
    "call.reset": { target: ".initial", actions: "clearProgress" },
  },
  states: {
    initial: {
      on: { "call.start": "executing" },
    },
    executing: {
      tags: ["busy"],
      invoke: callStep({
        src: "execute",
        // The actor's input is `unknown`, which gives no contextual type here, hence the annotation.
        input: ({ event }: { event: CallProgressEvent }) => {
          assertEvent(event, "call.start");
          return event.input;
        },
        accepted: { target: "success", actions: "recordSuccess" },
        refused: { target: "error", actions: "recordErrors" },
        exception: { target: "error", actions: "recordException" },
      }),
    },
    success: {
      tags: [CALL_STATUS.success],
      on: { "call.start": "executing" },
    },
    error: {
      tags: [CALL_STATUS.error],
      on: { "call.start": "executing" },
    },
  },
});
