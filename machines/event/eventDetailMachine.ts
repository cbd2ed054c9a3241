import { assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import type { EventAction } from "../../src/contract/eventActions.ts";
import type { EventDetail } from "../../src/contract/eventDetail.ts";
import type { DisplayFormat } from "../../src/contract/eventDisplayFormat.ts";
import type { EventSearch } from "../../src/contract/eventSearch.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { type CallOutcome, hasCode, isAccepted } from "../shared/outcome.ts";

/** Everything the detail screen shows: the event, the operator's layout and the actions they may take. */
export interface DetailScreenData {
  detail: EventDetail;
  format: DisplayFormat;
  /** The actions whose dialog screen the operator may write (a viewer has none). */
  writableActions: EventAction[];
  /**
   * Whether the operator may open the display customisation (EventItemDisplayFormatEdit readable or
   * writable): "Change displayed items" is shown only then (permission 20 hides it; the server
   * refuses that screen's calls with 962 anyway).
   */
  displayFormatAvailable: boolean;
}

export interface Neighbours {
  previousEventId: string | null;
  nextEventId: string | null;
}

export interface EventDetailContext {
  eventId: string;
  /** The list's search the detail pages through; null when opened without a list (bookmark). */
  search: EventSearch | null;
  data: DetailScreenData | null;
  neighbours: Neighbours | null;
  errors: ErrorItem[];
}

export type EventDetailEvent =
  | { type: "detail.open"; eventId: string; search: EventSearch | null }
  | { type: "detail.reload" }
  | { type: "detail.replace"; detail: EventDetail };

export type LoadDetailOutcome = CallOutcome<DetailScreenData>;
export type LoadNeighboursOutcome = CallOutcome<Neighbours>;

/**
 * The event detail's data (spec section 2, issue 4): loads the event with the operator's display
 * format and action permissions (963 for an unknown event or another tenant's: notFound), then its
 * previous and next events within the list's search. A save's fresh detail replaces the shown one;
 * a reload (after 015) keeps showing the old detail until the new one arrives.
 */
const eventDetailSetup = setup({
  types: {
    context: {} as EventDetailContext,
    events: {} as EventDetailEvent,
  },
  actors: {
    loadDetail: notProvided<LoadDetailOutcome, { eventId: string }>("loadDetail"),
    loadNeighbours: notProvided<LoadNeighboursOutcome, { eventId: string; search: EventSearch }>(
      "loadNeighbours",
    ),
  },
  guards: {
    outcomeAccepted,
    notFound: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, ERROR.notFound),
    acceptedInSearch: ({ context }, params: { outcome: CallOutcome<unknown> }) =>
      isAccepted(params.outcome) && context.search !== null,
  },
  actions: {
    // The event shown stays in `data` until the next one arrives, so the view keeps its navigation
    // (and the keyboard focus on Previous or Next) meanwhile; its neighbours are no longer known.
    openEvent: assign((_, params: { eventId: string; search: EventSearch | null }) => ({
      eventId: params.eventId,
      search: params.search,
      neighbours: null,
      errors: [],
    })),
    recordData: assign((_, params: { result: DetailScreenData }) => ({ data: params.result, errors: [] })),
    replaceDetail: assign(({ context }, params: { detail: EventDetail }) => ({
      data: context.data ? { ...context.data, detail: params.detail } : null,
    })),
    recordNeighbours: assign((_, params: { result: Neighbours }) => ({ neighbours: params.result })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({ errors: [internalFailure(params.error)] })),
  },
});

const callStep = callSteps(eventDetailSetup);

export const eventDetailMachine = eventDetailSetup.createMachine({
  id: "eventDetail",
  context: { eventId: "", search: null, data: null, neighbours: null, errors: [] },
  initial: "idle",
  on: {
    // Another event (previous, next, a related one, the URL edited): start over with it.
    "detail.open": {
      target: ".loading",
      actions: {
        type: "openEvent",
        params: ({ event }) => ({ eventId: event.eventId, search: event.search }),
      },
    },
  },
  states: {
    idle: {},
    loading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadDetail",
        input: ({ context }) => ({ eventId: context.eventId }),
        accepted: [
          // Previous and next exist only within a search (the list the detail was opened from).
          { guard: "acceptedInSearch", target: "ready.loadingNeighbours", actions: "recordData" },
          { target: "ready.alone", actions: "recordData" },
        ],
        refused: [
          { guard: "notFound", target: "notFound", actions: "recordErrors" },
          { target: "error", actions: "recordErrors" },
        ],
        exception: { target: "error", actions: "recordException" },
      }),
    },
    ready: {
      initial: "alone",
      on: {
        "detail.reload": "loading",
        "detail.replace": {
          actions: { type: "replaceDetail", params: ({ event }) => ({ detail: event.detail }) },
        },
      },
      states: {
        loadingNeighbours: {
          invoke: callStep({
            src: "loadNeighbours",
            input: ({ context }) => {
              if (!context.search) throw new Error("neighbours without a search");
              return { eventId: context.eventId, search: context.search };
            },
            accepted: { target: "placed", actions: "recordNeighbours" },
            refused: { target: "alone", actions: "recordErrors" },
            exception: { target: "alone", actions: "recordException" },
          }),
        },
        placed: {},
        /** No previous / next: opened without a list, or they could not be found. */
        alone: {},
      },
    },
    notFound: {},
    error: {
      on: { "detail.reload": "loading" },
    },
  },
});
