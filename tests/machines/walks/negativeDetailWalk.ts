import {
  type DeleteOutcome,
  type DetailOutcome,
  type NegativeDetail,
  type NegativeDetailEvent,
  negativeDetailMachine,
} from "../../../machines/lists/negativeDetailMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const demoDetail: NegativeDetail = {
  negativeId: "101",
  addType: "20",
  eventId: "EV-1",
  shopEventId: "SHOP-1",
  fields: [{ field: "tel", value: "09012345678" }],
  createdAt: "2026-11-30T01:00:00.000Z",
  createdBy: "Reviewer",
  updatedAt: "2026-11-30T01:00:00.000Z",
  updatedBy: "Reviewer",
  validUntil: null,
  note: null,
  matchCount: 2,
  matchQuery: "mode=1&tel=09012345678",
};
export const detailLoaded: DetailOutcome = { ok: true, result: demoDetail, messages: [] };
export const detailGone: DetailOutcome = {
  ok: false,
  errors: [{ code: ERROR.notFound, message: "The data does not exist." }],
};
export const detailForbidden: DetailOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const deleted: DeleteOutcome = { ok: true, result: { deleted: 1 }, messages: [] };
export const deleteGone: DeleteOutcome = {
  ok: false,
  errors: [{ code: ERROR.notFound, message: "The data does not exist." }],
};
export const deleteForbidden: DeleteOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const callThrew = new Error("network down");

const load = { type: "detail.load" } satisfies NegativeDetailEvent;
const deleteRequest = { type: "delete.request" } satisfies NegativeDetailEvent;

export const negativeDetailWalk = {
  machine: negativeDetailMachine,
  input: { negativeId: "101" },
  events: {
    "detail.load": [load],
    "delete.request": [deleteRequest],
  },
  outputs: {
    loadDetail: [detailLoaded, detailGone, detailForbidden],
    confirmDelete: [true, false],
    deleteEntry: [deleted, deleteGone, deleteForbidden],
  },
  failures: {
    loadDetail: [callThrew],
    confirmDelete: [callThrew],
    deleteEntry: [callThrew],
  },
  recordedActions: ["backToList"],
  journeys: [
    {
      description: "the entry is shown, deleted after the confirmation, and the list shown again",
      events: [
        load,
        { type: "xstate.done.actor.loadDetail", output: detailLoaded },
        deleteRequest,
        { type: "xstate.done.actor.confirmDelete", output: true },
        { type: "xstate.done.actor.deleteEntry", output: deleted },
      ],
      endState: "deleted",
      actions: ["backToList"],
    },
  ],
} satisfies MachineWalk<typeof negativeDetailMachine>;
