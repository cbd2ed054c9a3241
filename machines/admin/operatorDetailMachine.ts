import { assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import type { Operator } from "../../src/contract/operators.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { type CallOutcome, hasCode } from "../shared/outcome.ts";

export interface OperatorDetailInput {
  operatorId: number;
}

export interface OperatorDetailContext {
  operatorId: number;
  operator: Operator | null;
  /** The server's refusal (676 unknown, the last administrator, 015) or an exception. */
  errors: ErrorItem[];
}

export type OperatorDetailEvent =
  | { type: "delete.request" }
  | { type: "unlock.request" }
  | { type: "step.retry" }
  | { type: "step.cancel" };

export type LoadOperatorOutcome = CallOutcome<{ operator: Operator }>;
export type DeleteOperatorOutcome = CallOutcome<{ deleted: number }>;
export type UnlockOperatorOutcome = CallOutcome<{ operator: Operator }>;

/**
 * /OperatorDetail (spec section 2): loads the operator (676 when not of the tenant), deletes them after
 * the app's Yes/No `confirmDelete` (then the app's `leaveDeleted` goes back to the list) and unlocks a
 * password lock after `confirmUnlock` at the version shown. 015 (changed since it was read) reloads the
 * operator with the error kept; other refusals stay with their error; an exception offers a retry.
 */
const operatorDetailSetup = setup({
  types: {
    context: {} as OperatorDetailContext,
    events: {} as OperatorDetailEvent,
    input: {} as OperatorDetailInput,
  },
  actors: {
    loadOperator: notProvided<LoadOperatorOutcome, { operatorId: number }>("loadOperator"),
    confirmDelete: notProvided<boolean>("confirmDelete"),
    deleteOperator: notProvided<DeleteOperatorOutcome, { operatorId: number }>("deleteOperator"),
    confirmUnlock: notProvided<boolean>("confirmUnlock"),
    unlockOperator: notProvided<UnlockOperatorOutcome, { operatorId: number; version: number }>(
      "unlockOperator",
    ),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    locked: ({ context }) => context.operator?.locked === true,
    stale: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, ERROR.conflict),
  },
  actions: {
    recordOperator: assign((_, params: { result: { operator: Operator } }) => ({
      operator: params.result.operator,
    })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({ errors: [internalFailure(params.error)] })),
    clearErrors: assign({ errors: [] }),
    // Provided by the app: back to the list once the operator is deleted.
    leaveDeleted: () => {},
  },
});

const callStep = callSteps(operatorDetailSetup);

export const operatorDetailMachine = operatorDetailSetup.createMachine({
  id: "operatorDetail",
  context: ({ input }) => ({ operatorId: input.operatorId, operator: null, errors: [] }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadOperator",
        input: ({ context }) => ({ operatorId: context.operatorId }),
        accepted: { target: "showing", actions: "recordOperator" },
        refused: { target: "loadFailed", actions: "recordErrors" },
        exception: { target: "loadFailed", actions: "recordException" },
      }),
    },
    loadFailed: {
      on: { "step.retry": { target: "loading", actions: "clearErrors" } },
    },
    showing: {
      on: {
        "delete.request": { target: "confirmingDelete", actions: "clearErrors" },
        "unlock.request": { guard: "locked", target: "confirmingUnlock", actions: "clearErrors" },
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
        src: "deleteOperator",
        input: ({ context }) => ({ operatorId: context.operatorId }),
        accepted: { target: "deleted" },
        refused: { target: "showing", actions: "recordErrors" },
        exception: { target: "actionFailed", actions: "recordException" },
      }),
    },
    confirmingUnlock: {
      invoke: {
        id: "confirmUnlock",
        src: "confirmUnlock",
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "unlocking",
          },
          { target: "showing" },
        ],
        onError: {
          target: "showing",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    unlocking: {
      tags: ["busy"],
      invoke: callStep({
        src: "unlockOperator",
        input: ({ context }) => ({ operatorId: context.operatorId, version: context.operator?.version ?? 0 }),
        accepted: { target: "showing", actions: "recordOperator" },
        refused: [
          // Changed since it was shown: shown again as stored now, the error kept beside it.
          { guard: "stale", target: "reloading", actions: "recordErrors" },
          { target: "showing", actions: "recordErrors" },
        ],
        exception: { target: "actionFailed", actions: "recordException" },
      }),
    },
    reloading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadOperator",
        input: ({ context }) => ({ operatorId: context.operatorId }),
        accepted: { target: "showing", actions: "recordOperator" },
        refused: { target: "loadFailed", actions: "recordErrors" },
        exception: { target: "loadFailed", actions: "recordException" },
      }),
    },
    actionFailed: {
      on: { "step.cancel": { target: "showing", actions: "clearErrors" } },
    },
    deleted: { type: "final", entry: "leaveDeleted" },
  },
});
