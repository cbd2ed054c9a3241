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
/** A renewal answers as a begin does: the lock's new end, or why the event cannot be held. */
export const renewed: BeginEditOutcome = {
  ok: true,
  result: { lockedUntil: "2026-11-01T02:07:00.000Z" },
  messages: [],
};
export const renewUnderUpdate: BeginEditOutcome = {
  ok: false,
  errors: [{ code: ERROR.underUpdate, message: "An update is in progress. Please wait." }],
};

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
const EDIT_UNDER_WAY = [
  "preparing",
  "beginning",
  { holding: { form: "editing" } },
  { holding: { form: "confirming" } },
  { holding: { form: "discarding" } },
] as const;
const open = (action: EventAction) => ({ type: "action.open", action }) satisfies ManualScreeningEvent;
const submit = (action: EventAction) =>
  ({ type: "form.submit", values: filledValues[action] }) satisfies ManualScreeningEvent;
const input = (action: EventAction) =>
  ({ type: "edit.input", values: filledValues[action] }) satisfies ManualScreeningEvent;
/** The lock's renewal falling due (EDIT_LOCK_RENEW_MINUTES after it was last taken). */
const renewalDue = { type: "xstate.after.editLockRenewal.manualScreening.holding.lock.held" } as const;
/** The dialog whose save the graph walks with another event shown meanwhile. */
const LEFT_WHILE_SAVING: EventAction = "hold";
/** The dialog whose lock renewal the graph walks; the others would only repeat it. */
const RENEWAL_ACTION: EventAction = "memo";

export const manualScreeningWalk = {
  machine: manualScreeningMachine,
  events: {
    "detail.show": [showFree, showLocked, showNext, showNextLocked],
    "action.open": EVENT_ACTIONS.map(open),
    "form.submit": (snapshot) => [submit(snapshot.context.action ?? "ok")],
    "edit.input": (snapshot) => [input(snapshot.context.action ?? "ok")],
    "edit.cancel": [{ type: "edit.cancel" }],
    "edit.retry": [{ type: "edit.retry" }],
    "refusal.dismiss": [{ type: "refusal.dismiss" }],
  },
  outputs: {
    loadOptions: [optionsLoaded, optionsWithoutLabels, optionsForbidden],
    beginEdit: [editBegun, lockedByOther, beginConflict],
    renewEdit: [renewed, lockedByOther, beginConflict, renewUnderUpdate],
    confirmSave: [true, false],
    confirmDiscard: [true, false],
    save: [savedOk, savedUnderUpdate, saveConflict, saveInvalid, saveUnderScreening, saveForbidden],
  },
  failures: {
    loadOptions: [actionThrew],
    beginEdit: [actionThrew],
    renewEdit: [actionThrew],
    confirmSave: [actionThrew],
    confirmDiscard: [actionThrew],
    save: [actionThrew],
  },
  filterEvents: (snapshot, event) => {
    const type: string = event.type;
    // One pass over every action from the event as first shown; after a save (version 2) or on the
    // next event the same dialogs would only repeat the graph.
    if (type === "action.open")
      return snapshot.context.version === 1 && snapshot.context.eventId !== NEXT_EVENT_ID;
    // The next event matters only while an edit is under way on the one shown, or (in one dialog)
    // while its save is.
    if (type === "detail.show" && Reflect.get(event, "eventId") === NEXT_EVENT_ID)
      return (
        EDIT_UNDER_WAY.some((state) => snapshot.matches(state)) ||
        (snapshot.matches({ holding: { form: "saving" } }) && snapshot.context.action === LEFT_WHILE_SAVING)
      );
    // The lock's renewal is the same in every dialog: walked in one, from a form without errors and
    // without another dialog's kept values; input comes while the form is being filled, a renewal
    // falls due then or while saving.
    const filling = snapshot.matches({ holding: { form: "editing" } });
    const renewalWalked =
      snapshot.context.action === RENEWAL_ACTION &&
      snapshot.context.errors.length === 0 &&
      snapshot.context.keptDraft === null;
    if (type === "edit.input") return renewalWalked && filling;
    if (type.startsWith("xstate.after.editLockRenewal"))
      return renewalWalked && (filling || snapshot.matches({ holding: { form: "saving" } }));
    // While saving, one refusal and the failure show that the save answers for itself.
    if (type === "xstate.done.actor.renewEdit" && snapshot.matches({ holding: { form: "saving" } }))
      return Reflect.get(event, "output") === renewed || Reflect.get(event, "output") === beginConflict;
    // Once the renewal is under way or has been, the rest of the dialog is walked elsewhere: only
    // what brings a save beside the renewal is taken.
    const renewalUnderWay =
      snapshot.context.action === RENEWAL_ACTION &&
      snapshot.matches("holding") &&
      (!snapshot.matches({ holding: { lock: "held" } }) ||
        snapshot.context.activeSinceRenewal ||
        snapshot.context.draft !== null);
    if (renewalUnderWay)
      return (
        type === "edit.input" ||
        type.startsWith("xstate.after.editLockRenewal") ||
        type.endsWith(".renewEdit") ||
        type === "form.submit" ||
        Reflect.get(event, "output") === true ||
        Reflect.get(event, "output") === savedOk
      );
    // "No labels" matters only to the label dialog.
    if (Reflect.get(event, "output") === optionsWithoutLabels) return snapshot.context.action === "label";
    return true;
  },
  recordedActions: [
    "detailSaved",
    "notifySaved",
    "notifyConflict",
    "notifyNotSaved",
    "reloadDetail",
    "releaseEdit",
  ],
  journeys: [
    {
      description:
        "an operator who keeps typing keeps the lock: renewed each time it falls due after input, and the save goes through",
      events: [
        showFree,
        open("ng"),
        { type: "xstate.done.actor.loadOptions", output: optionsLoaded },
        { type: "xstate.done.actor.beginEdit", output: editBegun },
        input("ng"),
        renewalDue,
        { type: "xstate.done.actor.renewEdit", output: renewed },
        input("ng"),
        renewalDue,
        { type: "xstate.done.actor.renewEdit", output: renewed },
        submit("ng"),
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.save", output: savedOk },
      ],
      endState: "saved",
      actions: ["detailSaved", "notifySaved"],
    },
    {
      description:
        "a dialog left idle is not renewed; the operator's next input renews it at once, and another operator holding it by then (688) closes the dialog with the values kept",
      events: [
        showFree,
        open("hold"),
        { type: "xstate.done.actor.loadOptions", output: optionsLoaded },
        { type: "xstate.done.actor.beginEdit", output: editBegun },
        renewalDue,
        input("hold"),
        { type: "xstate.done.actor.renewEdit", output: lockedByOther },
        showFree,
        open("hold"),
      ],
      endState: "preparing",
      actions: ["releaseEdit"],
    },
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
        "a field error stays in the dialog; backing out of the confirmation returns to it; cancel asks before throwing the values away, then releases",
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
        { type: "xstate.done.actor.confirmDiscard", output: false },
        { type: "edit.cancel" },
        { type: "xstate.done.actor.confirmDiscard", output: true },
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
      description:
        "the browser's Back while HOLD is saving: the save answers for its own event with a notice, and the event gone back to stays shown",
      events: [
        showFree,
        open("hold"),
        { type: "xstate.done.actor.loadOptions", output: optionsLoaded },
        { type: "xstate.done.actor.beginEdit", output: editBegun },
        submit("hold"),
        { type: "xstate.done.actor.confirmSave", output: true },
        showNext,
        { type: "xstate.done.actor.save", output: savedOk },
      ],
      endState: "viewing",
      actions: ["notifySaved"],
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
