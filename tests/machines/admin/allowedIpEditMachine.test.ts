import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  type AllowedIpPreview,
  allowedIpEditMachine,
  type LoadListsOutcome,
  type PreviewListOutcome,
  rowProblems,
  type UpdateListInput,
  type UpdateListOutcome,
} from "../../../machines/admin/allowedIpEditMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { messageText } from "../../../src/contract/messages.ts";
import { settle } from "../support/settle.ts";
import {
  addBadAddress,
  addDuplicate,
  addRow,
  callThrew,
  consoleSaved,
  listsLoaded,
  previewInvalid,
  previewRefuses,
  savedApi,
  savedConsole,
  updateSelfLockout,
} from "../walks/allowedIpEditWalk.ts";

interface Fakes {
  load?: () => Promise<LoadListsOutcome>;
  preview?: () => Promise<PreviewListOutcome>;
  confirm?: () => Promise<boolean>;
  update?: () => Promise<UpdateListOutcome>;
}

function startEdit(fakes: Fakes = {}) {
  const calls: string[] = [];
  const updates: UpdateListInput[] = [];
  const previews: UpdateListInput[] = [];
  const confirmed: unknown[] = [];
  const machine = allowedIpEditMachine.provide({
    actors: {
      loadLists: fromPromise(() => {
        calls.push("load");
        return (fakes.load ?? (async () => listsLoaded))();
      }),
      previewList: fromPromise(({ input }: { input: UpdateListInput }) => {
        calls.push("preview");
        previews.push(input);
        return (fakes.preview ?? (async () => previewRefuses))();
      }),
      confirmUpdate: fromPromise(({ input }: { input: { preview: AllowedIpPreview | null } }) => {
        confirmed.push(input.preview);
        calls.push("confirm");
        return (fakes.confirm ?? (async () => true))();
      }),
      updateList: fromPromise(({ input }: { input: UpdateListInput }) => {
        calls.push("update");
        updates.push(input);
        return (fakes.update ?? (async () => consoleSaved))();
      }),
    },
  });
  return { actor: createActor(machine).start(), calls, updates, previews, confirmed };
}

describe("allowedIpEditMachine", () => {
  it("loads both saved lists into the draft and is editing", async () => {
    const { actor } = startEdit();
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag("editing")).toBe(true);
    expect(snapshot.context.saved).toEqual({ console: savedConsole, api: savedApi });
    expect(snapshot.context.draft).toEqual(snapshot.context.saved);
    expect(snapshot.context.yourAddress).toBe("192.0.2.10");
  });

  it("adds a row with subnet 32 when left empty, deletes a row, and reverts to the saved list", async () => {
    const { actor } = startEdit();
    await settle();
    actor.send(addRow);
    expect(actor.getSnapshot().context.draft.console).toEqual([
      ...savedConsole,
      { address: "203.0.113.5", subnet: 32 },
    ]);
    actor.send({ type: "row.delete", kind: "console", index: 0 });
    expect(actor.getSnapshot().context.draft.console).toEqual([{ address: "203.0.113.5", subnet: 32 }]);
    // The other list is untouched.
    expect(actor.getSnapshot().context.draft.api).toEqual(savedApi);
    actor.send({ type: "list.revert", kind: "console" });
    expect(actor.getSnapshot().context.draft.console).toEqual(savedConsole);
  });

  it("refuses a row the contract's rules refuse, with their messages", async () => {
    const { actor } = startEdit();
    await settle();
    actor.send(addBadAddress);
    const problems = actor.getSnapshot().context.rowProblems.console;
    expect(problems.map((p) => messageText("en", `validation.${p.key}`))).toEqual([
      "has an incorrect format",
      "The subnet must be between 0 and 32.",
    ]);
    expect(actor.getSnapshot().context.draft.console).toEqual(savedConsole);
    actor.send(addDuplicate);
    expect(
      actor.getSnapshot().context.rowProblems.console.map((p) => messageText("en", `validation.${p.key}`)),
    ).toEqual(["It is already added."]);
    // An accepted add clears the row's problems.
    actor.send(addRow);
    expect(actor.getSnapshot().context.rowProblems.console).toEqual([]);
  });

  it("checks the list's size and an empty address", () => {
    const full = Array.from({ length: 100 }, (_, i) => ({ address: `10.0.0.${i}`, subnet: 32 }));
    expect(rowProblems(full, "10.0.1.1", "").map((p) => p.key)).toEqual(["maxValues"]);
    expect(rowProblems([], "  ", "0").map((p) => p.key)).toEqual(["required"]);
  });

  it("saves the edited list after the dialog confirmed: the saved list becomes the edited one", async () => {
    const { actor, calls, updates } = startEdit();
    await settle();
    actor.send(addRow);
    actor.send({ type: "list.update", kind: "console" });
    expect(actor.getSnapshot().value).toBe("previewing");
    await settle();
    expect(calls).toEqual(["load", "preview", "confirm", "update"]);
    expect(updates).toEqual([
      { kind: "console", entries: [...savedConsole, { address: "203.0.113.5", subnet: 32 }] },
    ]);
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toBe("editing");
    expect(context.saved.console).toEqual(consoleSaved.ok ? consoleSaved.result.entries : []);
    expect(context.saved.api).toEqual(savedApi);
    // A revert now keeps the saved list just written.
    actor.send({ type: "list.revert", kind: "console" });
    expect(actor.getSnapshot().context.draft.console).toEqual(context.saved.console);
  });

  it("previews the edited list before asking, and hands the preview to the confirmation", async () => {
    const { actor, previews, confirmed } = startEdit({ confirm: async () => false });
    await settle();
    actor.send(addRow);
    actor.send({ type: "list.update", kind: "console" });
    await settle();
    expect(previews).toEqual([
      { kind: "console", entries: [...savedConsole, { address: "203.0.113.5", subnet: 32 }] },
    ]);
    const preview = previewRefuses.ok ? previewRefuses.result : null;
    expect(confirmed).toEqual([preview]);
    // Backed out: the preview stays beside the list until the list is edited.
    expect(actor.getSnapshot().context.preview).toEqual(preview);
    actor.send({ type: "row.delete", kind: "console", index: 1 });
    expect(actor.getSnapshot().context.preview).toBeNull();
  });

  it("goes back to editing with a refused preview's errors and never asks", async () => {
    const { actor, calls } = startEdit({ preview: async () => previewInvalid });
    await settle();
    actor.send({ type: "list.update", kind: "console" });
    await settle();
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.validation]);
    expect(calls).toEqual(["load", "preview"]);
  });

  it("is tagged saving while the update runs", async () => {
    let finish: (outcome: UpdateListOutcome) => void = () => {};
    const { actor } = startEdit({ update: () => new Promise((resolve) => (finish = resolve)) });
    await settle();
    actor.send({ type: "list.update", kind: "api" });
    await settle();
    expect(actor.getSnapshot().hasTag("saving")).toBe(true);
    finish(consoleSaved);
    await settle();
    expect(actor.getSnapshot().hasTag("editing")).toBe(true);
  });

  it("never saves when the operator backs out of the dialog", async () => {
    const { actor, calls } = startEdit({ confirm: async () => false });
    await settle();
    actor.send({ type: "list.update", kind: "console" });
    await settle();
    expect(actor.getSnapshot().value).toBe("editing");
    expect(calls).toEqual(["load", "preview", "confirm"]);
  });

  it("goes back to editing with a refusal's errors and the edited list kept", async () => {
    const { actor } = startEdit({ update: async () => updateSelfLockout });
    await settle();
    actor.send({ type: "row.delete", kind: "console", index: 0 });
    actor.send({ type: "list.update", kind: "console" });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("editing");
    expect(snapshot.context.errors.map((e) => e.code)).toEqual([ERROR.selfLockout]);
    expect(snapshot.context.draft.console).toEqual([]);
    expect(snapshot.context.saved.console).toEqual(savedConsole);
  });

  it("offers a retry of the save after an exception, and cancel back to editing", async () => {
    let fail = true;
    const { actor, calls } = startEdit({
      update: async () => {
        if (fail) throw callThrew;
        return consoleSaved;
      },
    });
    await settle();
    actor.send({ type: "list.update", kind: "console" });
    await settle();
    expect(actor.getSnapshot().value).toBe("saveFailed");
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    actor.send({ type: "step.cancel" });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "list.update", kind: "console" });
    await settle();
    fail = false;
    actor.send({ type: "step.retry" });
    await settle();
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.errors).toEqual([]);
    expect(calls).toEqual(["load", "preview", "confirm", "update", "preview", "confirm", "update", "update"]);
  });

  it("offers a retry of the load after it failed", async () => {
    let loads = 0;
    const { actor } = startEdit({
      load: async () => {
        if (++loads === 1) throw callThrew;
        return listsLoaded;
      },
    });
    await settle();
    expect(actor.getSnapshot().value).toBe("loadFailed");
    actor.send({ type: "step.retry" });
    await settle();
    expect(actor.getSnapshot().value).toBe("editing");
  });
});
