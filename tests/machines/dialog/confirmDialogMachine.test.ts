import { describe, expect, it } from "vitest";
import { createActor, SimulatedClock } from "xstate";
import { confirmDialogMachine } from "../../../machines/dialog/confirmDialogMachine.ts";
import { DIALOG_CLOSE_DELAY_MS } from "../../../src/contract/codes.ts";

function startDialog() {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const machine = confirmDialogMachine.provide({
    actions: {
      proceed: () => calls.push(`proceed at ${clock.now()}`),
      cancelled: () => calls.push(`cancelled at ${clock.now()}`),
    },
  });
  return { actor: createActor(machine, { clock }).start(), clock, calls };
}

describe("confirmDialogMachine", () => {
  it("shows the question and variant while open", () => {
    const { actor } = startDialog();
    expect(actor.getSnapshot().hasTag("visible")).toBe(false);
    actor.send({ type: "dialog.open", messageKey: "confirm.operatorDelete", variant: "yesNo" });
    expect(actor.getSnapshot().hasTag("visible")).toBe(true);
    expect(actor.getSnapshot().context).toEqual({ messageKey: "confirm.operatorDelete", variant: "yesNo" });
  });

  it("proceeds only after the 50 ms closing delay, not before", () => {
    const { actor, clock, calls } = startDialog();
    actor.send({ type: "dialog.open", messageKey: "confirm.register", variant: "execute" });
    actor.send({ type: "dialog.confirm" });
    expect(actor.getSnapshot().hasTag("visible")).toBe(false);
    clock.increment(DIALOG_CLOSE_DELAY_MS - 1);
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe("closingConfirmed");
    clock.increment(1);
    expect(calls).toEqual([`proceed at ${DIALOG_CLOSE_DELAY_MS}`]);
    expect(actor.getSnapshot().value).toBe("closed");
    clock.increment(1000);
    expect(calls).toHaveLength(1);
  });

  it("runs cancelled after the delay and never proceeds", () => {
    const { actor, clock, calls } = startDialog();
    actor.send({ type: "dialog.open", messageKey: "confirm.register", variant: "execute" });
    actor.send({ type: "dialog.cancel" });
    actor.send({ type: "dialog.confirm" });
    clock.increment(DIALOG_CLOSE_DELAY_MS);
    expect(calls).toEqual([`cancelled at ${DIALOG_CLOSE_DELAY_MS}`]);
    expect(actor.getSnapshot().value).toBe("closed");
  });

  it("ignores confirm and cancel while closed", () => {
    const { actor, clock, calls } = startDialog();
    actor.send({ type: "dialog.confirm" });
    actor.send({ type: "dialog.cancel" });
    clock.increment(DIALOG_CLOSE_DELAY_MS * 2);
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().value).toBe("closed");
  });
});
