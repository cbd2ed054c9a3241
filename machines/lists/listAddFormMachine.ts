import { assertEvent, assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import type { CallOutcome } from "../shared/outcome.ts";

/** The form's fields by name (type, values, keywords, ...), as entered. */
export type AddFormFields = Readonly<Record<string, string>>;

export interface ListAddFormInput {
  fields: AddFormFields;
}

export interface ListAddFormContext {
  fields: AddFormFields;
  /** The rules' or the server's refusal (fields named "telegram.<field>"), or an exception. */
  errors: ErrorItem[];
}

export type ListAddFormEvent =
  | { type: "field.change"; name: string; value: string }
  | { type: "form.submit" };

/** The contract's rules on the fields, before any question is asked: refused with their messages. */
export type CheckFieldsOutcome = CallOutcome<Record<string, never>>;
export type SaveEntriesOutcome = CallOutcome<{ added: number }>;
export interface FieldsInput {
  fields: AddFormFields;
}

/**
 * A list registration form (/white/new, /keywordList/{category}/new; spec sections 2 and 5): the
 * fields are edited; on submit the app's `checkFields` applies the contract's rules (each message of
 * the spec in the form, nothing asked), then `confirmSave` asks Yes/No through the confirmation dialog
 * and, confirmed, `saveEntries` registers them (001). Saved, `saved` (provided: back to the list) runs
 * and the form is done; a refusal shows its errors in the form, an exception too (submit retries).
 */
const listAddFormSetup = setup({
  types: {
    context: {} as ListAddFormContext,
    events: {} as ListAddFormEvent,
    input: {} as ListAddFormInput,
  },
  actors: {
    checkFields: notProvided<CheckFieldsOutcome, FieldsInput>("checkFields"),
    confirmSave: notProvided<boolean>("confirmSave"),
    saveEntries: notProvided<SaveEntriesOutcome, FieldsInput>("saveEntries"),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, "field.change");
      return { fields: { ...context.fields, [event.name]: event.value } };
    }),
    clearErrors: assign({ errors: [] }),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({ errors: [internalFailure(params.error)] })),
    /** Provided by the app: the entries are registered (001 shown), back to the list. */
    saved: () => {},
  },
});

const callStep = callSteps(listAddFormSetup);

export const listAddFormMachine = listAddFormSetup.createMachine({
  id: "listAddForm",
  context: ({ input }) => ({ fields: input.fields, errors: [] }),
  initial: "editing",
  states: {
    editing: {
      on: {
        "field.change": { actions: "changeField" },
        "form.submit": { target: "checking", actions: "clearErrors" },
      },
    },
    checking: {
      invoke: callStep({
        src: "checkFields",
        input: ({ context }) => ({ fields: context.fields }),
        accepted: { target: "confirming" },
        refused: { target: "editing", actions: "recordErrors" },
        exception: { target: "editing", actions: "recordException" },
      }),
    },
    confirming: {
      invoke: {
        id: "confirmSave",
        src: "confirmSave",
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "saving",
          },
          { target: "editing" },
        ],
        onError: {
          target: "editing",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saving: {
      tags: ["busy"],
      invoke: callStep({
        src: "saveEntries",
        input: ({ context }) => ({ fields: context.fields }),
        accepted: { target: "saved", actions: "saved" },
        refused: { target: "editing", actions: "recordErrors" },
        exception: { target: "editing", actions: "recordException" },
      }),
    },
    saved: { type: "final" },
  },
});
