/**
 * Whether an event's manual screening deadline has passed while it still has no manual result: a
 * REVIEW or HOLD event the operators owe a decision past its time (the deadline is set at screening,
 * src/server/screening/manualDeadline.ts). Judged by the browser's clock, for display only.
 */
export function isOverdue(
  event: { deadline: string | null; maresult: string | null },
  now: Date = new Date(),
): boolean {
  return event.deadline !== null && event.maresult === null && Date.parse(event.deadline) < now.getTime();
}
