import { assertEvent, assign, setup } from "xstate";
import type { LoginInfo } from "../../src/contract/auth.ts";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { acceptedResult, type CallOutcome } from "../shared/outcome.ts";

/** What the login form submits (spec section 2, Login). */
export interface LoginCredentials {
  companyId: string;
  email: string;
  password: string;
}

export interface AuthContext {
  /** The signed-in operator's login info as this tab knows it; null while signed out. */
  loginInfo: LoginInfo | null;
  /** Why the last login (903, validation) or logout failed; cleared on the next submit. */
  errors: ErrorItem[];
}

export type AuthEvent =
  | ({ type: "login.submit" } & LoginCredentials)
  | { type: "logout.confirmed" }
  | { type: "session.expired" }
  | { type: "session.check"; stored: LoginInfo | null };

/** Spec section 4: logged in means the stored login info holds an operator (or user) and a token. */
const isUsableLogin = (info: LoginInfo | null): info is LoginInfo =>
  info !== null && info.loginToken !== "" && info.loginOperator !== null;

/** Same operator of the same company: another tab signing in as someone else makes this false. */
const isSameOperator = (a: LoginInfo, b: LoginInfo): boolean =>
  a.loginOperator?.companyId === b.loginOperator?.companyId &&
  a.loginOperator?.operatorId === b.loginOperator?.operatorId;

/**
 * Sign-in and sign-out of the console (spec sections 3 and 4). The app provides the API actors
 * (client calls and localStorage) and the navigation actions; the machine only decides.
 */
const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    readStoredLogin: notProvided<LoginInfo | null>("readStoredLogin"),
    login: notProvided<CallOutcome<LoginInfo>, LoginCredentials>("login"),
    logout: notProvided<CallOutcome<unknown>>("logout"),
  },
  guards: {
    storedLoginUsable: (_, params: { stored: LoginInfo | null }) => isUsableLogin(params.stored),
    storedLoginMatchesCurrent: ({ context }, params: { stored: LoginInfo | null }) =>
      isUsableLogin(params.stored) &&
      context.loginInfo !== null &&
      isSameOperator(params.stored, context.loginInfo),
    outcomeAccepted,
  },
  actions: {
    // Provided by the app: localStorage and the router stay outside the machine.
    storeLogin: (_, _params: { loginInfo: LoginInfo }) => {},
    clearStoredLogin: () => {},
    goToLogin: () => {},
    goToLanding: () => {},
    rememberLogin: assign((_, params: { loginInfo: LoginInfo | null }) => ({
      loginInfo: params.loginInfo,
      errors: [],
    })),
    forgetLogin: assign({ loginInfo: null, errors: [] }),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({ errors: [internalFailure(params.error)] })),
    clearErrors: assign({ errors: [] }),
  },
});

const callStep = callSteps(authSetup);

export const authMachine = authSetup.createMachine({
  id: "auth",
  context: { loginInfo: null, errors: [] },
  initial: "restoring",
  on: {
    // The client saw AuthorizeError.InvalidToken: whatever we were doing, the session is gone.
    "session.expired": {
      target: ".signedOut",
      actions: ["forgetLogin", "clearStoredLogin", "goToLogin"],
    },
  },
  states: {
    restoring: {
      invoke: {
        id: "readStoredLogin",
        src: "readStoredLogin",
        onDone: [
          {
            guard: { type: "storedLoginUsable", params: ({ event }) => ({ stored: event.output }) },
            target: "signedIn",
            actions: { type: "rememberLogin", params: ({ event }) => ({ loginInfo: event.output }) },
          },
          { target: "signedOut" },
        ],
        // Unreadable stored login (corrupt JSON, storage denied): start signed out, drop it, keep the error.
        onError: {
          target: "signedOut",
          actions: [
            { type: "recordException", params: ({ event }) => ({ error: event.error }) },
            "clearStoredLogin",
          ],
        },
      },
    },
    signedOut: {
      initial: "idle",
      on: {
        // Entering a protected route while signed out: adopt a login another tab made, else go to login.
        "session.check": [
          {
            guard: { type: "storedLoginUsable", params: ({ event }) => ({ stored: event.stored }) },
            target: "signedIn",
            actions: { type: "rememberLogin", params: ({ event }) => ({ loginInfo: event.stored }) },
          },
          { actions: ["clearStoredLogin", "goToLogin"] },
        ],
      },
      states: {
        idle: {
          on: { "login.submit": "submitting" },
        },
        submitting: {
          tags: ["busy"],
          entry: "clearErrors",
          invoke: callStep({
            src: "login",
            input: ({ event }) => {
              assertEvent(event, "login.submit");
              return { companyId: event.companyId, email: event.email, password: event.password };
            },
            accepted: {
              target: "#auth.signedIn",
              actions: [
                {
                  type: "rememberLogin",
                  params: ({ event }) => ({ loginInfo: acceptedResult(event.output) }),
                },
                { type: "storeLogin", params: ({ event }) => ({ loginInfo: acceptedResult(event.output) }) },
                "goToLanding",
              ],
            },
            refused: { target: "refused", actions: "recordErrors" },
            exception: { target: "refused", actions: "recordException" },
          }),
        },
        refused: {
          on: { "login.submit": "submitting" },
        },
      },
    },
    signedIn: {
      initial: "active",
      on: {
        // Entering a protected route (spec section 4): another tab signed out or in as someone else.
        "session.check": [
          {
            guard: { type: "storedLoginMatchesCurrent", params: ({ event }) => ({ stored: event.stored }) },
            actions: { type: "rememberLogin", params: ({ event }) => ({ loginInfo: event.stored }) },
          },
          {
            target: "signedOut",
            actions: ["forgetLogin", "clearStoredLogin", "goToLogin"],
          },
        ],
      },
      states: {
        active: {
          on: { "logout.confirmed": "loggingOut" },
        },
        loggingOut: {
          tags: ["busy"],
          // A refused or failed logout still signs out here: the server session may already be gone.
          invoke: callStep({
            src: "logout",
            accepted: {
              target: "#auth.signedOut",
              actions: ["forgetLogin", "clearStoredLogin", "goToLogin"],
            },
            refused: {
              target: "#auth.signedOut",
              actions: ["forgetLogin", "recordErrors", "clearStoredLogin", "goToLogin"],
            },
            exception: {
              target: "#auth.signedOut",
              actions: ["forgetLogin", "recordException", "clearStoredLogin", "goToLogin"],
            },
          }),
        },
      },
    },
  },
});
