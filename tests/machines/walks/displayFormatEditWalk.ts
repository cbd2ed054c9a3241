import {
  type DisplayFormatEditEvent,
  displayFormatEditMachine,
  type LoadFormatOutcome,
  type StoreFormatOutcome,
} from "../../../machines/event/displayFormatEditMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import {
  DEFAULT_DISPLAY_FORMAT,
  type DisplayFormat,
  sameDisplayFormat,
} from "../../../src/contract/eventDisplayFormat.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

/** The operator's saved layout: one section, two basic fields, one fixed item. */
export const savedLayout: DisplayFormat = {
  eventProperties: ["eventId", "amount"],
  categories: ["basic"],
  fixedItems: ["purchaser.tel"],
  otherItems: { party: ["tel"], item: ["itemName"], device: ["ipaddress"], card: [] },
};
/** What the server answers to a save in these walks. */
export const storedLayout: DisplayFormat = { ...savedLayout, categories: ["basic", "purchaser"] };

export const loadedWritable: LoadFormatOutcome = {
  ok: true,
  result: { format: savedLayout, isDefault: false, version: 7, writable: true },
  messages: [],
};
export const loadedReadOnly: LoadFormatOutcome = {
  ok: true,
  result: { format: DEFAULT_DISPLAY_FORMAT, isDefault: true, version: 0, writable: false },
  messages: [],
};
/** What another tab stored meanwhile: one more section and the card fields hidden. */
export const otherTabLayout: DisplayFormat = {
  ...savedLayout,
  categories: ["basic", "card"],
  otherItems: { ...savedLayout.otherItems, party: ["tel", "zipcode"] },
};
/** The reload after 015. */
export const reloadedWritable: LoadFormatOutcome = {
  ok: true,
  result: { format: otherTabLayout, isDefault: false, version: 9, writable: true },
  messages: [],
};
export const loadRefused: LoadFormatOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const saveAccepted: StoreFormatOutcome = {
  ok: true,
  result: { format: storedLayout, isDefault: false, version: 8 },
  messages: [{ code: "002", message: "Update is complete." }],
};
/** Another tab or session stored the layout since it was loaded. */
export const storeConflict: StoreFormatOutcome = {
  ok: false,
  errors: [{ code: ERROR.conflict, message: "Another user is updating the same information." }],
};
export const saveRefused: StoreFormatOutcome = {
  ok: false,
  errors: [
    {
      code: ERROR.validation,
      message: "Up to 8 values can be entered.",
      field: "telegram.format.fixedItems",
    },
  ],
};
export const resetAccepted: StoreFormatOutcome = {
  ok: true,
  result: { format: DEFAULT_DISPLAY_FORMAT, isDefault: true, version: 0 },
  messages: [{ code: "002", message: "Update is complete." }],
};
export const resetRefused: StoreFormatOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const callThrew = new Error("network down");

const load = { type: "format.load" } satisfies DisplayFormatEditEvent;
/** Hides the only section: saving that is refused in the machine (902). */
export const hideBasic = {
  type: "field.toggle",
  list: "categories",
  entry: "basic",
} satisfies DisplayFormatEditEvent;
export const amountUp = {
  type: "field.move",
  list: "eventProperties",
  entry: "amount",
  direction: "up",
} satisfies DisplayFormatEditEvent;
const fixedMode = { type: "mode.select", mode: "2" } satisfies DisplayFormatEditEvent;
const save = { type: "save.request" } satisfies DisplayFormatEditEvent;
const reset = { type: "reset.request" } satisfies DisplayFormatEditEvent;
const leave = { type: "leave.request" } satisfies DisplayFormatEditEvent;
const cancel = { type: "edit.cancel" } satisfies DisplayFormatEditEvent;

const EDITS: readonly string[] = ["field.toggle", "field.move", "mode.select", "edit.cancel"];

export const displayFormatEditWalk = {
  machine: displayFormatEditMachine,
  events: {
    "format.load": [load],
    "mode.select": [fixedMode],
    "field.toggle": [hideBasic],
    "field.move": [amountUp],
    "edit.cancel": [cancel],
    "save.request": [save],
    "reset.request": [reset],
    "leave.request": [leave],
  },
  outputs: {
    loadFormat: [loadedWritable, loadedReadOnly, loadRefused],
    confirmSave: [true, false],
    saveFormat: [saveAccepted, saveRefused, storeConflict],
    confirmReset: [true, false],
    resetFormat: [resetAccepted, resetRefused, storeConflict],
    reloadFormat: [reloadedWritable, loadRefused],
    confirmDiscard: [true, false],
    confirmLeave: [true, false],
  },
  failures: {
    loadFormat: [callThrew],
    confirmSave: [callThrew],
    saveFormat: [callThrew],
    confirmReset: [callThrew],
    resetFormat: [callThrew],
    reloadFormat: [callThrew],
    confirmDiscard: [callThrew],
    confirmLeave: [callThrew],
  },
  recordedActions: ["leave"],
  // Edits only one step away from the layout as loaded, in mode 0, before any call outcome: every
  // transition is still taken, and the graph stays small.
  filterEvents: (snapshot, event) => {
    const { saved, draft, mode, errors, problem } = snapshot.context;
    const asLoaded = saved !== null && sameDisplayFormat(saved.format, savedLayout) && !saved.isDefault;
    const pristine = asLoaded && mode === "0" && errors.length === 0 && problem === null;
    if (event.type === "edit.cancel") return pristine;
    if (EDITS.includes(event.type))
      return pristine && draft !== null && sameDisplayFormat(draft, savedLayout);
    // Save and reset from the layout as loaded (or one edit away), not again after an outcome.
    if (event.type === "save.request" || event.type === "reset.request")
      return errors.length === 0 && (asLoaded || !snapshot.context.writable);
    return true;
  },
  journeys: [
    {
      description: "move a field, save through the dialog: the stored layout becomes the saved and the draft",
      events: [
        load,
        { type: "xstate.done.actor.loadFormat", output: loadedWritable },
        amountUp,
        save,
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.saveFormat", output: saveAccepted },
      ],
      endState: { editing: "saved" },
    },
    {
      description: "a save refused as stale (015) reloads the layout and keeps the operator's edit on it",
      events: [
        load,
        { type: "xstate.done.actor.loadFormat", output: loadedWritable },
        amountUp,
        save,
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.saveFormat", output: storeConflict },
        { type: "xstate.done.actor.reloadFormat", output: reloadedWritable },
      ],
      endState: { editing: "failed" },
    },
    {
      description: "cancel restores the saved layout after an edit, once the discard is confirmed",
      events: [
        load,
        { type: "xstate.done.actor.loadFormat", output: loadedWritable },
        hideBasic,
        fixedMode,
        cancel,
        { type: "xstate.done.actor.confirmDiscard", output: true },
      ],
      endState: { editing: "ready" },
    },
    {
      description: "cancel declined keeps the edits",
      events: [
        load,
        { type: "xstate.done.actor.loadFormat", output: loadedWritable },
        amountUp,
        cancel,
        { type: "xstate.done.actor.confirmDiscard", output: false },
      ],
      endState: { editing: "ready" },
    },
    {
      description: "leaving with unsaved changes asks, and goes once confirmed",
      events: [
        load,
        { type: "xstate.done.actor.loadFormat", output: loadedWritable },
        amountUp,
        leave,
        { type: "xstate.done.actor.confirmLeave", output: true },
      ],
      endState: "left",
      actions: ["leave"],
    },
    {
      description: "leaving without changes goes at once",
      events: [load, { type: "xstate.done.actor.loadFormat", output: loadedWritable }, leave],
      endState: "left",
      actions: ["leave"],
    },
  ],
} satisfies MachineWalk<typeof displayFormatEditMachine>;
