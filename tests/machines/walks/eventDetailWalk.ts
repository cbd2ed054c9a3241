import {
  type EventDetailEvent,
  eventDetailMachine,
  type LoadDetailOutcome,
  type LoadNeighboursOutcome,
} from "../../../machines/event/eventDetailMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";
import { detailLayout, listSearch, reviewEvent, savedEvent } from "./eventDetailFixture.ts";

export const detailLoaded: LoadDetailOutcome = {
  ok: true,
  result: {
    detail: reviewEvent,
    format: detailLayout,
    writableActions: ["ok", "ng", "hold"],
    displayFormatAvailable: true,
  },
  messages: [],
};
export const detailNotFound: LoadDetailOutcome = {
  ok: false,
  errors: [{ code: ERROR.notFound, message: "404 Not Found: the page or data does not exist." }],
};
export const detailForbidden: LoadDetailOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "You do not have permission for this operation." }],
};
export const neighboursFound: LoadNeighboursOutcome = {
  ok: true,
  result: { previousEventId: "EV0000000002", nextEventId: null },
  messages: [],
};
export const neighboursRefused: LoadNeighboursOutcome = {
  ok: false,
  errors: [{ code: ERROR.validation, message: "invalid search", field: "search.q" }],
};
export const detailCallThrew = new Error("network down");

const openFromList = {
  type: "detail.open",
  eventId: reviewEvent.basic.eventId,
  search: listSearch,
} satisfies EventDetailEvent;
const openDirectly = {
  type: "detail.open",
  eventId: reviewEvent.basic.eventId,
  search: null,
} satisfies EventDetailEvent;

export const eventDetailWalk = {
  machine: eventDetailMachine,
  events: {
    "detail.open": [openFromList, openDirectly],
    "detail.reload": [{ type: "detail.reload" }],
    "detail.replace": [{ type: "detail.replace", detail: savedEvent }],
  },
  outputs: {
    loadDetail: [detailLoaded, detailNotFound, detailForbidden],
    loadNeighbours: [neighboursFound, neighboursRefused],
  },
  failures: {
    loadDetail: [detailCallThrew],
    loadNeighbours: [detailCallThrew],
  },
  recordedActions: [],
  journeys: [
    {
      description: "opened from the list: the event, then its previous and next within the search",
      events: [
        openFromList,
        { type: "xstate.done.actor.loadDetail", output: detailLoaded },
        { type: "xstate.done.actor.loadNeighbours", output: neighboursFound },
      ],
      endState: { ready: "placed" },
    },
    {
      description: "after a save's fresh detail, a reload (015) fetches the event again and shows it",
      events: [
        openDirectly,
        { type: "xstate.done.actor.loadDetail", output: detailLoaded },
        { type: "detail.replace", detail: savedEvent },
        { type: "detail.reload" },
        { type: "xstate.done.actor.loadDetail", output: detailLoaded },
      ],
      endState: { ready: "alone" },
    },
    {
      description: "an unknown event is not found (963), and another event can still be opened",
      events: [
        openDirectly,
        { type: "xstate.done.actor.loadDetail", output: detailNotFound },
        openFromList,
        { type: "xstate.done.actor.loadDetail", output: detailLoaded },
      ],
      endState: { ready: "loadingNeighbours" },
    },
  ],
} satisfies MachineWalk<typeof eventDetailMachine>;
