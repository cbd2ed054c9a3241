import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { allowedIpEditMachine } from "../../../../../machines/admin/allowedIpEditMachine.ts";
import { AllowedIpEditActor } from "./AllowedIpEditActor.tsx";

type AllowedIpEditSnapshot = SnapshotFrom<typeof allowedIpEditMachine>;

const sameRows = (a: readonly unknown[], b: readonly unknown[]) => JSON.stringify(a) === JSON.stringify(b);

/** What the allowed IP screen shows, named, derived from the workflow's snapshot. */
export function allowedIpEditView(snapshot: AllowedIpEditSnapshot) {
  const { saved, draft } = snapshot.context;
  return {
    saved,
    draft,
    yourAddress: snapshot.context.yourAddress,
    kind: snapshot.context.kind,
    rowProblems: snapshot.context.rowProblems,
    errors: snapshot.context.errors,
    preview: snapshot.context.preview,
    loading: snapshot.matches("loading"),
    loadFailed: snapshot.matches("loadFailed"),
    saveFailed: snapshot.matches("saveFailed"),
    busy: snapshot.hasTag("busy") || snapshot.hasTag("saving"),
    saving: snapshot.hasTag("saving"),
    // Rows and buttons answer only while editing (not while previewing, asking or saving).
    controls: snapshot.matches("editing"),
    changed: { console: !sameRows(saved.console, draft.console), api: !sameRows(saved.api, draft.api) },
  };
}

/** The screen's view model: re-renders only when one of its values changes (shallow comparison). */
export function useAllowedIpEditView() {
  return AllowedIpEditActor.useSelector(allowedIpEditView, shallowEqual);
}
