import type { AutoResult } from "../../contract/screening.ts";

/**
 * How long an operator has to give a manual result to an event the engine left open (REVIEW or
 * HOLD): 72 hours from the automatic screening time. A shop usually holds a shipment at most about
 * three days for a fraud check, so a fixed, tenant-independent window keeps every queue comparable.
 */
export const MANUAL_DEADLINE_HOURS = 72;

/** The manual screening deadline of an event screened at `screenedAt`: null unless REVIEW or HOLD. */
export function manualDeadlineOf(aaresult: AutoResult, screenedAt: Date): Date | null {
  if (aaresult !== "REVIEW" && aaresult !== "HOLD") return null;
  return new Date(screenedAt.getTime() + MANUAL_DEADLINE_HOURS * 3_600_000);
}
