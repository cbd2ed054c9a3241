import { describe, expect, it } from "vitest";
import { routeException, routeOutcome } from "../../../src/client/errorRouting.ts";
import { ERROR } from "../../../src/contract/errors.ts";

const refusal = (...codes: string[]) => ({
  ok: false as const,
  errors: codes.map((code) => ({ code, message: `text of ${code}` })),
});

describe("routeOutcome (spec section 8)", () => {
  it("shows a successful call's messages unless suppressed", () => {
    const outcome = {
      ok: true as const,
      result: {},
      messages: [{ code: "001", message: "Registration is complete." }],
    };
    expect(routeOutcome(outcome)).toEqual({
      show: [{ colour: "success", text: "Registration is complete." }],
      queue: [],
      go: null,
      signOut: false,
    });
    expect(routeOutcome(outcome, { suppressMessages: true }).show).toEqual([]);
  });

  it("sends an invalid token to login, signed out, with its message (913) queued for the login page", () => {
    for (const handling of [{}, { manual: true }]) {
      expect(routeOutcome(refusal(ERROR.invalidToken), handling)).toEqual({
        show: [],
        queue: [{ colour: "error", code: ERROR.invalidToken, text: `text of ${ERROR.invalidToken}` }],
        go: { to: "login" },
        signOut: true,
      });
    }
  });

  it("sends a refused source IP to login with the message queued for after the redirect", () => {
    const routing = routeOutcome(refusal(ERROR.sourceIpNotAllowed), { manual: true });
    expect(routing.go).toEqual({ to: "login" });
    expect(routing.signOut).toBe(true);
    expect(routing.show).toEqual([]);
    expect(routing.queue).toEqual([
      { colour: "error", code: ERROR.sourceIpNotAllowed, text: `text of ${ERROR.sourceIpNotAllowed}` },
    ]);
  });

  it("shows a duplicate and stays, even for a call handled by its screen", () => {
    for (const handling of [{}, { manual: true }, { noTransition: true }]) {
      const routing = routeOutcome(refusal(ERROR.duplicate), handling);
      expect(routing.go).toBeNull();
      expect(routing.show.map((notice) => "code" in notice && notice.code)).toEqual([ERROR.duplicate]);
    }
  });

  it("queues an internal failure's errors and goes to the system error page with its message", () => {
    const routing = routeOutcome(refusal(ERROR.internalFailure), { manual: true });
    expect(routing.show).toEqual([]);
    expect(routing.queue).toHaveLength(1);
    expect(routing.go).toEqual({
      to: "systemError",
      reason: { kind: "other", message: `text of ${ERROR.internalFailure}` },
    });
  });

  it("routes other errors to the system error page by kind, their messages queued", () => {
    expect(routeOutcome(refusal(ERROR.forbidden)).go).toEqual({
      to: "systemError",
      reason: { kind: "forbidden" },
    });
    expect(routeOutcome(refusal(ERROR.notFound)).go).toEqual({
      to: "systemError",
      reason: { kind: "notFound" },
    });
    const routing = routeOutcome(refusal(ERROR.validation));
    expect(routing.go).toEqual({ to: "systemError", reason: { kind: "api" } });
    expect(routing.queue).toHaveLength(1);
    expect(routing.show).toEqual([]);
  });

  it("leaves to the screen only the codes it handles; any other refusal is routed as usual", () => {
    const handling = { handledHere: [ERROR.noDataFound, ERROR.conflict] };
    for (const codes of [[ERROR.noDataFound], [ERROR.conflict], [ERROR.noDataFound, ERROR.conflict]])
      expect(routeOutcome(refusal(...codes), handling)).toEqual({
        show: [],
        queue: [],
        go: null,
        signOut: false,
      });
    // Permission withdrawn meanwhile (962): the system error page, not "no data".
    const forbidden = routeOutcome(refusal(ERROR.forbidden), handling);
    expect(forbidden.go).toEqual({ to: "systemError", reason: { kind: "forbidden" } });
    expect(forbidden.queue).toEqual([
      { colour: "error", code: ERROR.forbidden, text: `text of ${ERROR.forbidden}` },
    ]);
    // One handled code beside another does not hide the other.
    expect(routeOutcome(refusal(ERROR.noDataFound, ERROR.validation), handling).go).toEqual({
      to: "systemError",
      reason: { kind: "api" },
    });
    expect(routeOutcome(refusal(ERROR.invalidToken), handling).go).toEqual({ to: "login" });
  });

  it("leaves other errors to a screen that handles them, or shows them in place without a transition", () => {
    expect(routeOutcome(refusal(ERROR.loginFailed), { manual: true })).toEqual({
      show: [],
      queue: [],
      go: null,
      signOut: false,
    });
    const routing = routeOutcome(refusal(ERROR.validation, ERROR.conflict), { noTransition: true });
    expect(routing.go).toBeNull();
    expect(routing.show).toHaveLength(2);
  });

  it("lets the most serious code decide when several come back", () => {
    expect(routeOutcome(refusal(ERROR.duplicate, ERROR.invalidToken)).go).toEqual({ to: "login" });
    expect(routeOutcome(refusal(ERROR.duplicate, ERROR.internalFailure)).go?.to).toBe("systemError");
  });
});

describe("routeException (spec section 8)", () => {
  it("shows message 697 when the call is flagged, and stays", () => {
    expect(routeException({ reportUnexpected: true })).toEqual({
      show: [{ colour: "error", messageNo: "697" }],
      queue: [],
      go: null,
      signOut: false,
    });
  });

  it("goes to the system error page otherwise", () => {
    expect(routeException().go).toEqual({ to: "systemError", reason: { kind: "api" } });
  });
});
