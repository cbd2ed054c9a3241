import {
  type ActionValues,
  type BeginEditOutcome,
  type LoadOptionsOutcome,
  type ManualScreeningEvent,
  manualScreeningMachine,
  type SaveOutcome,
} from "../../../machines/event/manualScreeningMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { EVENT_ACTIONS, type EventAction } from "../../../src/contract/eventActions.ts";
import type { MachineWalk } from "../support/walkTypes.ts";
import { lockedEvent, reviewEvent, savedEvent } from "./eventDetailFixture.ts";

export const labels = [{ labelId: "L01", name: "要確認" }];
export const assignees = [{ operatorId: 2, operatorName: "デモ審査者" }];

export const optionsLoaded: LoadOptionsOutcome = {
  ok: true,
  result: { labels, assignees, reasons: ["顧客へ確認中"] },
  messages: [],
};
export const optionsWithoutLabels: LoadOptionsOutcome = {
  ok: true,
  result: { labels: [], assignees, reasons: [] },
  messages: [],
};
export const optionsForbidden: LoadOptionsOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "You do not have permission for this operation." }],
};
export const editBegun: BeginEditOutcome = {
  ok: true,
  result: { lockedUntil: "2026-11-01T02:05:00.000Z" },
  messages: [],
};
export const lockedByOther: BeginEditOutcome = {
  ok: false,
  errors: [{ code: ERROR.editLocked, message: "This event is being edited by another user." }],
};
export const beginConflict: BeginEditOutcome = {
  ok: false,
  errors: [{ code: ERROR.conflict, message: "Another user is updating the same information." }],
};
export const savedOk: SaveOutcome = {
  ok: true,
  result: { detail: savedEvent },
  messages: [{ code: "002", message: "Update is complete." }],
};
/** A save whose fresh detail is already taken by an update job (1000). */
export const savedUnderUpdate: SaveOutcome = {
  ok: true,
  result: { detail: { ...savedEvent, editBlock: { kind: "underUpdate" } } },
  messages: [],
};
export const saveConflict: SaveOutcome = {
  ok: false,
  errors: [{ code: ERROR.conflict, message: "Another user is updating the same information." }],
};
export const saveInvalid: SaveOutcome = {
  ok: false,
  errors: [{ code: ERROR.validation, message: "Reason is required.", field: "reason" }],
};
export const saveUnderScreening: SaveOutcome = {
  ok: false,
  errors: [{ code: ERROR.underScreening, message: "This event is under screening." }],
};
export const saveForbidden: SaveOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "You do not have permission for this operation." }],
};
export const actionThrew = new Error("network down");

/** The values a filled dialog submits, one per action. */
export const filledValues: Record<EventAction, ActionValues> = {
  ok: { action: "ok", reason: "", memo: "", labelIds: [] },
  ng: { action: "ng", reason: "Stolen card", memo: "", labelIds: ["L01"] },
  hold: { action: "hold", reason: "", memo: "Call the customer", labelIds: [] },
  negative: { action: "negative", purchaser: "1", shipping: "0", settleCategory: "01", otherCategory: "" },
  memo: { action: "memo", memo: "Checked by phone" },
  assign: { action: "assign", assigneeId: 2 },
  label: { action: "label", labelIds: ["L01"] },
};

const show = (detail: typeof reviewEvent) =>
  ({
    type: "detail.show",
    eventId: detail.basic.eventId,
    version: detail.version,
    editBlock: detail.editBlock,
  }) satisfies ManualScreeningEvent;
const showFree = show(reviewEvent);
const showLocked = show(lockedEvent);
/** The next event of the search (Next, a related event, the browser's Back), free or locked. */
const NEXT_EVENT_ID = "EV0000000002";
const showNext = { ...showFree, eventId: NEXT_EVENT_ID } satisfies ManualScreeningEvent;
const showNextLocked = { ...showLocked, eventId: NEXT_EVENT_ID } satisfies ManualScreeningEvent;
/** Where another event's arrival gives up the edit under way. */
const EDIT_UNDER_WAY = ["preparing", "beginning", { holding: "editing" }, { holding: "confirming" }] as const;
const open = (action: EventAction) => ({ type: "action.open", action }) satisfies ManualScreeningEvent;
const submit = (action: EventAction) =>
  ({ type: "form.submit", values: filledValues[action] }) satisfies ManualScreeningEvent;

export const manualScreeningWalk = {
  machine: manualScreeningMachine,
  events: {
    "detail.show": [showFree, showLocked, showNext, showNextLocked],
    "action.open": EVENT_ACTIONS.map(open),
    "form.submit": (snapshot) => [submit(snapshot.context.action ?? "ok")],
    "edit.cancel": [{ type: "edit.cancel" }],
    "edit.retry": [{ type: "edit.retry" }],
    "refusal.dismiss": [{ type: "refusal.dismiss" }],
  },
  outputs: {
    loadOptions: [optionsLoaded, optionsWithoutLabels, optionsForbidden],
    beginEdit: [editBegun, lockedByOther, beginConflict],
    confirmSave: [true, false],
    save: [savedOk, savedUnderUpdate, saveConflict, saveInvalid, saveUnderScreening, saveForbidden],
  },
  failures: {
    loadOptions: [actionThrew],
    beginEdit: [actionThrew],
    confirmSave: [actionThrew],
    save: [actionThrew],
  },
  filterEvents: (snapshot, event) => {
    const type: string = event.type;
    // One pass over every action from the event as first shown; after a save (version 2) or on the
    // next event the same dialogs would only repeat the graph.
    if (type === "action.open")
      return snapshot.context.version === 1 && snapshot.context.eventId !== NEXT_EVENT_ID;
    // The next event matters only while an edit is under way on the one shown.
    if (type === "detail.show" && Reflect.get(event, "eventId") === NEXT_EVENT_ID)
      return EDIT_UNDER_WAY.some((state) => snapshot.matches(state));
    // "No labels" matters only to the label dialog.
    if (Reflect.get(event, "output") === optionsWithoutLabels) return snapshot.context.action === "label";
    return true;
  },
  recordedActions: ["detailSaved", "notifySaved", "notifyConflict", "reloadDetail", "releaseEdit"],
  journeys: [
    {
      description: "NG with a reason: options, lock, dialog, confirmation, save; the fresh detail and 002",
      events: [
        showFree,
        open("ng"),
        { type: "xstate.done.actor.loadOptions", output: optionsLoaded },
        { type: "xstate.done.actor.beginEdit", output: editBegun },
        submit("ng"),
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.save", output: savedOk },
        show(savedEvent),
      ],
      endState: "viewing",
      actions: ["detailSaved", "notifySaved"],
    },
    {
      description:
        "a stale version (015) releases the lock, reloads the event and is read-only until it arrives",
      events: [
        showFree,
        open("hold"),
        { type: "xstate.done.actor.loadOptions", output: optionsLoaded },
        { type: "xstate.done.actor.beginEdit", output: editBegun },
        submit("hold"),
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.save", output: saveConflict },
        show(savedEvent),
      ],
      endState: "viewing",
      actions: ["releaseEdit", "notifyConflict", "reloadDetail"],
    },
    {
      description: "labels when the tenant has none: 914 instead of the dialog, no lock taken",
      events: [
        showFree,
        open("label"),
        { type: "xstate.done.actor.loadOptions", output: optionsWithoutLabels },
        { type: "refusal.dismiss" },
      ],
      endState: "viewing",
      actions: [],
    },
    {
      description: "another operator's lock (688) keeps the event read-only until a reload frees it",
      events: [
        showFree,
        open("memo"),
        { type: "xstate.done.actor.loadOptions", output: optionsLoaded },
        { type: "xstate.done.actor.beginEdit", output: lockedByOther },
        { type: "refusal.dismiss" },
        showLocked,
        showFree,
      ],
      endState: "viewing",
    },
    {
      description:
        "a field error stays in the dialog; backing out of the confirmation returns to it; cancel releases",
      events: [
        showFree,
        open("ng"),
        { type: "xstate.done.actor.loadOptions", output: optionsLoaded },
        { type: "xstate.done.actor.beginEdit", output: editBegun },
        submit("ng"),
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.save", output: saveInvalid },
        submit("ng"),
        { type: "xstate.done.actor.confirmSave", output: false },
        { type: "edit.cancel" },
      ],
      endState: "viewing",
      actions: ["releaseEdit"],
    },
    {
      description:
        "Next pressed while the NG dialog opens: the dialog's lock is released, the next event shown, nothing saved",
      events: [
        showFree,
        open("ng"),
        { type: "xstate.done.actor.loadOptions", output: optionsLoaded },
        { type: "xstate.done.actor.beginEdit", output: editBegun },
        showNext,
      ],
      endState: "viewing",
      actions: ["releaseEdit"],
    },
    {
      description: "a save that threw is retried and saves",
      events: [
        showFree,
        open("assign"),
        { type: "xstate.done.actor.loadOptions", output: optionsLoaded },
        { type: "xstate.done.actor.beginEdit", output: editBegun },
        submit("assign"),
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.error.actor.save", error: actionThrew },
        { type: "edit.retry" },
        { type: "xstate.done.actor.save", output: savedOk },
        show(savedEvent),
      ],
      endState: "viewing",
      actions: ["releaseEdit", "detailSaved", "notifySaved"],
    },
  ],
} satisfies MachineWalk<typeof manualScreeningMachine>;
