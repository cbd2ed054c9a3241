import { createActorContext } from "@xstate/react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import {
  type ActionValues,
  type BeginEditOutcome,
  type EditInput,
  type LoadOptionsOutcome,
  manualScreeningMachine,
  type SaveInput,
  type SaveOutcome,
} from "../../../../machines/event/manualScreeningMachine.ts";
import { ERROR } from "../../../contract/errors.ts";
import {
  type EventAction,
  eventAssign,
  eventAssigneeList,
  eventEditBegin,
  eventEditEnd,
  eventLabelList,
  eventLabelsUpdate,
  eventMemoAdd,
  eventNegativeUpdate,
  eventReasonList,
  MANUAL_RESULT_CALLS,
} from "../../../contract/eventActions.ts";
import { MANUAL_RESULT } from "../../../contract/screening.ts";
import { errorNoticeText } from "../../actors/applyRouting.ts";
import { type RunCall, useRunCall } from "../../actors/CallRunner.tsx";
import { useConfirm } from "../../actors/ConfirmDialogActor.tsx";
import { NotificationsActor } from "../../actors/NotificationsActor.tsx";
import { translateKey } from "../../i18n/i18n.ts";
import { shownErrorText } from "../../ui/shownErrorText.ts";
import { EventDetailActor } from "./EventDetailActor.tsx";

/** The event detail's actions (machines/event/manualScreeningMachine.ts). */
export const EventDetailScreeningActor = createActorContext(manualScreeningMachine);

// Refusals are shown on the screen and in the dialog (015, 688, field errors); the success notice is
// the machine's (notifySaved, with the server's message), so it is not shown twice.
const HANDLED_HERE = { manual: true, suppressMessages: true, reportUnexpected: true } as const;

const MANUAL_RESULT_OF = { ok: MANUAL_RESULT.ok, ng: MANUAL_RESULT.ng, hold: MANUAL_RESULT.hold } as const;

/**
 * The choices a dialog offers: labels for the result and label dialogs, operators for the assignee,
 * the usual reasons for a result.
 */
async function loadOptions(run: RunCall, action: EventAction): Promise<LoadOptionsOutcome> {
  const result = action === "ok" || action === "ng" || action === "hold" ? MANUAL_RESULT_OF[action] : null;
  const [labels, assignees, reasons] = await Promise.all([
    result !== null || action === "label" ? run(eventLabelList, {}, HANDLED_HERE) : null,
    action === "assign" ? run(eventAssigneeList, {}, HANDLED_HERE) : null,
    result !== null ? run(eventReasonList, { result }, HANDLED_HERE) : null,
  ]);
  if (labels && !labels.ok) return labels;
  if (assignees && !assignees.ok) return assignees;
  if (reasons && !reasons.ok) return reasons;
  return {
    ok: true,
    result: {
      labels: labels?.result.labels ?? [],
      // Only an operator who may screen the event can be assigned it (the server refuses others).
      assignees: (assignees?.result.assignees ?? []).filter((operator) => operator.canScreen),
      reasons: reasons?.result.reasons ?? [],
    },
    messages: [],
  };
}

/** Each action's call with the values of its dialog and the version the operator saw. */
function save(run: RunCall, { eventId, version, values }: SaveInput): Promise<SaveOutcome> {
  const key = { eventId, version };
  const saveValues = (v: ActionValues): Promise<SaveOutcome> => {
    switch (v.action) {
      case "ok":
      case "ng":
      case "hold":
        return run(
          MANUAL_RESULT_CALLS[MANUAL_RESULT_OF[v.action]],
          { ...key, reason: v.reason, memo: v.memo, labelIds: v.labelIds },
          HANDLED_HERE,
        );
      case "negative":
        return run(
          eventNegativeUpdate,
          {
            ...key,
            purchaser: v.purchaser,
            shipping: v.shipping,
            settleCategory: v.settleCategory,
            otherCategory: v.otherCategory,
          },
          HANDLED_HERE,
        );
      case "memo":
        return run(eventMemoAdd, { ...key, memo: v.memo }, HANDLED_HERE);
      case "assign":
        return run(eventAssign, { ...key, assigneeId: v.assigneeId }, HANDLED_HERE);
      case "label":
        return run(eventLabelsUpdate, { ...key, labelIds: v.labelIds }, HANDLED_HERE);
    }
  };
  return saveValues(values);
}

export function EventDetailScreeningProvider({ children }: { children: ReactNode }) {
  const run = useRunCall();
  const confirm = useConfirm();
  const detail = EventDetailActor.useActorRef();
  const notifications = NotificationsActor.useActorRef();
  const { t } = useTranslation("messages");
  const [logic] = useState(() =>
    manualScreeningMachine.provide({
      actors: {
        loadOptions: fromPromise(({ input }: { input: { action: EventAction } }) =>
          loadOptions(run, input.action),
        ),
        beginEdit: fromPromise(({ input, signal }: { input: EditInput; signal: AbortSignal }) =>
          takeEdit(run, input, signal),
        ),
        // Renewing is taking it again: the server checks permission, version, jobs and locks anew.
        renewEdit: fromPromise(({ input, signal }: { input: EditInput; signal: AbortSignal }) =>
          takeEdit(run, input, signal),
        ),
        // The shared confirmation dialog, with Execute and Cancel; withdrawn if the edit is given up
        // (the screen left, another event shown) while it asks.
        confirmSave: fromPromise(
          ({ input, signal }: { input: { action: EventAction }; signal: AbortSignal }) =>
            confirm(`eventDetail:confirm.${input.action}`, "execute", signal),
        ),
        confirmDiscard: fromPromise(({ signal }: { signal: AbortSignal }) =>
          confirm("eventDetail:discardConfirm", "execute", signal),
        ),
        save: fromPromise(({ input }: { input: SaveInput }) => save(run, input)),
      },
      actions: {
        detailSaved: (_, params) => detail.send({ type: "detail.replace", detail: params.detail }),
        // The server says what was done (an assignee removed is a deletion, 003), in the operator's language.
        notifySaved: (_, params) =>
          notifications.send({
            type: "notify.show",
            colour: "success",
            text: params.messages.map((item) => item.message).join("\n"),
          }),
        // An error notification shows the code, then the message (spec section 8); here after the
        // event it was about, which is no longer on screen.
        notifyNotSaved: (_, params) =>
          notifications.send({
            type: "notify.show",
            colour: "error",
            text: params.errors
              .map((error) =>
                errorNoticeText(
                  error.code,
                  `${shownErrorText(error)}\n${translateKey("eventDetail:notSavedOn", { eventId: params.eventId })}`,
                ),
              )
              .join("\n"),
          }),
        // An error notification shows the code, then the message (spec section 8).
        notifyConflict: () =>
          notifications.send({
            type: "notify.show",
            colour: "error",
            text: errorNoticeText(ERROR.conflict, t("no.015")),
          }),
        reloadDetail: () => detail.send({ type: "detail.reload" }),
        releaseEdit: (_, params) => releaseEdit(run, params.eventId, false),
      },
    }),
  );
  return (
    <EventDetailScreeningActor.Provider logic={logic}>
      <ReleaseEditOnLeave run={run} />
      {children}
    </EventDetailScreeningActor.Provider>
  );
}

/** Takes or renews the edit lock (eventEditBegin). */
async function takeEdit(run: RunCall, input: EditInput, signal: AbortSignal): Promise<BeginEditOutcome> {
  const outcome = await run(eventEditBegin, input, HANDLED_HERE);
  // Stopped meanwhile (the operator left, cancelled or saved while the lock was being taken): give it back.
  if (signal.aborted && outcome.ok) releaseEdit(run, input.eventId, false);
  return outcome;
}

function releaseEdit(run: RunCall, eventId: string, keepalive: boolean): void {
  // The runner has shown any failure (697); the lock lapses after EDIT_LOCK_MINUTES anyway.
  run(eventEditEnd, { eventId }, { ...HANDLED_HERE, keepalive }).catch(() => undefined);
}

/**
 * Leaving the screen (browser Back, a menu link) or the page (closed, reloaded) with a dialog open
 * releases the edit lock, as Cancel does; otherwise the event would stay locked for everyone else
 * (688) until the lock lapses. The stopped machine runs no exit actions, so this reads its tags.
 */
function ReleaseEditOnLeave({ run }: { run: RunCall }) {
  const screening = EventDetailScreeningActor.useActorRef();
  useEffect(() => {
    const releaseIfLocked = (keepalive: boolean) => {
      const snapshot = screening.getSnapshot();
      if (snapshot.hasTag("editLocked")) releaseEdit(run, snapshot.context.eventId, keepalive);
    };
    const onPageHide = () => releaseIfLocked(true);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      releaseIfLocked(false);
    };
  }, [screening, run]);
  return null;
}
