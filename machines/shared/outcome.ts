import type { CallOutcome } from "../../src/contract/callOutcome.ts";
import type { ErrorItem } from "../../src/contract/envelope.ts";

export type { CallOutcome };

export const isAccepted = <T>(outcome: CallOutcome<T>): outcome is Extract<CallOutcome<T>, { ok: true }> =>
  outcome.ok;

/** An outcome a guard has already accepted; reaching here with a refusal is a chart bug, so it throws. */
export function accepted<T>(outcome: CallOutcome<T>): Extract<CallOutcome<T>, { ok: true }> {
  if (!outcome.ok) throw new Error("a refused outcome was routed as accepted");
  return outcome;
}

export const acceptedResult = <T>(outcome: CallOutcome<T>): T => accepted(outcome).result;

/** The errors of an outcome a guard has already found refused. */
export const refusalErrors = <T>(outcome: CallOutcome<T>): ErrorItem[] => (outcome.ok ? [] : outcome.errors);

/** Whether a refusal's errors carry `code` (015, 676, ...). */
export const hasCode = (errors: readonly ErrorItem[], code: string): boolean =>
  errors.some((error) => error.code === code);

/** Whether the call was refused with `code` among its errors (015, 676, ...). */
export const refusedWith = (outcome: CallOutcome<unknown>, code: string): boolean =>
  refusalErrors(outcome).some((error) => error.code === code);
