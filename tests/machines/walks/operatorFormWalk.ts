import {
  type LoadFormOutcome,
  type OperatorFormEvent,
  operatorFormMachine,
  type SaveOperatorOutcome,
} from "../../../machines/admin/operatorFormMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";
import { callThrew, operatorOf, ROLES } from "./operatorFixtures.ts";

export const storedOperator = operatorOf(7, { name: "Hanako", email: "hanako@check.example", version: 3 });

export const rolesLoaded: LoadFormOutcome = {
  ok: true,
  result: { operator: null, roles: ROLES },
  messages: [],
};
export const operatorLoaded: LoadFormOutcome = {
  ok: true,
  result: { operator: storedOperator, roles: ROLES },
  messages: [],
};
export const loadRefused: LoadFormOutcome = {
  ok: false,
  errors: [{ code: ERROR.noDataFound, message: "No relevant data found" }],
};
export const saveAccepted: SaveOperatorOutcome = {
  ok: true,
  result: { operator: operatorOf(8, { name: "Taro", email: "taro@check.example" }) },
  messages: [{ code: "009", message: "The operator was registered." }],
};
export const saveDuplicate: SaveOperatorOutcome = {
  ok: false,
  errors: [{ code: ERROR.duplicate, field: "telegram.email", message: "It is already registered." }],
};
export const saveStale: SaveOperatorOutcome = {
  ok: false,
  errors: [{ code: ERROR.conflict, message: "Another user is updating the same information." }],
};

export const typeName = { type: "text.change", field: "name", value: "Taro" } satisfies OperatorFormEvent;
export const typeEmail = {
  type: "text.change",
  field: "email",
  value: "taro@check.example",
} satisfies OperatorFormEvent;
export const typeBadEmail = {
  type: "text.change",
  field: "email",
  value: "taro＠check.example",
} satisfies OperatorFormEvent;
export const chooseRole = {
  type: "text.change",
  field: "roleId",
  value: "viewer",
} satisfies OperatorFormEvent;
export const tickRule = { type: "flag.change", field: "notifyRule", value: true } satisfies OperatorFormEvent;
const submit = { type: "form.submit" } satisfies OperatorFormEvent;
const retry = { type: "step.retry" } satisfies OperatorFormEvent;
const reload = { type: "form.reload" } satisfies OperatorFormEvent;

/** Walked as an edit: the form starts filled, so one submit reaches the dialog. */
export const operatorFormWalk = {
  machine: operatorFormMachine,
  input: { operatorId: storedOperator.operatorId },
  events: {
    "text.change": [typeBadEmail],
    "flag.change": [tickRule],
    "form.submit": [submit],
    "form.reload": [reload],
    "step.retry": [retry],
    "step.cancel": [{ type: "step.cancel" }],
  },
  outputs: {
    loadForm: [operatorLoaded, loadRefused],
    confirmSave: [true, false],
    saveOperator: [saveAccepted, saveDuplicate, saveStale],
  },
  failures: {
    loadForm: [callThrew],
    confirmSave: [callThrew],
    saveOperator: [callThrew],
  },
  // One change from the stored fields at most, no submit again after an outcome: the graph stays small.
  filterEvents: (snapshot, event) => {
    const { fields, errors, problems } = snapshot.context;
    const pristine = fields.email === storedOperator.email && fields.notifyRule === storedOperator.notifyRule;
    if (event.type === "text.change" || event.type === "flag.change") return pristine && errors.length === 0;
    if (event.type === "form.submit") return errors.length === 0 && problems.length === 0;
    return true;
  },
  recordedActions: ["leaveSaved"],
  journeys: [
    {
      description: "add: fill name, e-mail and role, tick a flag, confirm: saved with the new operator",
      events: [
        { type: "xstate.done.actor.loadForm", output: rolesLoaded },
        typeName,
        typeEmail,
        chooseRole,
        tickRule,
        submit,
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.saveOperator", output: saveAccepted },
      ],
      endState: "saved",
      actions: ["leaveSaved"],
    },
    {
      description: "add: an empty form is refused by the rules and never asks to confirm",
      events: [{ type: "xstate.done.actor.loadForm", output: rolesLoaded }, submit],
      endState: "editing",
    },
    {
      description: "edit: an e-mail taken by another operator stays in the form with the error",
      events: [
        { type: "xstate.done.actor.loadForm", output: operatorLoaded },
        submit,
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.saveOperator", output: saveDuplicate },
      ],
      endState: "editing",
    },
    {
      description: "edit: a stale save answers 015 and the reload shows the stored operator again",
      events: [
        { type: "xstate.done.actor.loadForm", output: operatorLoaded },
        tickRule,
        submit,
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.saveOperator", output: saveStale },
        reload,
        { type: "xstate.done.actor.loadForm", output: operatorLoaded },
      ],
      endState: "editing",
    },
    {
      description: "edit: a save that failed is retried and saved",
      events: [
        { type: "xstate.done.actor.loadForm", output: operatorLoaded },
        submit,
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.error.actor.saveOperator", error: callThrew },
        retry,
        { type: "xstate.done.actor.saveOperator", output: saveAccepted },
      ],
      endState: "saved",
      actions: ["leaveSaved"],
    },
  ],
} satisfies MachineWalk<typeof operatorFormMachine>;
