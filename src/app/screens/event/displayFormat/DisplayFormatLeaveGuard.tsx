import type { RefObject } from "react";
import { draftChanged } from "../../../../../machines/event/displayFormatEditMachine.ts";
import { DisplayFormatEditActor } from "../../../actors/DisplayFormatEditActor.tsx";
import { useLeaveGuard } from "../../../shell/LeaveGuard.tsx";

/**
 * Leaving by the main menu with unsaved changes asks the machine's own edit-discard question
 * (`leave.request`): agreed, the machine ends and the menu navigates (`leavingByMenu` tells the
 * machine's `leave` not to go back as Back would); declined, the draft stays. Busy (a save or
 * reset under way), the screen stays.
 */
export function DisplayFormatLeaveGuard({ leavingByMenu }: { leavingByMenu: RefObject<boolean> }) {
  const editor = DisplayFormatEditActor.useActorRef();
  const dirty = DisplayFormatEditActor.useSelector((snapshot) => draftChanged(snapshot.context));
  useLeaveGuard(
    dirty,
    () =>
      new Promise<boolean>((resolve) => {
        if (!editor.getSnapshot().can({ type: "leave.request" })) {
          resolve(false);
          return;
        }
        leavingByMenu.current = true;
        const answered = (left: boolean) => {
          subscription.unsubscribe();
          leavingByMenu.current = left;
          resolve(left);
        };
        const subscription = editor.subscribe((snapshot) => {
          if (snapshot.status === "done") answered(true);
          else if (!snapshot.matches("confirmingLeave")) answered(false);
        });
        editor.send({ type: "leave.request" });
      }),
  );
  return null;
}
