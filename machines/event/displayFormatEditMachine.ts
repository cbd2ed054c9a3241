import { assign, setup } from "xstate";
import { CALL_STATUS } from "../../src/contract/codes.ts";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import {
  DEFAULT_DISPLAY_FORMAT,
  type DisplayFormat,
  type DisplayMode,
  sameDisplayFormat,
  withModePart,
} from "../../src/contract/eventDisplayFormat.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { type CallOutcome, hasCode } from "../shared/outcome.ts";
import {
  canMove,
  canToggle,
  type DraftList,
  type MoveDirection,
  moveEntry,
  rebaseDraft,
  toggleEntry,
} from "./displayFormatDraft.ts";

export interface StoredDisplayFormat {
  format: DisplayFormat;
  isDefault: boolean;
  /** What save and reset present again: a stale one is refused with 015 (ERROR.conflict). */
  version: number;
}

/** What the screen loads: the operator's layout and whether they may change it. */
export interface LoadedDisplayFormat extends StoredDisplayFormat {
  writable: boolean;
}

/** A refusal the machine finds itself, before asking the server. */
export type DraftProblem = "noCategory";

export interface DisplayFormatEditContext {
  /** The layout as the server holds it; null until loaded. */
  saved: StoredDisplayFormat | null;
  /** The layout being edited; `edit.cancel` (once the operator agrees) puts `saved` back. */
  draft: DisplayFormat | null;
  writable: boolean;
  /** The mode shown: 0 event property, 1 item category, 2 fixed items, 3 other. */
  mode: DisplayMode;
  problem: DraftProblem | null;
  errors: ErrorItem[];
}

export type DisplayFormatEditEvent =
  | { type: "format.load" }
  | { type: "mode.select"; mode: DisplayMode }
  | { type: "field.toggle"; list: DraftList; entry: string }
  | { type: "field.move"; list: DraftList; entry: string; direction: MoveDirection }
  | { type: "edit.cancel" }
  | { type: "save.request" }
  | { type: "reset.request" }
  | { type: "leave.request" };

/** Whether the draft differs from the saved layout (in any state: the view's "unsaved changes"). */
export const draftChanged = (context: Pick<DisplayFormatEditContext, "saved" | "draft">): boolean =>
  context.saved !== null && context.draft !== null && !sameDisplayFormat(context.saved.format, context.draft);

export type LoadFormatOutcome = CallOutcome<LoadedDisplayFormat>;
export type StoreFormatOutcome = CallOutcome<StoredDisplayFormat>;

/**
 * Event detail display customisation (spec section 2, /EventItemDisplayFormatEdit), the edit/revert
 * pattern: the saved layout is kept while a draft is edited in any of the four modes (switching mode
 * keeps the draft); `edit.cancel` restores the saved one, after the spec's edit-discard confirmation
 * (`confirmDiscard`; declined, the draft stays). Save and reset (of the shown mode's part) each go
 * through the confirmation dialog (`confirmSave`, `confirmReset`), then the call, whose progress reads
 * as in callProgressMachine: `saving` is executing (busy), then `editing.saved` (tag "10") or
 * `editing.failed` (tag "20"). Both present the version loaded; a stale one (015: another tab or
 * session stored since) reloads the layout (`reloadFormat`) and carries the operator's unsaved edits
 * onto it (rebaseDraft), with 015 shown, so nothing is overwritten or lost unseen. Leaving with
 * unsaved changes asks first (`confirmLeave`); `leave` is the app's navigation. A readable-only
 * operator sees the layout and can change nothing.
 */
const displayFormatEditSetup = setup({
  types: {
    context: {} as DisplayFormatEditContext,
    events: {} as DisplayFormatEditEvent,
  },
  actors: {
    loadFormat: notProvided<LoadFormatOutcome>("loadFormat"),
    confirmSave: notProvided<boolean>("confirmSave"),
    saveFormat: notProvided<StoreFormatOutcome, { format: DisplayFormat; version: number }>("saveFormat"),
    confirmReset: notProvided<boolean, { mode: DisplayMode }>("confirmReset"),
    resetFormat: notProvided<StoreFormatOutcome, { mode: DisplayMode; version: number }>("resetFormat"),
    /** The layout again after 015, as loadFormat answers it. */
    reloadFormat: notProvided<LoadFormatOutcome>("reloadFormat"),
    confirmDiscard: notProvided<boolean>("confirmDiscard"),
    confirmLeave: notProvided<boolean>("confirmLeave"),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    /** Somebody stored the layout since it was loaded (015). */
    conflict: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, ERROR.conflict),
    writable: ({ context }) => context.writable,
    dirty: ({ context }) => draftChanged(context),
    /** A writer's draft without any section: refused here, the server would answer 902. */
    noCategoryToSave: ({ context }) =>
      context.writable && context.draft !== null && context.draft.categories.length === 0,
    toggleAllowed: ({ context }, params: { list: DraftList; entry: string }) =>
      context.writable && context.draft !== null && canToggle(context.draft, params.list, params.entry),
    moveAllowed: ({ context }, params: { list: DraftList; entry: string; direction: MoveDirection }) =>
      context.writable &&
      context.draft !== null &&
      canMove(context.draft, params.list, params.entry, params.direction),
  },
  actions: {
    recordLoaded: assign((_, params: { result: LoadedDisplayFormat }) => ({
      saved: {
        format: params.result.format,
        isDefault: params.result.isDefault,
        version: params.result.version,
      },
      draft: params.result.format,
      writable: params.result.writable,
      problem: null,
      errors: [],
    })),
    selectMode: assign((_, params: { mode: DisplayMode }) => ({ mode: params.mode })),
    toggleField: assign(({ context }, params: { list: DraftList; entry: string }) => ({
      draft: context.draft && toggleEntry(context.draft, params.list, params.entry),
      problem: null,
      errors: [],
    })),
    moveField: assign(
      ({ context }, params: { list: DraftList; entry: string; direction: MoveDirection }) => ({
        draft: context.draft && moveEntry(context.draft, params.list, params.entry, params.direction),
        problem: null,
        errors: [],
      }),
    ),
    revertDraft: assign(({ context }) => ({
      draft: context.saved?.format ?? null,
      problem: null,
      errors: [],
    })),
    noteNoCategory: assign({ problem: "noCategory" as const }),
    recordSaved: assign((_, params: { result: StoredDisplayFormat }) => ({
      saved: params.result,
      draft: params.result.format,
      problem: null,
      errors: [],
    })),
    // Only the reset mode's part of the draft follows the server; edits of the other modes stay.
    recordReset: assign(({ context }, params: { result: StoredDisplayFormat }) => ({
      saved: params.result,
      draft: withModePart(context.draft ?? params.result.format, context.mode, params.result.format),
      problem: null,
      errors: [],
    })),
    // After 015: the layout as stored now becomes the saved one; the draft keeps every list the
    // operator changed and takes the rest from it. The 015 stays shown.
    recordReloaded: assign(({ context }, params: { result: LoadedDisplayFormat }) => {
      const stored = params.result.format;
      return {
        saved: { format: stored, isDefault: params.result.isDefault, version: params.result.version },
        draft:
          context.saved && context.draft ? rebaseDraft(context.saved.format, context.draft, stored) : stored,
        writable: params.result.writable,
      };
    }),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    /** The reload after 015 failed: both are shown; the draft and the old version stay (a save retries). */
    addErrors: assign(({ context }, params: { errors: ErrorItem[] }) => ({
      errors: [...context.errors, ...params.errors],
    })),
    addException: assign(({ context }, params: { error: unknown }) => ({
      errors: [...context.errors, internalFailure(params.error)],
    })),
    recordException: assign((_, params: { error: unknown }) => ({ errors: [internalFailure(params.error)] })),
    /** Provided by the app: back to the screen this one was opened from. */
    leave: () => {},
  },
});

const callStep = callSteps(displayFormatEditSetup);

/** Save and reset answer alike: 015 reloads the layout under the same draft; any other refusal keeps the draft. */
const storeRefused = [
  { guard: "conflict", target: "reloading", actions: "recordErrors" },
  { target: "editing.failed", actions: "recordErrors" },
] as const;
const storeException = { target: "editing.failed", actions: "recordException" } as const;

export const displayFormatEditMachine = displayFormatEditSetup.createMachine({
  id: "displayFormatEdit",
  context: { saved: null, draft: null, writable: false, mode: "0", problem: null, errors: [] },
  initial: "idle",
  states: {
    idle: {
      on: { "format.load": "loading" },
    },
    loading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadFormat",
        accepted: { target: "editing", actions: "recordLoaded" },
        refused: { target: "loadFailed", actions: "recordErrors" },
        exception: { target: "loadFailed", actions: "recordException" },
      }),
    },
    loadFailed: {
      on: {
        "format.load": "loading",
        "leave.request": "left",
      },
    },
    editing: {
      tags: ["editing"],
      initial: "ready",
      states: {
        ready: {},
        saved: { tags: [CALL_STATUS.success] },
        failed: { tags: [CALL_STATUS.error] },
      },
      on: {
        "mode.select": { actions: { type: "selectMode", params: ({ event }) => ({ mode: event.mode }) } },
        "field.toggle": {
          guard: { type: "toggleAllowed", params: ({ event }) => ({ list: event.list, entry: event.entry }) },
          target: ".ready",
          actions: { type: "toggleField", params: ({ event }) => ({ list: event.list, entry: event.entry }) },
        },
        "field.move": {
          guard: {
            type: "moveAllowed",
            params: ({ event }) => ({ list: event.list, entry: event.entry, direction: event.direction }),
          },
          target: ".ready",
          actions: {
            type: "moveField",
            params: ({ event }) => ({ list: event.list, entry: event.entry, direction: event.direction }),
          },
        },
        // The spec's edit-discard confirmation first: unsaved edits are never thrown away unasked.
        "edit.cancel": { guard: "dirty", target: "discarding" },
        "save.request": [
          // Refused here with 902's wording: a detail without any section would show nothing.
          { guard: "noCategoryToSave", target: ".failed", actions: "noteNoCategory" },
          { guard: "writable", target: "confirmingSave" },
        ],
        "reset.request": { guard: "writable", target: "confirmingReset" },
        "leave.request": [{ guard: "dirty", target: "confirmingLeave" }, { target: "left" }],
      },
    },
    confirmingSave: {
      tags: ["editing"],
      invoke: {
        id: "confirmSave",
        src: "confirmSave",
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "saving",
          },
          { target: "editing" },
        ],
        onError: {
          target: "editing.failed",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saving: {
      tags: ["busy", "saving"],
      invoke: callStep({
        src: "saveFormat",
        input: ({ context }) => ({
          format: context.draft ?? DEFAULT_DISPLAY_FORMAT,
          version: context.saved?.version ?? 0,
        }),
        accepted: { target: "editing.saved", actions: "recordSaved" },
        // 015 reloads and carries the draft onto it; otherwise the draft stays as it was.
        refused: storeRefused,
        exception: storeException,
      }),
    },
    confirmingReset: {
      tags: ["editing"],
      invoke: {
        id: "confirmReset",
        src: "confirmReset",
        input: ({ context }) => ({ mode: context.mode }),
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "resetting",
          },
          { target: "editing" },
        ],
        onError: {
          target: "editing.failed",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    resetting: {
      tags: ["busy", "saving"],
      invoke: callStep({
        src: "resetFormat",
        input: ({ context }) => ({ mode: context.mode, version: context.saved?.version ?? 0 }),
        accepted: { target: "editing.saved", actions: "recordReset" },
        refused: storeRefused,
        exception: storeException,
      }),
    },
    /** 015 answered a save or a reset: the layout as stored now, under the same draft. */
    reloading: {
      tags: ["busy"],
      invoke: callStep({
        src: "reloadFormat",
        accepted: { target: "editing.failed", actions: "recordReloaded" },
        refused: { target: "editing.failed", actions: "addErrors" },
        exception: { target: "editing.failed", actions: "addException" },
      }),
    },
    /** "Discard the changes you have not saved?" (Cancel): agreed, the saved layout is back; declined, the draft stays. */
    discarding: {
      tags: ["editing"],
      invoke: {
        id: "confirmDiscard",
        src: "confirmDiscard",
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "editing.ready",
            actions: "revertDraft",
          },
          { target: "editing" },
        ],
        // The question could not be asked: nothing is thrown away.
        onError: { target: "editing" },
      },
    },
    confirmingLeave: {
      tags: ["editing"],
      invoke: {
        id: "confirmLeave",
        src: "confirmLeave",
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "left",
          },
          { target: "editing" },
        ],
        onError: {
          target: "editing.failed",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    left: {
      type: "final",
      entry: "leave",
    },
  },
});
