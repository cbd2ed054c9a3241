import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { auditLogMachine } from "../../../../../machines/admin/auditLogMachine.ts";
import { AuditLogActor } from "./AuditLogActor.tsx";

type AuditLogSnapshot = SnapshotFrom<typeof auditLogMachine>;

/** What the audit log screen shows, named, derived from the workflow's snapshot. */
export function auditLogView(snapshot: AuditLogSnapshot) {
  return {
    busy: snapshot.hasTag("busy"),
    starting: snapshot.matches("idle") || snapshot.matches("loadingOperators"),
    loading: snapshot.matches("loading"),
    failed: snapshot.matches("failed"),
    exporting: snapshot.matches("exporting"),
    operators: snapshot.context.operators,
    filter: snapshot.context.filter,
    entries: snapshot.context.page?.entries ?? null,
    errors: snapshot.context.errors,
    pageNumber: snapshot.context.cursors.length,
    canPrevious: snapshot.can({ type: "page.previous" }),
    canNext: snapshot.can({ type: "page.next" }),
    canExport: snapshot.can({ type: "csv.export", encoding: "utf8" }),
  };
}

/** The screen's view model: re-renders only when one of its values changes (shallow comparison). */
export function useAuditLogView() {
  return AuditLogActor.useSelector(auditLogView, shallowEqual);
}
