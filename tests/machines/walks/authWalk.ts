import { type AuthEvent, authMachine } from "../../../machines/auth/authMachine.ts";
import type { CallOutcome } from "../../../machines/shared/outcome.ts";
import type { LoginInfo } from "../../../src/contract/auth.ts";
import { CONTRACT_DIV } from "../../../src/contract/codes.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

const hanako = {
  operatorId: "op-1",
  contractDiv: CONTRACT_DIV.standard,
  companyId: "shop01",
  companyName: "Shop One",
  operatorName: "Hanako Sato",
};

export const hanakoLogin: LoginInfo = { loginToken: "token-1", loginOperator: hanako, environment: "TST" };
/** The same operator signed in again in another tab: a new token, same person. */
export const hanakoLoginElsewhere: LoginInfo = { ...hanakoLogin, loginToken: "token-2" };
export const taroLogin: LoginInfo = {
  loginToken: "token-3",
  loginOperator: { ...hanako, operatorId: "op-2", operatorName: "Taro Suzuki" },
  environment: "TST",
};
export const tokenlessLogin: LoginInfo = { ...hanakoLogin, loginToken: "" };

export const loginAccepted: CallOutcome<LoginInfo> = { ok: true, result: hanakoLogin, messages: [] };
export const loginRefused: CallOutcome<LoginInfo> = {
  ok: false,
  errors: [{ code: ERROR.loginFailed, message: "903 The company ID, e-mail address or password is wrong." }],
};
export const logoutAccepted: CallOutcome<unknown> = { ok: true, result: {}, messages: [] };
export const logoutRefused: CallOutcome<unknown> = {
  ok: false,
  errors: [{ code: ERROR.invalidToken, message: "913 Please log in again." }],
};
export const networkDown = new Error("network down");

export const submit = {
  type: "login.submit",
  companyId: "shop01",
  email: "hanako@example.com",
  password: "Secret#2024",
} satisfies AuthEvent;

const restoredNothing = { type: "xstate.done.actor.readStoredLogin", output: null } as const;
const restoredHanako = { type: "xstate.done.actor.readStoredLogin", output: hanakoLogin } as const;

export const authWalk = {
  machine: authMachine,
  events: {
    "login.submit": [submit],
    "logout.confirmed": [{ type: "logout.confirmed" }],
    "session.expired": [{ type: "session.expired" }],
    "session.check": [
      { type: "session.check", stored: hanakoLogin },
      { type: "session.check", stored: hanakoLoginElsewhere },
      { type: "session.check", stored: taroLogin },
      { type: "session.check", stored: tokenlessLogin },
      { type: "session.check", stored: null },
    ],
  },
  outputs: {
    readStoredLogin: [null, hanakoLogin, tokenlessLogin],
    login: [loginAccepted, loginRefused],
    logout: [logoutAccepted, logoutRefused],
  },
  failures: {
    readStoredLogin: [new Error("stored login is not JSON")],
    login: [networkDown],
    logout: [networkDown],
  },
  recordedActions: ["storeLogin", "clearStoredLogin", "goToLogin", "goToLanding"],
  journeys: [
    {
      description: "a stored login is restored without navigating",
      events: [restoredHanako],
      endState: { signedIn: "active" },
      actions: [],
    },
    {
      description: "signing in stores the login and goes to the landing page",
      events: [restoredNothing, submit, { type: "xstate.done.actor.login", output: loginAccepted }],
      endState: { signedIn: "active" },
      actions: ["storeLogin", "goToLanding"],
    },
    {
      description: "a 903 refusal is kept until a corrected submit signs in",
      events: [
        restoredNothing,
        submit,
        { type: "xstate.done.actor.login", output: loginRefused },
        submit,
        { type: "xstate.done.actor.login", output: loginAccepted },
      ],
      endState: { signedIn: "active" },
      actions: ["storeLogin", "goToLanding"],
    },
    {
      description: "a refused logout still signs out locally",
      events: [
        restoredHanako,
        { type: "logout.confirmed" },
        { type: "xstate.done.actor.logout", output: logoutRefused },
      ],
      endState: { signedOut: "idle" },
      actions: ["clearStoredLogin", "goToLogin"],
    },
    {
      description: "another operator in the stored login signs this tab out",
      events: [restoredHanako, { type: "session.check", stored: taroLogin }],
      endState: { signedOut: "idle" },
      actions: ["clearStoredLogin", "goToLogin"],
    },
    {
      description: "the same operator's new token is adopted without leaving",
      events: [restoredHanako, { type: "session.check", stored: hanakoLoginElsewhere }],
      endState: { signedIn: "active" },
      actions: [],
    },
    {
      description: "an expired session during logout goes to login once",
      events: [restoredHanako, { type: "logout.confirmed" }, { type: "session.expired" }],
      endState: { signedOut: "idle" },
      actions: ["clearStoredLogin", "goToLogin"],
    },
    {
      description: "a protected route while signed out goes to login",
      events: [restoredNothing, { type: "session.check", stored: null }],
      endState: { signedOut: "idle" },
      actions: ["clearStoredLogin", "goToLogin"],
    },
  ],
} satisfies MachineWalk<typeof authMachine>;
