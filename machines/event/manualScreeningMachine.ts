import { and, assertEvent, assign, not, setup, stateIn } from "xstate";
import type { ErrorItem, MessageItem } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import {
  type Assignee,
  EDIT_LOCK_RENEW_MINUTES,
  type EVENT_ACTIONS,
  type EventAction,
  type Label,
  type NEGATIVE_OPERATION,
  type NEGATIVE_OTHER_CATEGORIES,
  type NEGATIVE_SETTLE_CATEGORIES,
} from "../../src/contract/eventActions.ts";
import type { EditBlock, EventDetail } from "../../src/contract/eventDetail.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { accepted, acceptedResult, type CallOutcome, isAccepted, refusalErrors } from "../shared/outcome.ts";

type NegativeOperation = (typeof NEGATIVE_OPERATION)[keyof typeof NEGATIVE_OPERATION];
type ManualResultAction = Extract<(typeof EVENT_ACTIONS)[number], "ok" | "ng" | "hold">;

/** What the operator entered in an action's dialog (the app turns it into that action's call). */
export type ActionValues =
  | { action: ManualResultAction; reason: string; memo: string; labelIds: string[] }
  | {
      action: "negative";
      purchaser: NegativeOperation;
      shipping: NegativeOperation;
      settleCategory: "" | (typeof NEGATIVE_SETTLE_CATEGORIES)[number];
      otherCategory: "" | (typeof NEGATIVE_OTHER_CATEGORIES)[number];
    }
  | { action: "memo"; memo: string }
  | { action: "assign"; assigneeId: number | null }
  | { action: "label"; labelIds: string[] };

/**
 * The choices a dialog offers: the tenant's labels, the operators who may be assigned and, for a
 * manual result, the reasons most often given for it (eventReasonList).
 */
export interface EditOptions {
  labels: Label[];
  assignees: Assignee[];
  reasons: string[];
}

export interface ManualScreeningContext {
  /** The event shown and the version the operator saw (every save presents it). */
  eventId: string;
  version: number;
  /** Why the shown event may not be edited (688, 999, 1000), as the detail says. */
  block: EditBlock;
  /** The action whose dialog is open or being opened. */
  action: EventAction | null;
  options: EditOptions;
  /**
   * The dialog's values as last typed or submitted (kept for the confirmation, a retry, a lock lost
   * while the dialog is open, and the form).
   */
  draft: ActionValues | null;
  /** The operator gave input in the dialog since the lock was last taken or renewed. */
  activeSinceRenewal: boolean;
  /**
   * The values of a save or a lock renewal refused by 015, or by any refusal that closes the dialog
   * (the event taken meanwhile: 688, 999, 1000): the event reloads, and reopening the same action's
   * dialog starts from them, so nothing typed is lost. Forgotten when another event is shown.
   */
  keptDraft: ActionValues | null;
  /**
   * Another event shown while a save is under way (browser Back, a related event): the save answers
   * for the event it was made on, and then this one is the event shown.
   */
  shownMeanwhile: ShownDetail | null;
  /** The last refusal or failure: the dialog or the screen shows it. */
  errors: ErrorItem[];
  /** The step an exception interrupted: retry runs it again. */
  failedStep: "preparing" | "beginning" | "confirming" | "saving" | null;
}

/** An event the detail shows: its ID, the version loaded and why it may not be edited. */
export interface ShownDetail {
  eventId: string;
  version: number;
  editBlock: EditBlock;
}

export type ManualScreeningEvent =
  | ({ type: "detail.show" } & ShownDetail)
  | { type: "action.open"; action: EventAction }
  | { type: "form.submit"; values: ActionValues }
  /** The operator changed the dialog's values (typed, chose): what it holds now. */
  | { type: "edit.input"; values: ActionValues }
  | { type: "edit.cancel" }
  | { type: "edit.retry" }
  | { type: "refusal.dismiss" };

export type LoadOptionsOutcome = CallOutcome<EditOptions>;
export type BeginEditOutcome = CallOutcome<{ lockedUntil: string }>;
export type SaveOutcome = CallOutcome<{ detail: EventDetail }>;

export interface EditInput {
  eventId: string;
  version: number;
  action: EventAction;
}

export interface SaveInput {
  eventId: string;
  version: number;
  values: ActionValues;
}

const NO_OPTIONS: EditOptions = { labels: [], assignees: [], reasons: [] };
/** Refusals that make the event read-only until it is reloaded: another operator's lock, a job. */
const BLOCKING_CODES: readonly string[] = [
  ERROR.editLocked,
  ERROR.underScreening,
  ERROR.underUpdate,
  ERROR.eventDeleted,
];
/** Refusals the operator fixes in the dialog itself. */
const FORM_CODES: readonly string[] = [ERROR.validation, ERROR.noItemSelected];

const hasCode = (errors: readonly ErrorItem[], codes: readonly string[]) =>
  errors.some((error) => codes.includes(error.code));

const BLOCK_CODE: Record<NonNullable<EditBlock>["kind"], string> = {
  deleted: ERROR.eventDeleted,
  lockedByOther: ERROR.editLocked,
  underScreening: ERROR.underScreening,
  underUpdate: ERROR.underUpdate,
};
const blockError = (block: NonNullable<EditBlock>): ErrorItem => ({
  code: BLOCK_CODE[block.kind],
  message: "",
});

/** A shown detail decides where the workflow rests: viewing, or read-only with its block's message. */
const showDetail = [
  {
    guard: "shownBlocked",
    target: "#manualScreening.readOnly",
    actions: ["recordShownDetail", "clearEdit", "showBlock"],
  },
  { target: "#manualScreening.viewing", actions: ["recordShownDetail", "clearEdit"] },
] as const;

/** Ends the edit lock this operator holds (the dialog was left without a save). */
const RELEASE = {
  type: "releaseEdit",
  params: ({ context }: { context: ManualScreeningContext }) => ({ eventId: context.eventId }),
} as const;

/**
 * Another event shown while a dialog is being opened or is open (Next, a related event, the
 * browser's Back): the edit of the event left is given up, so no dialog opens over the new one and
 * nothing typed is saved on the event left. A lock the dialog holds is released; one being taken is
 * given back by the app's beginEdit. The same event shown again (a reload) changes nothing.
 */
const showAnother = (release: boolean) =>
  [
    {
      guard: and(["anotherEvent", "shownBlocked"]),
      target: "#manualScreening.readOnly",
      actions: [...(release ? [RELEASE] : []), "recordShownDetail", "clearEdit", "showBlock"],
    },
    {
      guard: "anotherEvent",
      target: "#manualScreening.viewing",
      actions: [...(release ? [RELEASE] : []), "recordShownDetail", "clearEdit"],
    },
  ] as const;

/** What taking or renewing the lock presents: the event, the version seen and the dialog's action. */
const editInput = ({ context }: { context: ManualScreeningContext }): EditInput => ({
  eventId: context.eventId,
  version: context.version,
  action: context.action ?? "ok",
});

/** Leaving a dialog or a message: back to the event (it was editable, or no dialog would be open). */
const backToEvent = { target: "#manualScreening.viewing", actions: "clearEdit" } as const;

/**
 * Manual screening on the event detail (spec sections 2 and 4, issue 4), one workflow for every
 * action (OK, NG, HOLD, negative update, memo, assignee, labels): the dialog's choices are loaded
 * (a tenant without labels gets 914 instead of the label dialog), the edit lock is taken, the operator
 * fills the dialog, confirms in the shared confirmation dialog, and the action is saved against the
 * version they saw. A success hands the fresh detail to the app (`detailSaved`) and shows 001/002; a
 * stale version (015) reloads the event and stays read-only until it arrives; another operator's lock
 * (688), screening (999) or update (1000) make it read-only with that message; field errors stay in
 * the dialog. Leaving the dialog any other way than a save releases the lock (`releaseEdit`); another
 * event shown before the save starts gives the edit up (`showAnother`), one shown while it is under
 * way lets it answer for its own event with a notice (`showingMeanwhile`). While the dialog is open and
 * the operator works in it, the lock is renewed every `editLockRenewal`; a renewal refused or failed
 * ends the dialog as a refused or failed save would, with what was typed kept.
 */
const manualScreeningSetup = setup({
  types: {
    context: {} as ManualScreeningContext,
    events: {} as ManualScreeningEvent,
  },
  actors: {
    loadOptions: notProvided<LoadOptionsOutcome, { action: EventAction }>("loadOptions"),
    beginEdit: notProvided<BeginEditOutcome, EditInput>("beginEdit"),
    renewEdit: notProvided<BeginEditOutcome, EditInput>("renewEdit"),
    confirmSave: notProvided<boolean, { action: EventAction }>("confirmSave"),
    confirmDiscard: notProvided<boolean, { action: EventAction }>("confirmDiscard"),
    save: notProvided<SaveOutcome, SaveInput>("save"),
  },
  delays: {
    editLockRenewal: EDIT_LOCK_RENEW_MINUTES * 60_000,
  },
  guards: {
    outcomeAccepted,
    shownBlocked: ({ event }) => {
      assertEvent(event, "detail.show");
      return event.editBlock !== null;
    },
    shownMeanwhile: ({ context }) => context.shownMeanwhile !== null,
    /** A save accepted after another event was shown. */
    acceptedMeanwhile: ({ context }, params: { outcome: CallOutcome<unknown> }) =>
      context.shownMeanwhile !== null && isAccepted(params.outcome),
    blocked: ({ context }) => context.block !== null,
    /** The dialog holds values the operator typed (or kept from a refused save), not only its defaults. */
    typed: ({ context }) => context.draft !== null,
    anotherEvent: ({ context, event }) => {
      assertEvent(event, "detail.show");
      return event.eventId !== context.eventId;
    },
    labelsMissing: ({ context }, params: { outcome: LoadOptionsOutcome }) =>
      context.action === "label" && params.outcome.ok && params.outcome.result.labels.length === 0,
    conflict: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, [ERROR.conflict]),
    blockingRefusal: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, BLOCKING_CODES),
    formRefusal: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, FORM_CODES),
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    /** A blocking refusal stays on screen until the event is reloaded; others can be closed. */
    dismissible: ({ context }) => !hasCode(context.errors, BLOCKING_CODES),
    failedIn: ({ context }, params: { step: ManualScreeningContext["failedStep"] }) =>
      context.failedStep === params.step,
    activeSinceRenewal: ({ context }) => context.activeSinceRenewal,
    saving: stateIn({ holding: { form: "saving" } }),
  },
  actions: {
    recordShownDetail: assign(({ context, event }) => {
      assertEvent(event, "detail.show");
      return {
        eventId: event.eventId,
        version: event.version,
        block: event.editBlock,
        keptDraft: event.eventId === context.eventId ? context.keptDraft : null,
      };
    }),
    recordShownMeanwhile: assign(({ event }) => {
      assertEvent(event, "detail.show");
      return {
        shownMeanwhile: { eventId: event.eventId, version: event.version, editBlock: event.editBlock },
      };
    }),
    forgetShownMeanwhile: assign({ shownMeanwhile: null }),
    /** The event shown while the save was under way becomes the workflow's event, with no draft of the other's. */
    takeShownMeanwhile: assign(({ context }) =>
      context.shownMeanwhile
        ? {
            eventId: context.shownMeanwhile.eventId,
            version: context.shownMeanwhile.version,
            block: context.shownMeanwhile.editBlock,
            keptDraft: null,
            shownMeanwhile: null,
          }
        : {},
    ),
    /** Back to viewing: nothing of the last dialog is kept. */
    clearEdit: assign({
      action: null,
      options: NO_OPTIONS,
      draft: null,
      activeSinceRenewal: false,
      errors: [],
      failedStep: null,
    }),
    showBlock: assign(({ context }) => ({
      errors: context.block ? [blockError(context.block)] : [],
    })),
    // A draft kept from 015 fills its own action's dialog, once.
    chooseAction: assign(({ context }, params: { action: EventAction }) => {
      const kept = context.keptDraft?.action === params.action ? context.keptDraft : null;
      return {
        action: params.action,
        options: NO_OPTIONS,
        draft: kept,
        keptDraft: kept ? null : context.keptDraft,
        errors: [],
        failedStep: null,
      };
    }),
    keepDraft: assign(({ context }) => ({ keptDraft: context.draft })),
    recordOptions: assign((_, params: { result: EditOptions }) => ({ options: params.result })),
    recordNoLabels: assign({ errors: [{ code: ERROR.noLabels, message: "" }] }),
    recordDraft: assign((_, params: { values: ActionValues }) => ({ draft: params.values, errors: [] })),
    // What the dialog holds now; a field error the server gave stays until the next save.
    recordInput: assign((_, params: { values: ActionValues }) => ({
      draft: params.values,
      activeSinceRenewal: true,
    })),
    recordTyped: assign((_, params: { values: ActionValues }) => ({ draft: params.values })),
    forgetActivity: assign({ activeSinceRenewal: false }),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    recordException: assign(
      (_, params: { error: unknown; step: NonNullable<ManualScreeningContext["failedStep"]> }) => ({
        errors: [internalFailure(params.error)],
        failedStep: params.step,
      }),
    ),
    clearFailure: assign({ errors: [], failedStep: null }),
    recordSaved: assign((_, params: { result: { detail: EventDetail } }) => ({
      version: params.result.detail.version,
      block: params.result.detail.editBlock,
      errors: [],
    })),
    /** Provided by the app: the detail screen shows the fresh detail a save answered. */
    detailSaved: (_, _params: { detail: EventDetail }) => {},
    /** Provided by the app: the success notice, the server's message (001 registration, 002 update, 003 deletion). */
    notifySaved: (_, _params: { action: EventAction; messages: MessageItem[] }) => {},
    /**
     * Provided by the app: a save answered after the operator had gone to another event was refused
     * or failed; its event is no longer shown, so nothing else would tell them.
     */
    notifyNotSaved: (_, _params: { eventId: string; errors: ErrorItem[] }) => {},
    /** Provided by the app: tells the operator somebody saved first (015), beyond the reload. */
    notifyConflict: () => {},
    /** Provided by the app: reloads the event (after 015). */
    reloadDetail: () => {},
    /** Provided by the app: ends the edit lock (eventEditEnd) when a dialog is left without a save. */
    releaseEdit: (_, _params: { eventId: string }) => {},
  },
});

const callStep = callSteps(manualScreeningSetup);

/**
 * 015 answered a save or a lock renewal: the dialog closes, what was typed waits for the same
 * action's dialog (keptDraft), the event reloads.
 */
const conflictClosesDialog = {
  guard: "conflict",
  target: "#manualScreening.conflict",
  actions: ["recordErrors", "keepDraft", RELEASE],
} as const;
/**
 * Any other refusal that ends the dialog (the event taken meanwhile: 688 once this operator's lock
 * had lapsed, a job's 999 or 1000): what was typed waits for the same dialog, as after 015.
 */
const refusalClosesDialog = {
  target: "#manualScreening.refused",
  actions: ["recordErrors", "keepDraft", RELEASE],
} as const;

export const manualScreeningMachine = manualScreeningSetup.createMachine({
  id: "manualScreening",
  context: {
    eventId: "",
    version: 0,
    block: null,
    action: null,
    options: NO_OPTIONS,
    draft: null,
    activeSinceRenewal: false,
    keptDraft: null,
    shownMeanwhile: null,
    errors: [],
    failedStep: null,
  },
  initial: "idle",
  states: {
    idle: {
      on: { "detail.show": showDetail },
    },
    viewing: {
      on: {
        "detail.show": showDetail,
        "action.open": {
          target: "preparing",
          actions: { type: "chooseAction", params: ({ event }) => ({ action: event.action }) },
        },
      },
    },
    readOnly: {
      tags: ["readOnly"],
      on: { "detail.show": showDetail },
    },
    preparing: {
      tags: ["busy"],
      on: { "detail.show": showAnother(false) },
      invoke: callStep({
        src: "loadOptions",
        input: ({ context }) => ({ action: context.action ?? "ok" }),
        accepted: [
          { guard: "labelsMissing", target: "refused", actions: "recordNoLabels" },
          { target: "beginning", actions: "recordOptions" },
        ],
        refused: { target: "refused", actions: "recordErrors" },
        exception: {
          target: "error",
          actions: {
            type: "recordException",
            params: ({ event }) => ({ error: event.error, step: "preparing" }),
          },
        },
      }),
    },
    beginning: {
      tags: ["busy"],
      on: { "detail.show": showAnother(false) },
      invoke: callStep({
        src: "beginEdit",
        input: editInput,
        accepted: { target: "holding" },
        refused: [
          { guard: "conflict", target: "conflict", actions: "recordErrors" },
          { target: "refused", actions: "recordErrors" },
        ],
        exception: {
          target: "error",
          actions: {
            type: "recordException",
            params: ({ event }) => ({ error: event.error, step: "beginning" }),
          },
        },
      }),
    },
    /**
     * The edit lock is held: the dialog is open. Leaving it without a save releases the lock. While
     * no save is under way (`editLocked`), an app that stops this machine (the operator leaves the
     * screen or the page) releases it too: a stopped machine runs no exit actions. Beside the form,
     * the `lock` region renews the lock while the operator works in the dialog.
     */
    holding: {
      type: "parallel",
      entry: "forgetActivity",
      states: {
        form: {
          initial: "editing",
          states: {
            editing: {
              tags: ["dialogOpen", "editing", "editLocked"],
              on: {
                "detail.show": showAnother(true),
                "form.submit": {
                  target: "confirming",
                  actions: { type: "recordDraft", params: ({ event }) => ({ values: event.values }) },
                },
                // Escape, the overlay or Cancel: what was typed is not thrown away unasked.
                "edit.cancel": [
                  { guard: "typed", target: "discarding" },
                  { target: "#manualScreening.viewing", actions: [RELEASE, "clearEdit"] },
                ],
              },
            },
            /** "Discard what you entered?" over the dialog: agreed, the edit ends; declined, it goes on. */
            discarding: {
              tags: ["dialogOpen", "editing", "editLocked"],
              on: { "detail.show": showAnother(true) },
              invoke: {
                id: "confirmDiscard",
                src: "confirmDiscard",
                input: ({ context }) => ({ action: context.action ?? "ok" }),
                onDone: [
                  {
                    guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
                    target: "#manualScreening.viewing",
                    actions: [RELEASE, "clearEdit"],
                  },
                  { target: "editing" },
                ],
                // The question could not be asked: nothing is thrown away.
                onError: { target: "editing" },
              },
            },
            confirming: {
              tags: ["dialogOpen", "editing", "editLocked"],
              on: { "detail.show": showAnother(true) },
              invoke: {
                id: "confirmSave",
                src: "confirmSave",
                input: ({ context }) => ({ action: context.action ?? "ok" }),
                onDone: [
                  {
                    guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
                    target: "saving",
                  },
                  { target: "editing" },
                ],
                onError: {
                  target: "#manualScreening.error",
                  actions: [
                    {
                      type: "recordException",
                      params: ({ event }) => ({ error: event.error, step: "confirming" as const }),
                    },
                    RELEASE,
                  ],
                },
              },
            },
            /**
             * The save cannot be called back: it answers for its own event whatever is shown by then.
             * Its dialog stays over its own event only; with another event shown it waits unseen.
             */
            saving: {
              tags: ["busy", "saving"],
              initial: "inDialog",
              states: {
                inDialog: { tags: ["dialogOpen"] },
                unseen: {},
              },
              on: {
                "detail.show": [
                  { guard: "anotherEvent", target: ".unseen", actions: "recordShownMeanwhile" },
                  { target: ".inDialog", actions: "forgetShownMeanwhile" },
                ],
              },
              invoke: callStep({
                src: "save",
                input: ({ context }): SaveInput => {
                  if (!context.draft) throw new Error("saving without values");
                  return { eventId: context.eventId, version: context.version, values: context.draft };
                },
                // Another event shown meanwhile: the save's answer is told by a notice, its event no longer shown.
                before: [
                  {
                    guard: "acceptedMeanwhile",
                    target: "#manualScreening.showingMeanwhile",
                    actions: {
                      type: "notifySaved",
                      params: ({ context, event }) => ({
                        action: context.action ?? "ok",
                        messages: accepted(event.output).messages,
                      }),
                    },
                  },
                  {
                    guard: "shownMeanwhile",
                    target: "#manualScreening.showingMeanwhile",
                    actions: [
                      RELEASE,
                      {
                        type: "notifyNotSaved",
                        params: ({ context, event }) => ({
                          eventId: context.eventId,
                          errors: refusalErrors(event.output),
                        }),
                      },
                    ],
                  },
                ],
                accepted: {
                  target: "#manualScreening.saved",
                  actions: [
                    "recordSaved",
                    {
                      type: "detailSaved",
                      params: ({ event }) => ({ detail: acceptedResult(event.output).detail }),
                    },
                    {
                      type: "notifySaved",
                      params: ({ context, event }) => ({
                        action: context.action ?? "ok",
                        messages: accepted(event.output).messages,
                      }),
                    },
                  ],
                },
                refused: [
                  conflictClosesDialog,
                  { guard: "formRefusal", target: "editing", actions: "recordErrors" },
                  refusalClosesDialog,
                ],
                exception: [
                  {
                    guard: "shownMeanwhile",
                    target: "#manualScreening.showingMeanwhile",
                    actions: [
                      RELEASE,
                      {
                        type: "notifyNotSaved",
                        params: ({ context, event }) => ({
                          eventId: context.eventId,
                          errors: [internalFailure(event.error)],
                        }),
                      },
                    ],
                  },
                  {
                    target: "#manualScreening.error",
                    actions: [
                      {
                        type: "recordException",
                        params: ({ event }) => ({ error: event.error, step: "saving" }),
                      },
                      RELEASE,
                    ],
                  },
                ],
              }),
            },
          },
        },
        /**
         * The lock lasts EDIT_LOCK_MINUTES from its last taking. Every `editLockRenewal` it is renewed
         * (eventEditBegin again, with every check of a begin) if the operator gave input meanwhile;
         * otherwise it is left to lapse, so a dialog forgotten over lunch blocks nobody for long, and
         * the next input renews it at once. A renewal refused (688, 999, 1000, 015, 962) or failed
         * ends the dialog as the same answer to a save would, keeping what was typed; one that comes
         * back while the save is under way is the save's business (it answers for itself).
         */
        lock: {
          initial: "held",
          states: {
            held: {
              on: {
                "edit.input": {
                  actions: { type: "recordInput", params: ({ event }) => ({ values: event.values }) },
                },
              },
              after: {
                editLockRenewal: [
                  {
                    guard: and(["activeSinceRenewal", not("saving")]),
                    target: "renewing",
                    actions: "forgetActivity",
                  },
                  { target: "lapsing" },
                ],
              },
            },
            renewing: {
              on: {
                "edit.input": {
                  actions: { type: "recordInput", params: ({ event }) => ({ values: event.values }) },
                },
              },
              invoke: callStep({
                src: "renewEdit",
                input: editInput,
                accepted: { target: "held" },
                refused: [{ guard: "saving", target: "lapsing" }, conflictClosesDialog, refusalClosesDialog],
                exception: [
                  { guard: "saving", target: "lapsing" },
                  {
                    // As an exception while taking the lock: retry takes it again and reopens the dialog with the
                    // values typed (the draft).
                    target: "#manualScreening.error",
                    actions: [
                      {
                        type: "recordException",
                        params: ({ event }) => ({ error: event.error, step: "beginning" }),
                      },
                      RELEASE,
                    ],
                  },
                ],
              }),
            },
            /** Not renewed for want of input: the lock lapses in its time; input renews it at once. */
            lapsing: {
              on: {
                "edit.input": {
                  target: "renewing",
                  actions: { type: "recordTyped", params: ({ event }) => ({ values: event.values }) },
                },
              },
            },
          },
        },
      },
    },
    /**
     * The save under way when another event was shown has answered (told by a notice, as its own
     * event is no longer on screen): the event shown meanwhile is the one the workflow rests on, as
     * if shown now. Nothing of the save's event (its fresh detail, a refused draft) is kept.
     */
    showingMeanwhile: {
      entry: ["takeShownMeanwhile", "clearEdit"],
      always: [{ guard: "blocked", target: "readOnly", actions: "showBlock" }, { target: "viewing" }],
    },
    /** Saved (001/002 shown): the fresh detail is handed to the screen, which shows it next. */
    saved: {
      on: { "detail.show": showDetail },
    },
    /**
     * 015: somebody saved first. The event reloads; nothing can be edited until it has. The values
     * of the refused save wait for the same action's dialog (keptDraft).
     */
    conflict: {
      tags: ["readOnly"],
      entry: ["notifyConflict", "reloadDetail"],
      on: { "detail.show": showDetail },
    },
    /** The server refused the action: the message is shown; a blocking one stays until a reload. */
    refused: {
      tags: ["readOnly"],
      on: {
        "detail.show": showDetail,
        "refusal.dismiss": { guard: "dismissible", ...backToEvent },
      },
    },
    /** An exception: the step that failed can be retried, or the edit given up. */
    error: {
      on: {
        "edit.retry": [
          {
            guard: { type: "failedIn", params: { step: "preparing" } },
            target: "preparing",
            actions: "clearFailure",
          },
          {
            guard: { type: "failedIn", params: { step: "beginning" } },
            target: "beginning",
            actions: "clearFailure",
          },
          {
            guard: { type: "failedIn", params: { step: "confirming" } },
            target: "holding.form.confirming",
            actions: "clearFailure",
          },
          { target: "holding.form.saving", actions: "clearFailure" },
        ],
        "edit.cancel": backToEvent,
        // Another event shown (previous, next): the failed edit is over.
        "detail.show": showDetail,
      },
    },
  },
});
