import { useEffect, useRef } from "react";
import type { ActionValues } from "../../../../../machines/event/manualScreeningMachine.ts";

/**
 * Tells the dialog's workflow what the form holds each time the operator changes it (typing,
 * choosing), not when it opens: such input keeps the edit lock renewed, and a lock lost meanwhile
 * keeps the values for the same dialog.
 */
export function useReportInput(values: ActionValues, report: (values: ActionValues) => void): void {
  const key = JSON.stringify(values);
  const reported = useRef(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the values
  useEffect(() => {
    if (key === reported.current) return;
    reported.current = key;
    report(values);
  }, [key, report]);
}
