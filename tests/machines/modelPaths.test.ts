import { describe, expect, it } from "vitest";
import { MACHINES } from "../../machines/index.ts";
import { replayPath } from "./support/replayPath.ts";
import { allPaths } from "./support/walkPaths.ts";
import { walkOf } from "./walks/index.ts";

// Every edge of each machine's graph (and each hand-written journey) replayed on a real actor with
// fixture actors and a simulated clock; the replay checks every step against the graph.
for (const { name } of MACHINES) {
  const walk = walkOf(name);
  describe(name, () => {
    for (const path of allPaths(walk)) {
      it(path.description, async () => {
        const record = await replayPath(walk, path);
        if (path.endState !== undefined) expect(record.final.value).toEqual(path.endState);
        if (path.actions !== undefined) expect(record.actions).toEqual(path.actions);
      });
    }
  });
}
