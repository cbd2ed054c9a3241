import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  canMove,
  canToggle,
  LIST_CATALOGUE,
  moveEntry,
  toggleEntry,
} from "../../../machines/event/displayFormatDraft.ts";
import {
  displayFormatEditMachine,
  draftChanged,
  type LoadFormatOutcome,
  type StoreFormatOutcome,
} from "../../../machines/event/displayFormatEditMachine.ts";
import { CALL_STATUS } from "../../../src/contract/codes.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import {
  DEFAULT_DISPLAY_FORMAT,
  type DisplayFormat,
  type DisplayMode,
  FIXED_ITEM_LIMIT,
} from "../../../src/contract/eventDisplayFormat.ts";
import { settle } from "../support/settle.ts";
import {
  amountUp,
  callThrew,
  hideBasic,
  loadedReadOnly,
  loadedWritable,
  loadRefused,
  otherTabLayout,
  reloadedWritable,
  resetAccepted,
  saveAccepted,
  savedLayout,
  saveRefused,
  storeConflict,
  storedLayout,
} from "../walks/displayFormatEditWalk.ts";

interface Fakes {
  load?: () => Promise<LoadFormatOutcome>;
  reload?: () => Promise<LoadFormatOutcome>;
  confirm?: (question: string) => Promise<boolean>;
  save?: (format: DisplayFormat) => Promise<StoreFormatOutcome>;
  reset?: (mode: DisplayMode) => Promise<StoreFormatOutcome>;
}

function startEditor(fakes: Fakes = {}) {
  const calls: string[] = [];
  const sent: unknown[] = [];
  /** The version each save and reset presented, in order. */
  const versions: number[] = [];
  const confirm = fakes.confirm ?? (async () => true);
  const machine = displayFormatEditMachine.provide({
    actors: {
      loadFormat: fromPromise(() => {
        calls.push("load");
        return (fakes.load ?? (async () => loadedWritable))();
      }),
      confirmSave: fromPromise(() => {
        calls.push("confirmSave");
        return confirm("save");
      }),
      saveFormat: fromPromise(({ input }: { input: { format: DisplayFormat; version: number } }) => {
        calls.push("save");
        sent.push(input.format);
        versions.push(input.version);
        return (fakes.save ?? (async () => saveAccepted))(input.format);
      }),
      confirmReset: fromPromise(() => {
        calls.push("confirmReset");
        return confirm("reset");
      }),
      resetFormat: fromPromise(({ input }: { input: { mode: DisplayMode; version: number } }) => {
        calls.push(`reset ${input.mode}`);
        versions.push(input.version);
        return (fakes.reset ?? (async () => resetAccepted))(input.mode);
      }),
      reloadFormat: fromPromise(() => {
        calls.push("reload");
        return (fakes.reload ?? (async () => reloadedWritable))();
      }),
      confirmDiscard: fromPromise(() => {
        calls.push("confirmDiscard");
        return confirm("discard");
      }),
      confirmLeave: fromPromise(() => {
        calls.push("confirmLeave");
        return confirm("leave");
      }),
    },
    actions: { leave: () => void calls.push("leave") },
  });
  return { actor: createActor(machine).start(), calls, sent, versions };
}

async function loaded(fakes: Fakes = {}) {
  const editor = startEditor(fakes);
  editor.actor.send({ type: "format.load" });
  expect(editor.actor.getSnapshot().hasTag("busy")).toBe(true);
  await settle();
  return editor;
}

describe("displayFormatEditMachine", () => {
  it("loads the saved layout as both the saved one and the draft", async () => {
    const { actor } = await loaded();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ editing: "ready" });
    expect(snapshot.hasTag("editing")).toBe(true);
    expect(snapshot.context).toMatchObject({
      saved: { format: savedLayout, isDefault: false, version: 7 },
      draft: savedLayout,
      writable: true,
      mode: "0",
    });
  });

  it("keeps the draft across mode switches, and cancel restores the saved layout once the discard is confirmed", async () => {
    const { actor, calls } = await loaded();
    actor.send(amountUp);
    actor.send({ type: "mode.select", mode: "1" });
    actor.send({ type: "field.toggle", list: "categories", entry: "items" });
    actor.send({ type: "mode.select", mode: "3" });
    expect(actor.getSnapshot().context.draft).toEqual({
      ...savedLayout,
      eventProperties: ["amount", "eventId"],
      categories: ["basic", "items"],
    });
    expect(actor.getSnapshot().context.mode).toBe("3");
    actor.send({ type: "edit.cancel" });
    expect(actor.getSnapshot().value).toBe("discarding");
    await settle();
    expect(calls).toEqual(["load", "confirmDiscard"]);
    expect(actor.getSnapshot().value).toEqual({ editing: "ready" });
    expect(actor.getSnapshot().context.draft).toEqual(savedLayout);
    expect(actor.getSnapshot().context.mode).toBe("3");
  });

  it("asks before cancel discards edits, in every mode; declined (or unasked) the edits stay", async () => {
    const edits = [
      amountUp,
      { type: "field.toggle", list: "categories", entry: "items" },
      { type: "field.toggle", list: "fixedItems", entry: "purchaser.tel" },
      { type: "field.toggle", list: "device", entry: "ipaddress" },
    ] as const;
    for (const [index, edit] of edits.entries()) {
      const mode = String(index) as DisplayMode;
      const declined = await loaded({ confirm: async () => false });
      declined.actor.send({ type: "mode.select", mode });
      declined.actor.send(edit);
      const edited = declined.actor.getSnapshot().context.draft;
      expect(edited).not.toEqual(savedLayout);
      declined.actor.send({ type: "edit.cancel" });
      await settle();
      expect(declined.calls).toEqual(["load", "confirmDiscard"]);
      expect(declined.actor.getSnapshot().value).toEqual({ editing: "ready" });
      expect(declined.actor.getSnapshot().context.draft).toEqual(edited);
    }
    // The question could not be asked: nothing is thrown away either.
    const failed = await loaded({
      confirm: async () => {
        throw callThrew;
      },
    });
    failed.actor.send(amountUp);
    failed.actor.send({ type: "edit.cancel" });
    await settle();
    expect(failed.actor.getSnapshot().context.draft?.eventProperties).toEqual(["amount", "eventId"]);
    // Nothing to discard: Cancel asks nothing and changes nothing.
    const clean = await loaded();
    clean.actor.send({ type: "edit.cancel" });
    expect(clean.calls).toEqual(["load"]);
    expect(clean.actor.getSnapshot().value).toEqual({ editing: "ready" });
  });

  it("saves the draft only after the dialog confirmed; success reads as call status 10", async () => {
    const { actor, calls, sent } = await loaded();
    actor.send(amountUp);
    actor.send({ type: "save.request" });
    expect(actor.getSnapshot().value).toBe("confirmingSave");
    await settle();
    expect(calls).toEqual(["load", "confirmSave", "save"]);
    expect(sent).toEqual([{ ...savedLayout, eventProperties: ["amount", "eventId"] }]);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ editing: "saved" });
    expect(snapshot.hasTag(CALL_STATUS.success)).toBe(true);
    expect(snapshot.context.saved?.format).toEqual(storedLayout);
    expect(snapshot.context.draft).toEqual(storedLayout);
  });

  it("does not save when the operator backs out, and keeps the draft", async () => {
    const { actor, calls } = await loaded({ confirm: async () => false });
    actor.send(amountUp);
    actor.send({ type: "save.request" });
    await settle();
    expect(calls).toEqual(["load", "confirmSave"]);
    expect(actor.getSnapshot().value).toEqual({ editing: "ready" });
    expect(actor.getSnapshot().context.draft?.eventProperties).toEqual(["amount", "eventId"]);
  });

  it("keeps the draft and the errors after a refused save (call status 20), and an exception too", async () => {
    const { actor } = await loaded({ save: async () => saveRefused });
    actor.send(amountUp);
    actor.send({ type: "save.request" });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ editing: "failed" });
    expect(actor.getSnapshot().hasTag(CALL_STATUS.error)).toBe(true);
    expect(actor.getSnapshot().context.errors.map((error) => error.code)).toEqual([ERROR.validation]);
    expect(actor.getSnapshot().context.draft?.eventProperties).toEqual(["amount", "eventId"]);

    const threw = await loaded({
      save: async () => {
        throw callThrew;
      },
    });
    threw.actor.send({ type: "save.request" });
    await settle();
    expect(threw.actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
  });

  it("refuses to save a layout without any section before asking (902), until one is shown again", async () => {
    const { actor, calls } = await loaded();
    actor.send(hideBasic);
    actor.send({ type: "save.request" });
    expect(actor.getSnapshot().value).toEqual({ editing: "failed" });
    expect(actor.getSnapshot().context.problem).toBe("noCategory");
    expect(calls).toEqual(["load"]);
    actor.send({ type: "field.toggle", list: "categories", entry: "card" });
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(actor.getSnapshot().value).toEqual({ editing: "ready" });
  });

  it("resets the shown mode's part only, keeping unsaved edits of the other modes", async () => {
    const { actor, calls } = await loaded();
    actor.send(amountUp);
    actor.send({ type: "mode.select", mode: "2" });
    actor.send({ type: "reset.request" });
    await settle();
    expect(calls).toEqual(["load", "confirmReset", "reset 2"]);
    const { saved, draft } = actor.getSnapshot().context;
    expect(saved).toEqual({ format: DEFAULT_DISPLAY_FORMAT, isDefault: true, version: 0 });
    expect(draft).toEqual({
      ...savedLayout,
      eventProperties: ["amount", "eventId"],
      fixedItems: DEFAULT_DISPLAY_FORMAT.fixedItems,
    });
  });

  it("presents the version loaded with a save, and the one answered with the next reset", async () => {
    const { actor, versions } = await loaded();
    actor.send(amountUp);
    actor.send({ type: "save.request" });
    await settle();
    expect(actor.getSnapshot().context.saved?.version).toBe(8);
    actor.send({ type: "reset.request" });
    await settle();
    expect(versions).toEqual([7, 8]);
    expect(actor.getSnapshot().context.saved?.version).toBe(0);
  });

  it("after a stale save (015) reloads the layout and carries the operator's edited lists onto it", async () => {
    const { actor, calls, sent, versions } = await loaded({
      save: async () => (sent.length === 1 ? storeConflict : saveAccepted),
    });
    actor.send(amountUp);
    actor.send({ type: "mode.select", mode: "3" });
    actor.send({ type: "field.toggle", list: "party", entry: "fullAddress" });
    actor.send({ type: "save.request" });
    await settle();
    expect(calls).toEqual(["load", "confirmSave", "save", "reload"]);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ editing: "failed" });
    // The 015 stays shown; the layout another tab stored is the saved one now, with its version.
    expect(snapshot.context.errors.map((error) => error.code)).toEqual([ERROR.conflict]);
    expect(snapshot.context.saved).toEqual({ format: otherTabLayout, isDefault: false, version: 9 });
    // Lists the operator changed keep the operator's entries (the party list, changed by both, too);
    // the others (the sections) are as the other tab stored them.
    const carried: DisplayFormat = {
      ...otherTabLayout,
      eventProperties: ["amount", "eventId"],
      otherItems: { ...otherTabLayout.otherItems, party: ["tel", "fullAddress"] },
    };
    expect(snapshot.context.draft).toEqual(carried);
    expect(draftChanged(snapshot.context)).toBe(true);
    // Saved again, the draft goes with the reloaded version.
    actor.send({ type: "save.request" });
    await settle();
    expect(sent).toEqual([sent[0], carried]);
    expect(versions).toEqual([7, 9]);
    expect(actor.getSnapshot().value).toEqual({ editing: "saved" });
  });

  it("after a stale reset (015) reloads too, the reset not made and the unsaved edits kept", async () => {
    const { actor, calls } = await loaded({ reset: async () => storeConflict });
    actor.send(amountUp);
    actor.send({ type: "mode.select", mode: "1" });
    actor.send({ type: "reset.request" });
    await settle();
    expect(calls).toEqual(["load", "confirmReset", "reset 1", "reload"]);
    const { saved, draft, errors } = actor.getSnapshot().context;
    expect(errors.map((error) => error.code)).toEqual([ERROR.conflict]);
    expect(saved?.version).toBe(9);
    expect(draft).toEqual({ ...otherTabLayout, eventProperties: ["amount", "eventId"] });
  });

  it("keeps the draft and the old version when the reload after 015 fails, showing both", async () => {
    const refused = await loaded({ save: async () => storeConflict, reload: async () => loadRefused });
    refused.actor.send(amountUp);
    refused.actor.send({ type: "save.request" });
    await settle();
    const { context } = refused.actor.getSnapshot();
    expect(context.errors.map((error) => error.code)).toEqual([ERROR.conflict, ERROR.forbidden]);
    expect(context.saved?.version).toBe(7);
    expect(context.draft?.eventProperties).toEqual(["amount", "eventId"]);

    const threw = await loaded({
      save: async () => storeConflict,
      reload: async () => {
        throw callThrew;
      },
    });
    threw.actor.send({ type: "save.request" });
    await settle();
    expect(threw.actor.getSnapshot().value).toEqual({ editing: "failed" });
    expect(threw.actor.getSnapshot().context.errors.map((error) => error.code)).toEqual([
      ERROR.conflict,
      ERROR.internalFailure,
    ]);
  });

  it("asks before leaving with unsaved changes; without changes it leaves at once", async () => {
    const stay = await loaded({ confirm: async () => false });
    stay.actor.send(amountUp);
    stay.actor.send({ type: "leave.request" });
    await settle();
    expect(stay.calls).toEqual(["load", "confirmLeave"]);
    expect(stay.actor.getSnapshot().value).toEqual({ editing: "ready" });

    const go = await loaded();
    go.actor.send(amountUp);
    go.actor.send({ type: "leave.request" });
    await settle();
    expect(go.calls).toEqual(["load", "confirmLeave", "leave"]);
    expect(go.actor.getSnapshot().status).toBe("done");

    const clean = await loaded();
    clean.actor.send({ type: "leave.request" });
    expect(clean.calls).toEqual(["load", "leave"]);
  });

  it("lets a readable-only operator look but change, save or reset nothing", async () => {
    const { actor, calls } = await loaded({ load: async () => loadedReadOnly });
    actor.send({ type: "field.toggle", list: "categories", entry: "basic" });
    actor.send({ type: "field.move", list: "categories", entry: "purchaser", direction: "up" });
    actor.send({ type: "save.request" });
    actor.send({ type: "reset.request" });
    expect(actor.getSnapshot().context.draft).toEqual(DEFAULT_DISPLAY_FORMAT);
    expect(actor.getSnapshot().value).toEqual({ editing: "ready" });
    expect(calls).toEqual(["load"]);
    // Switching mode only changes what is shown.
    actor.send({ type: "mode.select", mode: "3" });
    expect(actor.getSnapshot().context.mode).toBe("3");
  });
});

describe("display format draft edits", () => {
  it("shows a hidden entry at the end and hides a shown one", () => {
    const shown = toggleEntry(savedLayout, "party", "zipcode");
    expect(shown.otherItems.party).toEqual(["tel", "zipcode"]);
    expect(toggleEntry(shown, "party", "tel").otherItems.party).toEqual(["zipcode"]);
  });

  it("moves within the shown entries only, never past either end", () => {
    expect(moveEntry(savedLayout, "eventProperties", "eventId", "down").eventProperties).toEqual([
      "amount",
      "eventId",
    ]);
    expect(canMove(savedLayout, "eventProperties", "eventId", "up")).toBe(false);
    expect(canMove(savedLayout, "eventProperties", "amount", "down")).toBe(false);
    expect(canMove(savedLayout, "eventProperties", "shopEventId", "up")).toBe(false);
    expect(moveEntry(savedLayout, "eventProperties", "eventId", "up")).toBe(savedLayout);
  });

  it("takes no ninth fixed item and no entry outside the catalogue", () => {
    const full: DisplayFormat = {
      ...savedLayout,
      fixedItems: LIST_CATALOGUE.fixedItems.slice(0, FIXED_ITEM_LIMIT),
    };
    const ninth = LIST_CATALOGUE.fixedItems[FIXED_ITEM_LIMIT] as string;
    expect(canToggle(full, "fixedItems", ninth)).toBe(false);
    expect(toggleEntry(full, "fixedItems", ninth)).toBe(full);
    // A full list can still lose one.
    expect(toggleEntry(full, "fixedItems", full.fixedItems[0] as string).fixedItems).toHaveLength(
      FIXED_ITEM_LIMIT - 1,
    );
    expect(canToggle(savedLayout, "fixedItems", "basic.tel")).toBe(false);
    expect(canToggle(savedLayout, "categories", "secrets")).toBe(false);
    expect(LIST_CATALOGUE.fixedItems).toContain("shipping.deliveryCompany");
    expect(LIST_CATALOGUE.fixedItems).toContain("card.cardBrand");
  });
});
