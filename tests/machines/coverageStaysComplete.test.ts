import { describe, expect, it } from "vitest";
import type { AnyStateMachine } from "xstate";
import { MACHINES } from "../../machines/index.ts";
import { unwalked } from "./support/machineCoverage.ts";
import { replayPath } from "./support/replayPath.ts";
import { allPaths } from "./support/walkPaths.ts";
import type { MachineWalk } from "./support/walkTypes.ts";
import { walkOf } from "./walks/index.ts";

async function walkedBy(walk: MachineWalk<AnyStateMachine>) {
  const stateIds = new Set<string>();
  const transitions = new Set<string>();
  for (const path of allPaths(walk)) {
    const record = await replayPath(walk, path);
    for (const id of record.stateIds) stateIds.add(id);
    for (const key of record.transitions) transitions.add(key);
  }
  return { stateIds, transitions };
}

describe("coverage guard", () => {
  for (const { name, machine } of MACHINES) {
    it(`${name}: the walks reach every state and take every transition`, async () => {
      const walk = walkOf(name);
      expect(walk.machine).toBe(machine);
      expect(unwalked(machine, await walkedBy(walk))).toEqual({ states: [], transitions: [] });
    });
  }

  it("notices a transition no walk takes", async () => {
    const walk = walkOf("confirmDialogMachine");
    const withoutCancel: MachineWalk<AnyStateMachine> = {
      ...walk,
      filterEvents: (_, event) => event.type !== "dialog.cancel",
      journeys: [],
    };
    const missing = unwalked(walk.machine, await walkedBy(withoutCancel));
    expect(missing.states).toEqual(["confirmDialog.closingCancelled"]);
    expect(missing.transitions).toEqual([
      "confirmDialog.open --dialog.cancel[0]--> confirmDialog.closingCancelled",
      "confirmDialog.closingCancelled --xstate.after.closeDelay.confirmDialog.closingCancelled[0]--> confirmDialog.closed",
    ]);
  });
});
