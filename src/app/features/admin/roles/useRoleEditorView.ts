import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { roleEditorMachine } from "../../../../../machines/admin/roleEditorMachine.ts";
import { RoleEditorActor } from "./RoleEditorActor.tsx";

type RoleEditorSnapshot = SnapshotFrom<typeof roleEditorMachine>;

/** What the role list shows, named, derived from the workflow's snapshot. */
export function roleEditorView(snapshot: RoleEditorSnapshot) {
  return {
    roles: snapshot.context.roles,
    draft: snapshot.context.draft,
    nameProblems: snapshot.context.nameProblems,
    errors: snapshot.context.errors,
    loading: snapshot.matches("loading") && snapshot.context.roles.length === 0,
    loadFailed: snapshot.matches("loadFailed"),
    busy: snapshot.hasTag("busy"),
    // The list's controls wait while a draft is open or a delete is asked or runs.
    listControls: snapshot.matches("list"),
    editing: snapshot.hasTag("editing"),
    saving: snapshot.matches("saving"),
    saveFailed: snapshot.matches("saveFailed"),
    formControls: snapshot.matches("editing"),
  };
}

/** The screen's view model: re-renders only when one of its values changes (shallow comparison). */
export function useRoleEditorView() {
  return RoleEditorActor.useSelector(roleEditorView, shallowEqual);
}
