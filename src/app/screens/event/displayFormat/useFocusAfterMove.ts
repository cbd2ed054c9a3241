import { useLayoutEffect, useRef } from "react";
import type { MoveDirection } from "../../../../../machines/event/displayFormatDraft.ts";

/** Which control of an entry's row had focus: its checkbox or one of its move buttons. */
export type RowControl = MoveDirection | "toggle";

/**
 * Keeps keyboard focus on the control that moved its entry (a checkbox that showed or hid it, a Move
 * up / Move down button): React re-inserts some moved rows, and a focused element taken out of the
 * page loses focus. The controls carry data-entry and data-control; after the render that moved the
 * entry, the same control is focused again.
 */
export function useFocusAfterMove() {
  const container = useRef<HTMLOListElement>(null);
  const pending = useRef<{ entry: string; control: RowControl } | null>(null);
  useLayoutEffect(() => {
    const wanted = pending.current;
    if (!wanted || !container.current) return;
    pending.current = null;
    const target = [...container.current.querySelectorAll<HTMLElement>("[data-control]")].find(
      (element) => element.dataset.entry === wanted.entry && element.dataset.control === wanted.control,
    );
    if (target && document.activeElement !== target) target.focus();
  });
  return {
    container,
    remember: (entry: string, control: RowControl) => {
      pending.current = { entry, control };
    },
  };
}
