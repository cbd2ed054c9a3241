import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { listSearchMachine } from "../../../../machines/lists/listSearchMachine.ts";

/** What a list screen shows, named, derived from the list search machine's snapshot. */
export function listSearchView(snapshot: SnapshotFrom<typeof listSearchMachine>) {
  const { rows, selected, errors } = snapshot.context;
  return {
    busy: snapshot.hasTag("busy"),
    starting: snapshot.matches("idle"),
    rows,
    selected,
    allSelected: rows.length > 0 && selected.length === rows.length,
    errors,
    noData: snapshot.matches("noData"),
    failed: snapshot.matches("failed"),
    canDelete: snapshot.can({ type: "delete.request" }),
  };
}

/** Re-renders a list screen only when one of the view's values changes. */
export const sameListView = shallowEqual;
