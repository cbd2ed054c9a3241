import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { operatorFormMachine } from "../../../../../machines/admin/operatorFormMachine.ts";
import { OperatorFormActor } from "./OperatorFormActor.tsx";

type OperatorFormSnapshot = SnapshotFrom<typeof operatorFormMachine>;

/** What the operator form shows, named, derived from the workflow's snapshot. */
export function operatorFormView(snapshot: OperatorFormSnapshot) {
  const { operatorId, fields, roles, problems, errors } = snapshot.context;
  return {
    operatorId,
    fields,
    roles,
    problems,
    errors,
    loading: snapshot.matches("loading"),
    loadFailed: snapshot.matches("loadFailed"),
    busy: snapshot.hasTag("busy"),
    // The fields take input only while the form is edited: not while asking, saving, or stale.
    editable: snapshot.matches("editing"),
    saving: snapshot.hasTag("saving"),
    stale: snapshot.matches("stale"),
    saveFailed: snapshot.matches("saveFailed"),
  };
}

export function useOperatorFormView() {
  return OperatorFormActor.useSelector(operatorFormView, shallowEqual);
}
