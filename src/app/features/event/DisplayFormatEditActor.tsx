import { createActorContext } from "@xstate/react";
import { type ReactNode, type RefObject, useState } from "react";
import { fromPromise } from "xstate";
import {
  displayFormatEditMachine,
  type LoadFormatOutcome,
} from "../../../../machines/event/displayFormatEditMachine.ts";
import type { CallOutcome } from "../../../../machines/shared/outcome.ts";
import { passSystemErrorReason } from "../../../client/systemErrorReason.ts";
import { PERMISSION } from "../../../contract/codes.ts";
import { ERROR } from "../../../contract/errors.ts";
import {
  type DisplayFormat,
  type DisplayMode,
  eventDisplayFormatGet,
  eventDisplayFormatReset,
  eventDisplayFormatSave,
} from "../../../contract/eventDisplayFormat.ts";
import { screenPermissionList } from "../../../contract/permissions.ts";
import { PUBLIC_PATHS } from "../../../contract/screens.ts";
import { type RunCall, useRunCall } from "../../actors/CallRunner.tsx";
import { useConfirm } from "../../actors/ConfirmDialogActor.tsx";
import { currentPath, navigateTo } from "../../navigation.ts";
import { displayFormatReturnUrl } from "./displayFormat/displayFormatTransit.ts";

/** The event detail display customisation screen's workflow (machines/event/displayFormatEditMachine). */
export const DisplayFormatEditActor = createActorContext(displayFormatEditMachine);

// A refused save or reset is shown (and kept on the screen by the machine); the draft stays. A stale
// version's 015 is shown so too, while the machine reloads the layout under the draft.
const STAY_ON_REFUSAL = { noTransition: true } as const;

/**
 * The operator's layout and their permission for this screen. The menu knows only its own screens'
 * permissions, so this one is asked for here; "not available" is 962, as for a menu screen.
 */
async function loadFormat(run: RunCall): Promise<LoadFormatOutcome> {
  const permissions = await run(screenPermissionList, { screenIds: ["EventItemDisplayFormatEdit"] });
  if (!permissions.ok) return permissions;
  const permission =
    permissions.result.screenPermissions.find((entry) => entry.screenId === "EventItemDisplayFormatEdit")
      ?.permission ?? PERMISSION.none;
  if (permission === PERMISSION.none) {
    passSystemErrorReason({ kind: "forbidden" }, currentPath());
    navigateTo(PUBLIC_PATHS.systemError, { replace: true });
    return { ok: false, errors: [{ code: ERROR.forbidden, message: "" }] };
  }
  const format: CallOutcome<{ format: DisplayFormat; isDefault: boolean; version: number }> = await run(
    eventDisplayFormatGet,
    {},
  );
  if (!format.ok) return format;
  return { ...format, result: { ...format.result, writable: permission === PERMISSION.writable } };
}

/**
 * `leavingElsewhere` is true while the main menu or the browser's history takes the operator away
 * (each navigates itself), so the machine's `leave` goes back to the opening screen only for Back.
 */
export function DisplayFormatEditProvider({
  leavingElsewhere,
  children,
}: {
  leavingElsewhere: RefObject<boolean>;
  children: ReactNode;
}) {
  const run = useRunCall();
  const confirm = useConfirm();
  const [logic] = useState(() =>
    displayFormatEditMachine.provide({
      actors: {
        loadFormat: fromPromise(() => loadFormat(run)),
        confirmSave: fromPromise(({ signal }) => confirm("eventDisplay:saveConfirm", "execute", signal)),
        saveFormat: fromPromise(({ input }: { input: { format: DisplayFormat; version: number } }) =>
          run(eventDisplayFormatSave, { format: input.format, version: input.version }, STAY_ON_REFUSAL),
        ),
        confirmReset: fromPromise(
          ({ input, signal }: { input: { mode: DisplayMode }; signal: AbortSignal }) =>
            confirm(`eventDisplay:resetConfirm.${input.mode}`, "execute", signal),
        ),
        resetFormat: fromPromise(({ input }: { input: { mode: DisplayMode; version: number } }) =>
          run(eventDisplayFormatReset, { mode: input.mode, version: input.version }, STAY_ON_REFUSAL),
        ),
        // After 015 (shown as a notification and on the screen): the layout as stored now.
        reloadFormat: fromPromise(() => loadFormat(run)),
        // Cancel with unsaved changes: the spec's edit-discard confirmation, as the event detail's dialogs ask.
        confirmDiscard: fromPromise(({ signal }) => confirm("eventDisplay:cancelConfirm", "execute", signal)),
        confirmLeave: fromPromise(({ signal }) => confirm("eventDisplay:discardConfirm", "execute", signal)),
      },
      actions: {
        leave: () => {
          if (!leavingElsewhere.current) navigateTo(displayFormatReturnUrl());
        },
      },
    }),
  );
  return <DisplayFormatEditActor.Provider logic={logic}>{children}</DisplayFormatEditActor.Provider>;
}
