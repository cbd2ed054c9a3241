import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import { lastPage, type operatorListMachine } from "../../../../../machines/admin/operatorListMachine.ts";
import { OperatorListActor } from "./OperatorListActor.tsx";

type OperatorListSnapshot = SnapshotFrom<typeof operatorListMachine>;

/** What the operator list shows, named, derived from the workflow's snapshot. */
export function operatorListView(snapshot: OperatorListSnapshot) {
  const { list, page, pageSize, selected, errors } = snapshot.context;
  return {
    busy: snapshot.hasTag("busy"),
    starting: list === null && !snapshot.matches("loadFailed"),
    loadFailed: snapshot.matches("loadFailed"),
    deleteFailed: snapshot.matches("deleteFailed"),
    list,
    page,
    pages: lastPage(list?.count ?? 0, pageSize),
    pageSize,
    selected,
    errors,
    canSelectAll: snapshot.can({ type: "all.select" }),
    canClear: snapshot.matches("browsing") && selected.length > 0,
    canDelete: snapshot.can({ type: "delete.request" }),
    browsing: snapshot.matches("browsing"),
  };
}

/** The screen's view model: re-renders only when one of its values changes (shallow comparison). */
export function useOperatorListView() {
  return OperatorListActor.useSelector(operatorListView, shallowEqual);
}
