import { assign, setup } from "xstate";
import type { ApiConnectionInfo } from "../../src/contract/apiConnection.ts";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { type CallOutcome, hasCode } from "../shared/outcome.ts";

export interface ApiConnectionContext {
  /** The company's connection info with the key masked; null until loaded. */
  info: ApiConnectionInfo | null;
  /** The secret key in clear, only while it is shown (after a reveal or a rotation). */
  secretKey: string | null;
  /**
   * The shown key is the one a rotation just issued, so the view says the old one stopped working.
   * Context, not a state: it must survive the copy and the backed-out confirmation that leave `revealed`.
   */
  rotated: boolean;
  errors: ErrorItem[];
}

export type ApiConnectionEvent =
  | { type: "connection.load" }
  | { type: "secret.reveal" }
  | { type: "secret.hide" }
  | { type: "secret.copy" }
  | { type: "rotate.request" };

export type LoadInfoOutcome = CallOutcome<ApiConnectionInfo>;
export type RevealSecretOutcome = CallOutcome<{ secretKey: string }>;
export type RotateSecretOutcome = CallOutcome<{ info: ApiConnectionInfo; secretKey: string }>;
/** Copying the key: refused like a reveal, or done with `copied` false when the clipboard said no. */
export type CopySecretOutcome = CallOutcome<{ copied: boolean }>;
/** The key the operator saw (the info's rotatedAt): another rotation since is refused with 015. */
export interface RotateSecretInput {
  rotatedAt: string;
}
/** The key already shown is copied as it is; a masked one is fetched for the clipboard alone. */
export interface CopySecretInput {
  shown: string | null;
}

/**
 * API connection information (spec section 2): loads the info, reveals and hides the secret key, copies
 * it (a masked key goes to the clipboard without ever being shown or kept in the context), and
 * reissues it once the operator confirmed (the app's `confirmRotate` asks through the confirmation
 * dialog and resolves true or false): only the key the operator saw (its rotatedAt) is replaced, and
 * when another administrator reissued it first (015) the info reloads and `announceConflict` says so.
 * The view reads `busy`, the state and `rotated` (the new key's notice); the server decides who may
 * reveal or rotate; `announceCopied` and `announceCopyFailed` tell the operator how a copy went.
 */
const apiConnectionSetup = setup({
  types: {
    context: {} as ApiConnectionContext,
    events: {} as ApiConnectionEvent,
  },
  actors: {
    loadInfo: notProvided<LoadInfoOutcome>("loadInfo"),
    revealSecret: notProvided<RevealSecretOutcome>("revealSecret"),
    copySecret: notProvided<CopySecretOutcome, CopySecretInput>("copySecret"),
    confirmRotate: notProvided<boolean>("confirmRotate"),
    rotateSecret: notProvided<RotateSecretOutcome, RotateSecretInput>("rotateSecret"),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    copied: (_, params: { outcome: CopySecretOutcome }) => params.outcome.ok && params.outcome.result.copied,
    secretShown: ({ context }) => context.secretKey !== null,
    /** Another administrator reissued the key since this screen loaded it (015). */
    conflict: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, ERROR.conflict),
  },
  actions: {
    recordInfo: assign((_, params: { result: ApiConnectionInfo }) => ({
      info: params.result,
      secretKey: null,
      rotated: false,
      errors: [],
    })),
    recordSecret: assign((_, params: { result: { secretKey: string } }) => ({
      secretKey: params.result.secretKey,
      rotated: false,
    })),
    recordRotation: assign((_, params: { result: { info: ApiConnectionInfo; secretKey: string } }) => ({
      info: params.result.info,
      secretKey: params.result.secretKey,
      rotated: true,
      errors: [],
    })),
    forgetSecret: assign({ secretKey: null, rotated: false }),
    announceCopied: () => {},
    /** Provided by the app: the clipboard refused; `masked` when the key was not on screen to select. */
    announceCopyFailed: (_, _params: { masked: boolean }) => {},
    /** Provided by the app: tells the operator another administrator reissued the key first (015). */
    announceConflict: () => {},
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({
      secretKey: null,
      rotated: false,
      errors: params.errors,
    })),
    recordException: assign((_, params: { error: unknown }) => ({
      secretKey: null,
      rotated: false,
      errors: [internalFailure(params.error)],
    })),
  },
});

const callStep = callSteps(apiConnectionSetup);

/** Any other refusal or an exception of a call on this screen: the error state, with the key hidden. */
const toError = {
  refused: { target: "error", actions: "recordErrors" },
  exception: { target: "error", actions: "recordException" },
} as const;

export const apiConnectionMachine = apiConnectionSetup.createMachine({
  id: "apiConnection",
  context: { info: null, secretKey: null, rotated: false, errors: [] },
  initial: "idle",
  states: {
    idle: {
      on: { "connection.load": "loading" },
    },
    loading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadInfo",
        accepted: { target: "ready", actions: "recordInfo" },
        ...toError,
      }),
    },
    ready: {
      on: {
        "secret.reveal": "revealing",
        "secret.copy": "copying",
        "rotate.request": "confirmingRotate",
      },
    },
    copying: {
      tags: ["busy"],
      invoke: callStep({
        src: "copySecret",
        input: ({ context }) => ({ shown: context.secretKey }),
        // Back where the copy began: the key still shown if it was, still masked if it was.
        before: [{ guard: "copied", target: "returnAfterCopy", actions: "announceCopied" }],
        accepted: {
          target: "returnAfterCopy",
          actions: {
            type: "announceCopyFailed",
            params: ({ context }) => ({ masked: context.secretKey === null }),
          },
        },
        ...toError,
      }),
    },
    returnAfterCopy: {
      always: [{ guard: "secretShown", target: "revealed" }, { target: "ready" }],
    },
    revealing: {
      tags: ["busy"],
      invoke: callStep({
        src: "revealSecret",
        accepted: { target: "revealed", actions: "recordSecret" },
        ...toError,
      }),
    },
    revealed: {
      on: {
        "secret.hide": { target: "ready", actions: "forgetSecret" },
        "secret.copy": "copying",
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
      invoke: callStep({
        src: "rotateSecret",
        input: ({ context }) => ({ rotatedAt: context.info?.rotatedAt ?? "" }),
        // The new key is answered once, so it is shown at once.
        accepted: { target: "revealed", actions: "recordRotation" },
        refused: [
          // Another administrator reissued it first: their key is the one in force, so nothing is shown
          // as new; the info reloads to show that key's mask, and 015 says why.
          { guard: "conflict", target: "loading", actions: ["forgetSecret", "announceConflict"] },
          toError.refused,
        ],
        exception: toError.exception,
      }),
    },
    error: {
      // Retry from the start: the info may have changed (a rotation that failed half-way is unknown).
      on: { "connection.load": "loading" },
    },
  },
});
