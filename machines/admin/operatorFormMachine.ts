import { assertEvent, assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import type { MessageParams, ValidationKey } from "../../src/contract/messages.ts";
import type { Operator } from "../../src/contract/operators.ts";
import { rules } from "../../src/contract/validation.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { type CallOutcome, hasCode } from "../shared/outcome.ts";

/** The fields of /OperatorAdd and /OperatorEdit (spec sections 2, 3 and 5). */
export interface OperatorFormFields {
  name: string;
  email: string;
  roleId: string;
  /** Rule-trigger / screening-result notification mail. */
  notifyRule: boolean;
  /** File-upload result mail. */
  notifyUpload: boolean;
}
export type OperatorTextField = "name" | "email" | "roleId";
export type OperatorFlagField = "notifyRule" | "notifyUpload";

/** What the rules say about a field before it is sent: the view shows `key`'s text at `field`. */
export interface FieldProblem {
  field: OperatorTextField;
  key: ValidationKey;
  params?: MessageParams;
}

export interface RoleOption {
  roleId: string;
  name: string;
}

/** The most characters an operator name and an e-mail address take (contract: operatorNameField, emailField). */
export const OPERATOR_NAME_MAX = 30;
export const OPERATOR_EMAIL_MAX = 254;

/**
 * The contract's checks of the fields (operators.ts: operatorNameField, emailField, the role), the
 * first problem per field, as the server would refuse them; text is trimmed first (spec section 5).
 */
export function operatorFieldProblems(fields: OperatorFormFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const name = fields.name.trim();
  if (!rules.required(name)) problems.push({ field: "name", key: "required" });
  else if ([...name].length > OPERATOR_NAME_MAX)
    problems.push({ field: "name", key: "max", params: { max: OPERATOR_NAME_MAX } });
  const email = fields.email.trim();
  if (!rules.required(email)) problems.push({ field: "email", key: "required" });
  else if ([...email].length > OPERATOR_EMAIL_MAX)
    problems.push({ field: "email", key: "max", params: { max: OPERATOR_EMAIL_MAX } });
  else if (!rules.customEmail(email)) problems.push({ field: "email", key: "customEmail" });
  if (!rules.required(fields.roleId.trim())) problems.push({ field: "roleId", key: "required" });
  return problems;
}

export interface OperatorFormInput {
  /** null: /OperatorAdd; an ID: /OperatorEdit of that operator. */
  operatorId: number | null;
}

export interface OperatorFormContext {
  operatorId: number | null;
  /** The version read: an edit names it, and a stale one is answered 015. */
  version: number | null;
  fields: OperatorFormFields;
  roles: RoleOption[];
  problems: FieldProblem[];
  /** The server's refusal (validation, Duplicate, 015, last administrator) or an exception. */
  errors: ErrorItem[];
  /** The operator as saved, the machine's output. */
  saved: Operator | null;
}

export type OperatorFormEvent =
  | { type: "text.change"; field: OperatorTextField; value: string }
  | { type: "flag.change"; field: OperatorFlagField; value: boolean }
  | { type: "form.submit" }
  | { type: "form.reload" }
  | { type: "step.retry" }
  | { type: "step.cancel" };

/** What the form starts from: the role choices, and for an edit the operator as stored. */
export type LoadFormOutcome = CallOutcome<{ operator: Operator | null; roles: RoleOption[] }>;
export interface LoadFormInput {
  operatorId: number | null;
}
export interface SaveOperatorInput {
  operatorId: number | null;
  version: number | null;
  fields: OperatorFormFields;
}
export type SaveOperatorOutcome = CallOutcome<{ operator: Operator }>;

export const EMPTY_OPERATOR_FIELDS: OperatorFormFields = {
  name: "",
  email: "",
  roleId: "",
  notifyRule: false,
  notifyUpload: false,
};

const fieldsOf = (operator: Operator): OperatorFormFields => ({
  name: operator.name,
  email: operator.email,
  roleId: operator.roleId,
  notifyRule: operator.notifyRule,
  notifyUpload: operator.notifyUpload,
});

/**
 * /OperatorAdd and /OperatorEdit (spec section 2): loads the role choices (and the operator to edit),
 * edits the fields, checks them by the contract's rules on submit, asks the app's `confirmSave`
 * (the Yes/No confirmation dialog, its 50 ms close delay included) and saves through `saveOperator`.
 * Accepted, the machine ends with the operator as saved (the app goes on to the next screen); a
 * refusal (validation, Duplicate, the last administrator) stays in the form with its errors; 015 (the
 * operator changed or went since it was read) waits for a reload; an exception offers a retry.
 */
const operatorFormSetup = setup({
  types: {
    context: {} as OperatorFormContext,
    events: {} as OperatorFormEvent,
    input: {} as OperatorFormInput,
    output: {} as { operator: Operator | null },
  },
  actors: {
    loadForm: notProvided<LoadFormOutcome, LoadFormInput>("loadForm"),
    confirmSave: notProvided<boolean>("confirmSave"),
    saveOperator: notProvided<SaveOperatorOutcome, SaveOperatorInput>("saveOperator"),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    formValid: ({ context }) => operatorFieldProblems(context.fields).length === 0,
    stale: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, ERROR.conflict),
  },
  actions: {
    recordForm: assign(
      ({ context }, params: { result: { operator: Operator | null; roles: RoleOption[] } }) => {
        const { operator, roles } = params.result;
        return {
          roles,
          fields: operator ? fieldsOf(operator) : context.fields,
          version: operator ? operator.version : null,
          problems: [],
          errors: [],
        };
      },
    ),
    changeText: assign(({ context, event }) => {
      assertEvent(event, "text.change");
      return {
        fields: { ...context.fields, [event.field]: event.value },
        problems: context.problems.filter((problem) => problem.field !== event.field),
      };
    }),
    changeFlag: assign(({ context, event }) => {
      assertEvent(event, "flag.change");
      return { fields: { ...context.fields, [event.field]: event.value } };
    }),
    recordProblems: assign(({ context }) => ({
      problems: operatorFieldProblems(context.fields),
      errors: [],
    })),
    clearErrors: assign({ problems: [], errors: [] }),
    recordSaved: assign((_, params: { result: { operator: Operator } }) => ({
      saved: params.result.operator,
      errors: [],
    })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({ errors: [internalFailure(params.error)] })),
    // Provided by the app: goes on from the saved operator (the list after an add, the detail after an edit).
    leaveSaved: () => {},
  },
});

const callStep = callSteps(operatorFormSetup);

export const operatorFormMachine = operatorFormSetup.createMachine({
  id: "operatorForm",
  context: ({ input }) => ({
    operatorId: input.operatorId,
    version: null,
    fields: EMPTY_OPERATOR_FIELDS,
    roles: [],
    problems: [],
    errors: [],
    saved: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadForm",
        input: ({ context }) => ({ operatorId: context.operatorId }),
        accepted: { target: "editing", actions: "recordForm" },
        refused: { target: "loadFailed", actions: "recordErrors" },
        exception: { target: "loadFailed", actions: "recordException" },
      }),
    },
    loadFailed: {
      on: { "step.retry": { target: "loading", actions: "clearErrors" } },
    },
    editing: {
      tags: ["editing"],
      on: {
        "text.change": { actions: "changeText" },
        "flag.change": { actions: "changeFlag" },
        "form.submit": [
          { guard: "formValid", target: "confirming", actions: "clearErrors" },
          { actions: "recordProblems" },
        ],
      },
    },
    confirming: {
      tags: ["editing"],
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
      tags: ["saving", "busy"],
      invoke: callStep({
        src: "saveOperator",
        input: ({ context }) => ({
          operatorId: context.operatorId,
          version: context.version,
          fields: context.fields,
        }),
        accepted: { target: "saved", actions: "recordSaved" },
        refused: [
          // Changed or deleted by another administrator since it was read: the edit is not saved
          // over theirs; the operator reloads the form to see the stored values.
          { guard: "stale", target: "stale", actions: "recordErrors" },
          { target: "editing", actions: "recordErrors" },
        ],
        exception: { target: "saveFailed", actions: "recordException" },
      }),
    },
    stale: {
      on: { "form.reload": { target: "loading", actions: "clearErrors" } },
    },
    saveFailed: {
      on: {
        "step.retry": { target: "saving", actions: "clearErrors" },
        "step.cancel": "editing",
      },
    },
    saved: { type: "final", entry: "leaveSaved" },
  },
  output: ({ context }) => ({ operator: context.saved }),
});
