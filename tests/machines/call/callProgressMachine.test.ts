import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { callProgressMachine } from "../../../machines/call/callProgressMachine.ts";
import type { CallOutcome } from "../../../machines/shared/outcome.ts";
import { CALL_STATUS } from "../../../src/contract/codes.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { settle } from "../support/settle.ts";
import { callAccepted, callRefused, callThrew } from "../walks/callProgressWalk.ts";

function startCall(execute: (input: unknown) => Promise<CallOutcome<unknown>>) {
  const inputs: unknown[] = [];
  const machine = callProgressMachine.provide({
    actors: {
      execute: fromPromise(({ input }) => {
        inputs.push(input);
        return execute(input);
      }),
    },
  });
  return { actor: createActor(machine).start(), inputs };
}

describe("callProgressMachine", () => {
  it("is busy while executing, then tagged 10 with the result and messages", async () => {
    const { actor, inputs } = startCall(async () => callAccepted);
    actor.send({ type: "call.start", input: { value: "192.0.2.1" } });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("success");
    expect(snapshot.hasTag(CALL_STATUS.success)).toBe(true);
    expect(snapshot.hasTag("busy")).toBe(false);
    expect(snapshot.context).toEqual({
      result: { negativeId: "N-1" },
      messages: [{ code: "001", message: "Registration complete" }],
      errors: [],
    });
    expect(inputs).toEqual([{ value: "192.0.2.1" }]);
  });

  it("tags a refusal 20 and keeps its errors", async () => {
    const { actor } = startCall(async () => callRefused);
    actor.send({ type: "call.start", input: {} });
    await settle();
    expect(actor.getSnapshot().hasTag(CALL_STATUS.error)).toBe(true);
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.duplicate]);
  });

  it("routes a thrown exception to error as ServerError.InternalFailure", async () => {
    const { actor } = startCall(async () => {
      throw callThrew;
    });
    actor.send({ type: "call.start", input: {} });
    await settle();
    expect(actor.getSnapshot().value).toBe("error");
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "socket hang up" },
    ]);
  });

  it("clears a previous error when a new call succeeds", async () => {
    const outcomes = [callRefused, callAccepted];
    const { actor } = startCall(async () => outcomes.shift() ?? callRefused);
    actor.send({ type: "call.start", input: {} });
    await settle();
    actor.send({ type: "call.start", input: {} });
    await settle();
    expect(actor.getSnapshot().value).toBe("success");
    expect(actor.getSnapshot().context.errors).toEqual([]);
  });

  it("ignores a second start while executing and a late answer after reset", async () => {
    let finish: (outcome: CallOutcome<unknown>) => void = () => {};
    const { actor, inputs } = startCall(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    actor.send({ type: "call.start", input: 1 });
    actor.send({ type: "call.start", input: 2 });
    expect(inputs).toEqual([1]);
    actor.send({ type: "call.reset" });
    finish(callAccepted);
    await settle();
    expect(actor.getSnapshot().value).toBe("initial");
    expect(actor.getSnapshot().context.result).toBeNull();
  });

  it("reports a forgotten execute provide as an error", async () => {
    const actor = createActor(callProgressMachine).start();
    actor.send({ type: "call.start", input: {} });
    await settle();
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "execute not provided" },
    ]);
  });
});
