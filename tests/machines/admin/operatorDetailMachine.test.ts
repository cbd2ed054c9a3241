import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  type LoadOperatorOutcome,
  operatorDetailMachine,
  type UnlockOperatorOutcome,
} from "../../../machines/admin/operatorDetailMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { settle } from "../support/settle.ts";
import {
  deleted,
  lockedLoaded,
  lockedOperator,
  notFound,
  unlocked,
  unlockStale,
} from "../walks/operatorDetailWalk.ts";
import { operatorOf } from "../walks/operatorFixtures.ts";

function startDetail(
  fakes: { load?: LoadOperatorOutcome[]; unlock?: UnlockOperatorOutcome[]; confirmed?: boolean } = {},
) {
  const calls: string[] = [];
  const unlocks: { operatorId: number; version: number }[] = [];
  const loads = [...(fakes.load ?? [lockedLoaded])];
  const unlockAnswers = [...(fakes.unlock ?? [unlocked])];
  let left = 0;
  const machine = operatorDetailMachine.provide({
    actors: {
      loadOperator: fromPromise(async () => {
        calls.push("load");
        return loads.shift() ?? lockedLoaded;
      }),
      confirmDelete: fromPromise(async () => fakes.confirmed ?? true),
      deleteOperator: fromPromise(async ({ input }: { input: { operatorId: number } }) => {
        calls.push(`delete ${input.operatorId}`);
        return deleted;
      }),
      confirmUnlock: fromPromise(async () => fakes.confirmed ?? true),
      unlockOperator: fromPromise(async ({ input }: { input: { operatorId: number; version: number } }) => {
        unlocks.push(input);
        return unlockAnswers.shift() ?? unlocked;
      }),
    },
    actions: {
      leaveDeleted: () => {
        left++;
      },
    },
  });
  const actor = createActor(machine, { input: { operatorId: lockedOperator.operatorId } }).start();
  return { actor, calls, unlocks, left: () => left };
}

describe("operatorDetailMachine", () => {
  it("an operator not of the company is 676, shown, with nothing to do", async () => {
    const { actor } = startDetail({ load: [notFound] });
    await settle();
    expect(actor.getSnapshot().value).toBe("loadFailed");
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.noDataFound]);
    expect(actor.getSnapshot().can({ type: "delete.request" })).toBe(false);
  });

  it("deletes after Yes and leaves for the list; No keeps the operator", async () => {
    const no = startDetail({ confirmed: false });
    await settle();
    no.actor.send({ type: "delete.request" });
    await settle();
    expect(no.actor.getSnapshot().value).toBe("showing");
    expect(no.calls).toEqual(["load"]);

    const yes = startDetail();
    await settle();
    yes.actor.send({ type: "delete.request" });
    await settle();
    await settle();
    expect(yes.calls).toEqual(["load", `delete ${lockedOperator.operatorId}`]);
    expect(yes.actor.getSnapshot().status).toBe("done");
    expect(yes.left()).toBe(1);
  });

  it("unlocks only a locked operator, at the version shown; 015 shows them as stored now", async () => {
    const unlockedNow = { ...lockedOperator, locked: false, version: 5 };
    const { actor, unlocks, calls } = startDetail({
      load: [lockedLoaded, { ok: true, result: { operator: unlockedNow }, messages: [] }],
      unlock: [unlockStale],
    });
    await settle();
    actor.send({ type: "unlock.request" });
    await settle();
    await settle();
    await settle();
    expect(unlocks).toEqual([{ operatorId: lockedOperator.operatorId, version: 4 }]);
    expect(calls).toEqual(["load", "load"]);
    expect(actor.getSnapshot().value).toBe("showing");
    expect(actor.getSnapshot().context.operator).toEqual(unlockedNow);
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.conflict]);
    // Not locked any more: nothing to unlock.
    expect(actor.getSnapshot().can({ type: "unlock.request" })).toBe(false);
  });

  it("an unlock accepted shows the operator unlocked", async () => {
    const { actor } = startDetail();
    await settle();
    actor.send({ type: "unlock.request" });
    await settle();
    await settle();
    expect(actor.getSnapshot().context.operator?.locked).toBe(false);
    expect(actor.getSnapshot().context.operator?.version).toBe(5);
    expect(operatorOf(1).locked).toBe(false);
  });
});
