import type { EventAction } from "../../../contract/eventActions.ts";

/**
 * The event screens' single-key shortcuts (useShortcuts), in the manner of mail readers: j and k
 * walk the search's events (the list's rows, the detail's next and previous), x ticks a row, u goes
 * up to the list, and each action has its initial (b for the negative list, the block list). Every
 * key opens what its button opens, the confirmation included.
 */
export const LIST_KEYS = { focusSearch: "/", nextRow: "j", previousRow: "k", toggleRow: "x" } as const;

export const DETAIL_NAVIGATION_KEYS = { next: "j", previous: "k", back: "u" } as const;

export const DETAIL_ACTION_KEYS: Record<EventAction, string> = {
  ok: "o",
  ng: "n",
  hold: "h",
  negative: "b",
  memo: "m",
  assign: "a",
  label: "l",
};
