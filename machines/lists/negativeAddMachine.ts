import { assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import type { NegativeAddRequest } from "../../src/contract/negativeList.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import type { CallOutcome } from "../shared/outcome.ts";

export type NegativeAddForm = Required<NegativeAddRequest>;
export type NegativeAddField = keyof NegativeAddForm;

export interface NegativeAddContext {
  form: NegativeAddForm;
  /** The refusal's errors (each bad line its own, with its number), or a failure of the call. */
  errors: ErrorItem[];
  /** How many entries the last registration added. */
  added: number | null;
}

export type NegativeAddEvent =
  | { type: "field.change"; field: NegativeAddField; value: string }
  | { type: "form.submit" };

export type AddOutcome = CallOutcome<{ added: number }>;

export const EMPTY_NEGATIVE_ADD_FORM: NegativeAddForm = {
  item: "",
  values: "",
  settleCategory: "",
  otherCategory: "",
  validUntil: "",
  note: "",
};

/**
 * Negative quick registration (spec 2 and 5, /NegativeAdd; issue 40): the form, the confirmation,
 * then the registration (001, the values emptied for the next ones); a refusal keeps the form with
 * every bad line's message, an exception keeps it with 697's failure.
 */
const negativeAddSetup = setup({
  types: {
    context: {} as NegativeAddContext,
    events: {} as NegativeAddEvent,
  },
  actors: {
    confirmAdd: notProvided<boolean>("confirmAdd"),
    addEntries: notProvided<AddOutcome, NegativeAddForm>("addEntries"),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
  },
  actions: {
    changeField: assign(({ context }, params: { field: NegativeAddField; value: string }) => ({
      form: { ...context.form, [params.field]: params.value },
    })),
    recordAdded: assign(({ context }, params: { result: { added: number } }) => ({
      form: { ...context.form, values: "" },
      errors: [],
      added: params.result.added,
    })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors, added: null })),
    recordException: assign((_, params: { error: unknown }) => ({
      errors: [internalFailure(params.error)],
      added: null,
    })),
  },
});

const callStep = callSteps(negativeAddSetup);

export const negativeAddMachine = negativeAddSetup.createMachine({
  id: "negativeAdd",
  context: { form: EMPTY_NEGATIVE_ADD_FORM, errors: [], added: null },
  initial: "editing",
  states: {
    editing: {
      on: {
        "field.change": {
          actions: {
            type: "changeField",
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        "form.submit": "confirming",
      },
    },
    confirming: {
      invoke: {
        id: "confirmAdd",
        src: "confirmAdd",
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "saving",
          },
          { target: "editing" },
        ],
        onError: { target: "editing" },
      },
    },
    saving: {
      tags: ["busy"],
      invoke: callStep({
        src: "addEntries",
        input: ({ context }) => context.form,
        accepted: { target: "editing", actions: "recordAdded" },
        refused: { target: "editing", actions: "recordErrors" },
        exception: { target: "editing", actions: "recordException" },
      }),
    },
  },
});
