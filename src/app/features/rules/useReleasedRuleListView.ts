import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { releasedRuleListMachine } from "../../../../machines/rules/releasedRuleListMachine.ts";
import { ReleasedRuleListActor } from "./ReleasedRuleListActor.tsx";

type ReleasedRuleListSnapshot = SnapshotFrom<typeof releasedRuleListMachine>;

/** What the released rule list screen shows, named, derived from the workflow's snapshot. */
export function releasedRuleListView(snapshot: ReleasedRuleListSnapshot) {
  return {
    busy: snapshot.hasTag("busy"),
    starting: snapshot.matches("idle") || snapshot.matches("loadingModels"),
    models: snapshot.context.models,
    modelId: snapshot.context.modelId,
    errors: snapshot.context.errors,
    rules: snapshot.context.list,
    noModels: snapshot.matches("noModels"),
    // Only 676 reaches noRules: a model without a release in force.
    noRules: snapshot.matches("noRules"),
    failed: snapshot.matches("failed"),
    loadingRules: snapshot.matches("loadingRules"),
    canExport: snapshot.can({ type: "csv.export" }),
    exporting: snapshot.matches("exporting"),
  };
}

/** The screen's view model: re-renders only when one of its values changes (shallow comparison). */
export function useReleasedRuleListView() {
  return ReleasedRuleListActor.useSelector(releasedRuleListView, shallowEqual);
}
