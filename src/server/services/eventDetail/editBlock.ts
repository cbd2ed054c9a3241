import { ERROR, type ErrorCode } from "../../../contract/errors.ts";
import type { EditBlock } from "../../../contract/eventDetail.ts";

/** An event's job state (events.busy_state, migration 007). */
export type BusyState = "screening" | "updating" | null;

/** The event's edit lock as stored (event_edit_locks), if any. */
export interface StoredEditLock {
  operatorId: number;
  operatorName: string;
  lockedAt: Date;
  expiresAt: Date;
}

/**
 * Why `operatorId` cannot edit the event now: a logical deletion first, then a job holding it
 * (screening 999 before updating 1000), then another operator's unexpired lock (688); the operator's
 * own lock and an expired one block nothing. The detail shows it and every save refuses with it, so
 * both read the same.
 */
export function editBlockOf(
  event: { busyState: BusyState; logicallyDeleted: boolean },
  lock: StoredEditLock | null,
  operatorId: number,
  now: Date,
): EditBlock {
  const { busyState } = event;
  if (event.logicallyDeleted) return { kind: "deleted" };
  if (busyState === "screening") return { kind: "underScreening" };
  if (busyState === "updating") return { kind: "underUpdate" };
  if (lock && lock.operatorId !== operatorId && lock.expiresAt.getTime() > now.getTime()) {
    return { kind: "lockedByOther", operatorName: lock.operatorName, since: lock.lockedAt.toISOString() };
  }
  return null;
}

/** The refusal a save or an edit begin answers for a block. */
export const EDIT_BLOCK_ERROR: Record<NonNullable<EditBlock>["kind"], ErrorCode> = {
  deleted: ERROR.eventDeleted,
  lockedByOther: ERROR.editLocked,
  underScreening: ERROR.underScreening,
  underUpdate: ERROR.underUpdate,
};
