import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import {
  type displayFormatEditMachine,
  draftChanged,
} from "../../../../machines/event/displayFormatEditMachine.ts";
import { DisplayFormatEditActor } from "./DisplayFormatEditActor.tsx";

type DisplayFormatEditSnapshot = SnapshotFrom<typeof displayFormatEditMachine>;

/** What the display format editor shows, named, derived from the workflow's snapshot. */
export function displayFormatEditView(snapshot: DisplayFormatEditSnapshot) {
  return {
    loading: snapshot.matches("idle") || snapshot.matches("loading"),
    failed: snapshot.matches("loadFailed"),
    busy: snapshot.hasTag("busy"),
    mode: snapshot.context.mode,
    isDefault: snapshot.context.saved?.isDefault ?? true,
    writable: snapshot.context.writable,
    // Unsaved changes: the draft differs from the layout saved.
    dirty: draftChanged(snapshot.context),
    problem: snapshot.context.problem,
    errors: snapshot.context.errors,
    resting: snapshot.matches("editing"),
    saving: snapshot.matches("saving"),
    resetting: snapshot.matches("resetting"),
  };
}

/** The screen's view model: re-renders only when one of its values changes (shallow comparison). */
export function useDisplayFormatEditView() {
  return DisplayFormatEditActor.useSelector(displayFormatEditView, shallowEqual);
}
