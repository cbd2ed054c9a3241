import { describe, expect, it } from "vitest";
import { applyRouting, noticeText, type RoutingEffects } from "../../../src/app/actors/applyRouting.ts";
import { createSessionEnd } from "../../../src/app/actors/sessionEnd.ts";
import { routeException, routeOutcome } from "../../../src/client/errorRouting.ts";
import { ERROR } from "../../../src/contract/errors.ts";

/** Records every effect in order. */
function recorder() {
  const log: string[] = [];
  const effects: RoutingEffects = {
    show: (colour, text) => log.push(`show ${colour} ${text}`),
    queue: (colour, text) => log.push(`queue ${colour} ${text}`),
    messageText: (no) => `message ${no}`,
    endSession: () => log.push("end session"),
    goToLogin: () => log.push("go login"),
    goToSystemError: (reason) => log.push(`go system error ${reason.kind}`),
  };
  return { log, effects };
}

describe("applyRouting", () => {
  it("writes an error as its code, then its message on a new line", () => {
    expect(
      noticeText(
        { colour: "error", code: "InvalidData.Duplicate", text: "It is already registered." },
        String,
      ),
    ).toBe("InvalidData.Duplicate\nIt is already registered.");
    expect(noticeText({ colour: "success", text: "Update is complete." }, String)).toBe(
      "Update is complete.",
    );
  });

  it("queues the refusal, then ends the session through the auth machine (which goes to login)", () => {
    const { log, effects } = recorder();
    const outcome = {
      ok: false as const,
      errors: [{ code: ERROR.sourceIpNotAllowed, message: "Not allowed." }],
    };
    applyRouting(routeOutcome(outcome), effects);
    expect(log).toEqual([`queue error ${ERROR.sourceIpNotAllowed}\nNot allowed.`, "end session"]);
  });

  it("ends the session on AuthorizeError.InvalidToken instead of clearing the login itself", () => {
    const { log, effects } = recorder();
    const outcome = { ok: false as const, errors: [{ code: ERROR.invalidToken, message: "Log in again." }] };
    applyRouting(routeOutcome(outcome, { manual: true }), effects);
    expect(log).toEqual([`queue error ${ERROR.invalidToken}\nLog in again.`, "end session"]);
  });

  it("shows the numbered message 697 for a flagged exception and stays", () => {
    const { log, effects } = recorder();
    applyRouting(routeException({ reportUnexpected: true }), effects);
    expect(log).toEqual(["show error message 697"]);
  });

  it("goes to the system error page with the reason", () => {
    const { log, effects } = recorder();
    applyRouting(routeOutcome({ ok: false, errors: [{ code: ERROR.forbidden, message: "No." }] }), effects);
    expect(log).toEqual([`queue error ${ERROR.forbidden}\nNo.`, "go system error forbidden"]);
  });
});

describe("createSessionEnd", () => {
  it("tells the listening auth actor, and not the fallback, that the session ended", () => {
    const log: string[] = [];
    const sessionEnd = createSessionEnd(() => log.push("fallback"));
    const unsubscribe = sessionEnd.subscribe(() => log.push("session.expired"));
    sessionEnd.end();
    expect(log).toEqual(["session.expired"]);
    unsubscribe();
    sessionEnd.end();
    expect(log).toEqual(["session.expired", "fallback"]);
  });
});
