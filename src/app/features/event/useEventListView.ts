import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { eventSearchMachine } from "../../../../machines/event/eventSearchMachine.ts";
import { selectedCount } from "../../../../machines/event/eventSelection.ts";
import { EventSearchActor } from "./EventSearchActor.tsx";

type EventSearchSnapshot = SnapshotFrom<typeof eventSearchMachine>;

/** What the event list screen and its result area show, named, derived from the search's snapshot. */
export function eventListView(snapshot: EventSearchSnapshot) {
  const { context } = snapshot;
  return {
    busy: snapshot.hasTag("busy"),
    // A refusal of the search in force names its fields as "telegram.search.<field>".
    errors: context.errors,
    empty: snapshot.matches({ list: "empty" }),
    invalid: snapshot.matches({ list: "invalid" }),
    failed: snapshot.matches({ list: "error" }),
    page: context.page,
    search: context.search,
    pageSize: context.pageSize,
    cursors: context.cursors,
    selection: context.selection,
    canChangeSize: snapshot.can({ type: "page.size", pageSize: 200 }),
  };
}

/** The result total's part: the count beside the first page, or its failure. */
export function eventTotalView(snapshot: EventSearchSnapshot) {
  return {
    total: snapshot.context.total,
    failed: snapshot.matches({ total: "failed" }),
    countErrors: snapshot.context.countErrors,
  };
}

/** The selection bar's part: the count and which of its actions the search allows now. */
export function eventSelectionView(snapshot: EventSearchSnapshot) {
  return {
    count: selectedCount(snapshot.context.selection),
    browsing: snapshot.matches({ list: { results: "browsing" } }),
    selectingAll: snapshot.matches({ list: { results: "selectingAll" } }),
    canClear: snapshot.can({ type: "selection.clear" }),
    // The split dialog shows its own refusals.
    refusals: snapshot.matches({ list: { results: "splitDialog" } }) ? [] : snapshot.context.selectionErrors,
  };
}

/** The screen's view model: re-renders only when one of its values changes (shallow comparison). */
export const useEventListView = () => EventSearchActor.useSelector(eventListView, shallowEqual);
export const useEventTotalView = () => EventSearchActor.useSelector(eventTotalView, shallowEqual);
export const useEventSelectionView = () => EventSearchActor.useSelector(eventSelectionView, shallowEqual);
