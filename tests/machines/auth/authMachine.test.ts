import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { authMachine, type LoginCredentials } from "../../../machines/auth/authMachine.ts";
import type { CallOutcome } from "../../../machines/shared/outcome.ts";
import type { LoginInfo } from "../../../src/contract/auth.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { settle } from "../support/settle.ts";
import {
  hanakoLogin,
  hanakoLoginElsewhere,
  loginAccepted,
  loginRefused,
  logoutRefused,
  networkDown,
  submit,
  taroLogin,
  tokenlessLogin,
} from "../walks/authWalk.ts";

interface Scenario {
  stored: LoginInfo | null;
  login?: (credentials: LoginCredentials) => Promise<CallOutcome<LoginInfo>>;
  logout?: () => Promise<CallOutcome<unknown>>;
}

/** An auth actor with the app's side effects replaced by a log of what it asked for. */
async function startAuth({ stored, login, logout }: Scenario) {
  const effects: string[] = [];
  const logins: LoginCredentials[] = [];
  const machine = authMachine.provide({
    actors: {
      readStoredLogin: fromPromise(async () => stored),
      login: fromPromise(async ({ input }) => {
        logins.push(input);
        if (!login) throw new Error("no login in this scenario");
        return login(input);
      }),
      logout: fromPromise(async () => {
        if (!logout) throw new Error("no logout in this scenario");
        return logout();
      }),
    },
    actions: {
      storeLogin: (_, params) => effects.push(`storeLogin ${params.loginInfo.loginToken}`),
      clearStoredLogin: () => effects.push("clearStoredLogin"),
      goToLogin: () => effects.push("goToLogin"),
      goToLanding: () => effects.push("goToLanding"),
    },
  });
  const actor = createActor(machine).start();
  await settle();
  return { actor, effects, logins };
}

describe("authMachine", () => {
  it("restores a stored login without navigating", async () => {
    const { actor, effects } = await startAuth({ stored: hanakoLogin });
    expect(actor.getSnapshot().matches({ signedIn: "active" })).toBe(true);
    expect(actor.getSnapshot().context.loginInfo).toEqual(hanakoLogin);
    expect(effects).toEqual([]);
  });

  it("does not restore a stored login whose token is empty", async () => {
    const { actor } = await startAuth({ stored: tokenlessLogin });
    expect(actor.getSnapshot().matches({ signedOut: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.loginInfo).toBeNull();
  });

  it("signs in with the submitted credentials, stores the login and lands", async () => {
    let finish: (outcome: CallOutcome<LoginInfo>) => void = () => {};
    const pending = new Promise<CallOutcome<LoginInfo>>((resolve) => {
      finish = resolve;
    });
    const { actor, effects, logins } = await startAuth({ stored: null, login: () => pending });
    actor.send(submit);
    await settle();
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    expect(logins).toEqual([{ companyId: "shop01", email: "hanako@example.com", password: "Secret#2024" }]);
    finish(loginAccepted);
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: "active" })).toBe(true);
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(effects).toEqual(["storeLogin token-1", "goToLanding"]);
  });

  it("keeps a 903 refusal in refused and clears it on the next submit", async () => {
    const outcomes = [loginRefused, loginAccepted];
    const { actor } = await startAuth({ stored: null, login: async () => outcomes.shift() ?? loginRefused });
    actor.send(submit);
    await settle();
    expect(actor.getSnapshot().matches({ signedOut: "refused" })).toBe(true);
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.loginFailed]);
    actor.send(submit);
    expect(actor.getSnapshot().context.errors).toEqual([]);
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: "active" })).toBe(true);
  });

  it("routes a login that throws to refused with the exception, not silence", async () => {
    const { actor, effects } = await startAuth({
      stored: null,
      login: async () => {
        throw networkDown;
      },
    });
    actor.send(submit);
    await settle();
    expect(actor.getSnapshot().matches({ signedOut: "refused" })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    expect(effects).toEqual([]);
  });

  it("still signs out locally when the logout call throws", async () => {
    const { actor, effects } = await startAuth({
      stored: hanakoLogin,
      logout: async () => {
        throw networkDown;
      },
    });
    actor.send({ type: "logout.confirmed" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches({ signedOut: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.loginInfo).toBeNull();
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    expect(effects).toEqual(["clearStoredLogin", "goToLogin"]);
  });

  it("still signs out locally when the server refuses the logout", async () => {
    const { actor, effects } = await startAuth({ stored: hanakoLogin, logout: async () => logoutRefused });
    actor.send({ type: "logout.confirmed" });
    await settle();
    expect(actor.getSnapshot().matches({ signedOut: "idle" })).toBe(true);
    expect(effects).toEqual(["clearStoredLogin", "goToLogin"]);
  });

  it("signs out when the stored login names a different operator", async () => {
    const { actor, effects } = await startAuth({ stored: hanakoLogin });
    actor.send({ type: "session.check", stored: taroLogin });
    expect(actor.getSnapshot().matches({ signedOut: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.loginInfo).toBeNull();
    expect(effects).toEqual(["clearStoredLogin", "goToLogin"]);
  });

  it.each([
    ["emptied by another tab", null],
    ["left without a token", tokenlessLogin],
  ])("signs out when the stored login was %s", async (_, stored) => {
    const { actor, effects } = await startAuth({ stored: hanakoLogin });
    actor.send({ type: "session.check", stored });
    expect(actor.getSnapshot().matches({ signedOut: "idle" })).toBe(true);
    expect(effects).toEqual(["clearStoredLogin", "goToLogin"]);
  });

  it("keeps the session and adopts the stored token when the operator is the same", async () => {
    const { actor, effects } = await startAuth({ stored: hanakoLogin });
    actor.send({ type: "session.check", stored: hanakoLoginElsewhere });
    expect(actor.getSnapshot().matches({ signedIn: "active" })).toBe(true);
    expect(actor.getSnapshot().context.loginInfo?.loginToken).toBe("token-2");
    expect(effects).toEqual([]);
  });

  it("adopts a login another tab made when a protected route is entered signed out", async () => {
    const { actor, effects } = await startAuth({ stored: null });
    actor.send({ type: "session.check", stored: hanakoLogin });
    expect(actor.getSnapshot().matches({ signedIn: "active" })).toBe(true);
    expect(effects).toEqual([]);
  });

  it("clears the stored login and goes to login when the session expires", async () => {
    const { actor, effects } = await startAuth({ stored: hanakoLogin });
    actor.send({ type: "session.expired" });
    expect(actor.getSnapshot().matches({ signedOut: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.loginInfo).toBeNull();
    expect(effects).toEqual(["clearStoredLogin", "goToLogin"]);
  });

  it("surfaces a forgotten provide as an error instead of hanging", async () => {
    const actor = createActor(authMachine).start();
    await settle();
    expect(actor.getSnapshot().matches({ signedOut: "idle" })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "readStoredLogin not provided" },
    ]);
  });
});
