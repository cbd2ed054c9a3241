import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { manualScreeningMachine } from "../../machines/event/manualScreeningMachine.ts";
import { PATHS_DIR, pathDocuments } from "./support/pathDocuments.ts";
import { describeStep, statePaths } from "./support/qaScenarios.ts";

const root = join(import.meta.dirname, "..", "..");

describe("QA paths", () => {
  const documents = pathDocuments();
  for (const document of documents) {
    it(`${document.path} matches its machine and walk (run npm run paths -- --write)`, () => {
      const path = join(root, document.path);
      expect(existsSync(path), `${document.path} is missing`).toBe(true);
      expect(readFileSync(path, "utf8")).toBe(document.content);
    });
  }

  it("has no page for a machine that is not registered", () => {
    const expected = documents.map((document) => document.path.slice(PATHS_DIR.length + 1));
    const pages = readdirSync(join(root, PATHS_DIR)).filter((file) => file.endsWith(".md"));
    expect(pages.sort()).toEqual(expected.sort());
  });

  it("phrases each kind of step as what to do, with the states reached", () => {
    const state = { value: { holding: { form: "saving", lock: "held" } }, context: {} };
    const step = (event: { type: string }) => describeStep(manualScreeningMachine, { event, state }, false);
    expect(statePaths(state.value)).toEqual(["holding.form.saving", "holding.lock.held"]);
    const open = { type: "action.open", action: "ng" };
    const refused = {
      type: "xstate.done.actor.save",
      output: { ok: false, errors: [{ code: "InvalidData.Conflict", message: "" }] },
    };
    const failed = { type: "xstate.error.actor.save", error: new Error("network down") };
    expect(step({ type: "edit.cancel" }).action).toBe("send `edit.cancel`");
    expect(step(open).action).toBe('send `action.open` with {"action":"ng"}');
    expect(step(refused).action).toBe("the `save` call answers: refused InvalidData.Conflict");
    expect(step(failed).action).toBe("the `save` call fails (no answer: network down)");
    expect(step({ type: "xstate.after.editLockRenewal.manualScreening.holding.lock.held" }).action).toBe(
      "wait editLockRenewal (120000 ms)",
    );
  });
});
