import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { eventDetailMachine } from "../../../../machines/event/eventDetailMachine.ts";
import { EventDetailActor } from "./EventDetailActor.tsx";

type EventDetailSnapshot = SnapshotFrom<typeof eventDetailMachine>;

/** What the event detail screen shows, named, derived from the data workflow's snapshot. */
export function eventDetailView(snapshot: EventDetailSnapshot) {
  return {
    data: snapshot.context.data,
    detail: snapshot.context.data?.detail ?? null,
    neighbours: snapshot.context.neighbours,
    errors: snapshot.context.errors,
    starting: snapshot.matches("idle") || snapshot.matches("loading"),
    notFound: snapshot.matches("notFound"),
    failed: snapshot.matches("error"),
    // Previous, next or a related event asked for: the one shown stays until it arrives.
    loadingAnother:
      snapshot.matches("loading") && snapshot.context.data?.detail.basic.eventId !== snapshot.context.eventId,
    neighboursPending: snapshot.matches("loading") || snapshot.matches({ ready: "loadingNeighbours" }),
  };
}

/** The screen's view model: re-renders only when one of its values changes (shallow comparison). */
export function useEventDetailView() {
  return EventDetailActor.useSelector(eventDetailView, shallowEqual);
}
