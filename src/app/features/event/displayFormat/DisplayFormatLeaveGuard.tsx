import { type RefObject, useEffect } from "react";
import { draftChanged } from "../../../../../machines/event/displayFormatEditMachine.ts";
import { guardHistory } from "../../../historyGuard.ts";
import { useLeaveGuard } from "../../../shell/LeaveGuard.tsx";
import { DisplayFormatEditActor } from "../DisplayFormatEditActor.tsx";

type Editor = ReturnType<typeof DisplayFormatEditActor.useActorRef>;

/**
 * Asks the machine's own edit-discard question (`leave.request`) for a way out that navigates by
 * itself: resolves true once the operator agreed (the machine has ended; `leavingElsewhere` told its
 * `leave` not to go back as the screen's Back would), false when they declined (the draft stays) or
 * while busy (a save or reset under way: the screen stays).
 */
function askToLeave(editor: Editor, leavingElsewhere: RefObject<boolean>): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    if (!editor.getSnapshot().can({ type: "leave.request" })) {
      resolve(false);
      return;
    }
    leavingElsewhere.current = true;
    const answered = (left: boolean) => {
      subscription.unsubscribe();
      leavingElsewhere.current = left;
      resolve(left);
    };
    const subscription = editor.subscribe((snapshot) => {
      if (snapshot.status === "done") answered(true);
      else if (!snapshot.matches("confirmingLeave")) answered(false);
    });
    editor.send({ type: "leave.request" });
  });
}

/**
 * Leaving with unsaved changes by the main menu or by the browser's Back (or Forward) asks first,
 * as the screen's own Back does. The menu waits for the answer before it navigates. The browser has
 * already moved through its history when `popstate` fires, so the guard (historyGuard.ts, asked
 * before the router) takes the event from the router and puts the screen's entry back on top at once
 * (the route never changes), then asks: agreed, it goes back to the entry the operator was going to,
 * just behind the one put back; declined, the screen and its draft stay.
 */
export function DisplayFormatLeaveGuard({ leavingElsewhere }: { leavingElsewhere: RefObject<boolean> }) {
  const editor = DisplayFormatEditActor.useActorRef();
  const dirty = DisplayFormatEditActor.useSelector((snapshot) => draftChanged(snapshot.context));
  useLeaveGuard(dirty, () => askToLeave(editor, leavingElsewhere));
  useEffect(() => {
    if (!dirty) return;
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    const hereState: unknown = window.history.state;
    return guardHistory(() => {
      // Agreed already: this is the way out itself.
      if (editor.getSnapshot().status === "done") return false;
      window.history.pushState(hereState, "", here);
      askToLeave(editor, leavingElsewhere).then((left) => {
        if (left) window.history.back();
      });
      return true;
    });
  }, [dirty, editor, leavingElsewhere]);
  return null;
}
