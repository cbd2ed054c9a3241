import { type RefObject, useLayoutEffect, useRef } from "react";
import type { MoveDirection } from "../../../../../machines/event/displayFormatDraft.ts";

/** Which control of an entry's row had focus: its checkbox, a move button or its Remove button. */
export type RowControl = MoveDirection | "toggle" | "remove";

/** Where the focus goes after the next render: a row's control, else a control outside the list. */
type Wanted = { entry: string; control: RowControl } | { fallback: RefObject<HTMLElement | null> };

/**
 * Keeps keyboard focus in the list when its entries change under it: React re-inserts some moved
 * rows, and a removed row takes its focused Remove button out of the page; either way the focus
 * would drop to the page's body. The controls carry data-entry and data-control; after the render
 * that changed the list, the remembered control (or the fallback, when no row is left to take it)
 * is focused.
 */
export function useFocusAfterMove() {
  const container = useRef<HTMLOListElement>(null);
  const pending = useRef<Wanted | null>(null);
  useLayoutEffect(() => {
    const wanted = pending.current;
    if (!wanted) return;
    pending.current = null;
    const target =
      "fallback" in wanted
        ? wanted.fallback.current
        : [...(container.current?.querySelectorAll<HTMLElement>("[data-control]") ?? [])].find(
            (element) => element.dataset.entry === wanted.entry && element.dataset.control === wanted.control,
          );
    if (target && document.activeElement !== target) target.focus();
  });
  return {
    container,
    remember: (entry: string, control: RowControl) => {
      pending.current = { entry, control };
    },
    rememberFallback: (fallback: RefObject<HTMLElement | null>) => {
      pending.current = { fallback };
    },
  };
}
