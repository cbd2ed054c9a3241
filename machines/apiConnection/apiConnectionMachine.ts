import { assign, setup } from "xstate";
import type { ApiConnectionInfo } from "../../src/contract/apiConnection.ts";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { acceptedResult, type CallOutcome, isAccepted, refusalErrors } from "../shared/outcome.ts";

export interface ApiConnectionContext {
  /** The company's connection info with the key masked; null until loaded. */
  info: ApiConnectionInfo | null;
  /** The secret key in clear, only while it is shown (after a reveal or a rotation). */
  secretKey: string | null;
  errors: ErrorItem[];
}

export type ApiConnectionEvent =
  | { type: "connection.load" }
  | { type: "secret.reveal" }
  | { type: "secret.hide" }
  | { type: "rotate.request" };

export type LoadInfoOutcome = CallOutcome<ApiConnectionInfo>;
export type RevealSecretOutcome = CallOutcome<{ secretKey: string }>;
export type RotateSecretOutcome = CallOutcome<{ info: ApiConnectionInfo; secretKey: string }>;

/**
 * API connection information (spec section 2): loads the info, reveals and hides the secret key, and
 * reissues it once the operator confirmed (the app's `confirmRotate` asks through the confirmation
 * dialog and resolves true or false). The view reads `busy` and the state; the server decides who may
 * reveal or rotate.
 */
export const apiConnectionMachine = setup({
  types: {
    context: {} as ApiConnectionContext,
    events: {} as ApiConnectionEvent,
  },
  actors: {
    loadInfo: notProvided<LoadInfoOutcome>("loadInfo"),
    revealSecret: notProvided<RevealSecretOutcome>("revealSecret"),
    confirmRotate: notProvided<boolean>("confirmRotate"),
    rotateSecret: notProvided<RotateSecretOutcome>("rotateSecret"),
  },
  guards: {
    outcomeAccepted: (_, params: { outcome: CallOutcome<unknown> }) => isAccepted(params.outcome),
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    secretShown: ({ context }) => context.secretKey !== null,
  },
  actions: {
    recordInfo: assign((_, params: { info: ApiConnectionInfo }) => ({
      info: params.info,
      secretKey: null,
      errors: [],
    })),
    recordSecret: assign((_, params: { secretKey: string }) => ({ secretKey: params.secretKey })),
    recordRotation: assign((_, params: { info: ApiConnectionInfo; secretKey: string }) => ({
      info: params.info,
      secretKey: params.secretKey,
      errors: [],
    })),
    forgetSecret: assign({ secretKey: null }),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({
      secretKey: null,
      errors: params.errors,
    })),
    recordException: assign((_, params: { error: unknown }) => ({
      secretKey: null,
      errors: [internalFailure(params.error)],
    })),
  },
}).createMachine({
  id: "apiConnection",
  context: { info: null, secretKey: null, errors: [] },
  initial: "idle",
  states: {
    idle: {
      on: { "connection.load": "loading" },
    },
    loading: {
      tags: ["busy"],
      invoke: {
        id: "loadInfo",
        src: "loadInfo",
        onDone: [
          {
            guard: { type: "outcomeAccepted", params: ({ event }) => ({ outcome: event.output }) },
            target: "ready",
            actions: { type: "recordInfo", params: ({ event }) => ({ info: acceptedResult(event.output) }) },
          },
          {
            target: "error",
            actions: {
              type: "recordErrors",
              params: ({ event }) => ({ errors: refusalErrors(event.output) }),
            },
          },
        ],
        onError: {
          target: "error",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {
      on: {
        "secret.reveal": "revealing",
        "rotate.request": "confirmingRotate",
      },
    },
    revealing: {
      tags: ["busy"],
      invoke: {
        id: "revealSecret",
        src: "revealSecret",
        onDone: [
          {
            guard: { type: "outcomeAccepted", params: ({ event }) => ({ outcome: event.output }) },
            target: "revealed",
            actions: {
              type: "recordSecret",
              params: ({ event }) => ({ secretKey: acceptedResult(event.output).secretKey }),
            },
          },
          {
            target: "error",
            actions: {
              type: "recordErrors",
              params: ({ event }) => ({ errors: refusalErrors(event.output) }),
            },
          },
        ],
        onError: {
          target: "error",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    revealed: {
      on: {
        "secret.hide": { target: "ready", actions: "forgetSecret" },
        "rotate.request": "confirmingRotate",
      },
    },
    confirmingRotate: {
      invoke: {
        id: "confirmRotate",
        src: "confirmRotate",
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "rotating",
          },
          // Backing out leaves the key as it was: still shown if it was shown.
          { guard: "secretShown", target: "revealed" },
          { target: "ready" },
        ],
        onError: {
          target: "error",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    rotating: {
      tags: ["busy"],
      invoke: {
        id: "rotateSecret",
        src: "rotateSecret",
        onDone: [
          {
            guard: { type: "outcomeAccepted", params: ({ event }) => ({ outcome: event.output }) },
            // The new key is answered once, so it is shown at once.
            target: "revealed",
            actions: {
              type: "recordRotation",
              params: ({ event }) => acceptedResult(event.output),
            },
          },
          {
            target: "error",
            actions: {
              type: "recordErrors",
              params: ({ event }) => ({ errors: refusalErrors(event.output) }),
            },
          },
        ],
        onError: {
          target: "error",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    error: {
      // Retry from the start: the info may have changed (a rotation that failed half-way is unknown).
      on: { "connection.load": "loading" },
    },
  },
});
