import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { reportMachine } from "../../../../machines/report/reportMachine.ts";
import { ERROR } from "../../../contract/errors.ts";
import { serverFieldErrors } from "../../ui/fieldErrors.ts";
import { ReportActor } from "./ReportActor.tsx";

type ReportSnapshot = SnapshotFrom<typeof reportMachine>;

/** What the report screen shows, named, derived from the workflow's snapshot. */
export function reportView(snapshot: ReportSnapshot) {
  const { context } = snapshot;
  const fieldErrors = serverFieldErrors(context.errors);
  return {
    busy: snapshot.hasTag("busy"),
    starting: snapshot.matches("idle") || snapshot.matches("loadingModels"),
    noModels: snapshot.matches("noModels"),
    failed: snapshot.matches("failed"),
    models: context.models,
    criteria: context.criteria,
    canEdit: snapshot.matches("ready"),
    canSubmit: snapshot.can({ type: "report.submit" }),
    loadingReport: snapshot.matches("loadingReport"),
    report: context.report,
    fromError: fieldErrors.from,
    toError: fieldErrors.to,
    // Errors that name no field of the form (a failure of the call, a refusal the app has routed).
    otherErrors: context.errors.filter(
      (error) =>
        !(
          error.code === ERROR.validation &&
          (error.field === "telegram.from" || error.field === "telegram.to")
        ),
    ),
    tab: context.tab,
    canExport: snapshot.can({ type: "csv.export" }),
    exporting: snapshot.matches("exportingReport"),
    ruleHits: context.ruleHits,
    ruleHitErrors: context.ruleHitErrors,
    loadingRuleHits: snapshot.matches("loadingRuleHits"),
    canExportRuleHits: snapshot.can({ type: "ruleHits.export" }),
    exportingRuleHits: snapshot.matches("exportingRuleHits"),
  };
}

/** The screen's view model: re-renders only when one of its values changes (shallow comparison). */
export function useReportView() {
  return ReportActor.useSelector(reportView, shallowEqual);
}
