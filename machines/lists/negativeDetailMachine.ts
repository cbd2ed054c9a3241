import { assign, setup } from "xstate";
import type { CallResult } from "../../src/contract/call.ts";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import type { negativeDetail } from "../../src/contract/negativeList.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { type CallOutcome, hasCode } from "../shared/outcome.ts";

export type NegativeDetail = CallResult<typeof negativeDetail>;

export interface NegativeDetailContext {
  negativeId: string;
  detail: NegativeDetail | null;
  errors: ErrorItem[];
}

export type NegativeDetailEvent = { type: "detail.load" } | { type: "delete.request" };

export type DetailOutcome = CallOutcome<NegativeDetail>;
export type DeleteOutcome = CallOutcome<{ deleted: number }>;

/**
 * Negative detail (spec 2, /NegativeDetail; issue 40): loads the entry (963: gone), deletes it after
 * the confirmation (003) and then asks the app to go back to the list with its search.
 */
const negativeDetailSetup = setup({
  types: {
    context: {} as NegativeDetailContext,
    events: {} as NegativeDetailEvent,
    input: {} as { negativeId: string },
  },
  actors: {
    loadDetail: notProvided<DetailOutcome, { negativeId: string }>("loadDetail"),
    confirmDelete: notProvided<boolean>("confirmDelete"),
    deleteEntry: notProvided<DeleteOutcome, { negativeId: string }>("deleteEntry"),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    notFound: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, ERROR.notFound),
  },
  actions: {
    recordDetail: assign((_, params: { result: NegativeDetail }) => ({ detail: params.result, errors: [] })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ detail: null, errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({
      detail: null,
      errors: [internalFailure(params.error)],
    })),
    /** Provided by the app: back to the list, with its search. */
    backToList: () => {},
  },
});

const callStep = callSteps(negativeDetailSetup);

export const negativeDetailMachine = negativeDetailSetup.createMachine({
  id: "negativeDetail",
  context: ({ input }) => ({ negativeId: input.negativeId, detail: null, errors: [] }),
  initial: "idle",
  states: {
    idle: { on: { "detail.load": "loading" } },
    loading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadDetail",
        input: ({ context }) => ({ negativeId: context.negativeId }),
        accepted: { target: "showing", actions: "recordDetail" },
        refused: [
          { guard: "notFound", target: "notFound", actions: "recordErrors" },
          { target: "failed", actions: "recordErrors" },
        ],
        exception: { target: "failed", actions: "recordException" },
      }),
    },
    showing: { on: { "delete.request": "confirmingDelete" } },
    notFound: {},
    failed: { on: { "detail.load": "loading" } },
    confirmingDelete: {
      invoke: {
        id: "confirmDelete",
        src: "confirmDelete",
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "deleting",
          },
          { target: "showing" },
        ],
        onError: { target: "showing" },
      },
    },
    deleting: {
      tags: ["busy"],
      invoke: callStep({
        src: "deleteEntry",
        input: ({ context }) => ({ negativeId: context.negativeId }),
        accepted: { target: "deleted", actions: "backToList" },
        refused: [{ guard: "notFound", target: "notFound", actions: "recordErrors" }, { target: "showing" }],
        exception: { target: "showing" },
      }),
    },
    deleted: { type: "final" },
  },
});
