import {
  type CheckFieldsOutcome,
  type ListAddFormEvent,
  listAddFormMachine,
  type SaveEntriesOutcome,
} from "../../../machines/lists/listAddFormMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const walkInput = { fields: { type: "", values: "" } };

export const fieldsPass: CheckFieldsOutcome = { ok: true, result: {}, messages: [] };
export const typeMissing: CheckFieldsOutcome = {
  ok: false,
  errors: [{ code: ERROR.validation, field: "telegram.type", message: "Type is required." }],
};
export const entriesSaved: SaveEntriesOutcome = {
  ok: true,
  result: { added: 1 },
  messages: [{ code: "001", message: "Registration is complete." }],
};
export const saveRefused: SaveEntriesOutcome = {
  ok: false,
  errors: [{ code: ERROR.validation, field: "telegram.values", message: "Up to 100 values can be entered." }],
};
export const callThrew = new Error("network down");

export const chooseIp = { type: "field.change", name: "type", value: "ip" } satisfies ListAddFormEvent;
export const enterValue = {
  type: "field.change",
  name: "values",
  value: "133.48.10.20",
} satisfies ListAddFormEvent;
const submit = { type: "form.submit" } satisfies ListAddFormEvent;

export const listAddFormWalk = {
  machine: listAddFormMachine,
  input: walkInput,
  events: {
    "field.change": [chooseIp, enterValue],
    "form.submit": [submit],
  },
  outputs: {
    checkFields: [fieldsPass, typeMissing],
    confirmSave: [true, false],
    saveEntries: [entriesSaved, saveRefused],
  },
  failures: {
    checkFields: [callThrew],
    confirmSave: [callThrew],
    saveEntries: [callThrew],
  },
  // Each field entered once, from the empty form: the graph stays small.
  filterEvents: (snapshot, event) => {
    if (event.type === "field.change") return snapshot.context.fields[event.name] === "";
    if (event.type === "form.submit") return snapshot.context.errors.length === 0;
    return true;
  },
  recordedActions: ["saved"],
  journeys: [
    {
      description: "choose the type, enter a value, submit and answer Yes: registered, back to the list",
      events: [
        chooseIp,
        enterValue,
        submit,
        { type: "xstate.done.actor.checkFields", output: fieldsPass },
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.saveEntries", output: entriesSaved },
      ],
      endState: "saved",
      actions: ["saved"],
    },
    {
      description: "a submit without a type is refused by the rules before any question",
      events: [enterValue, submit, { type: "xstate.done.actor.checkFields", output: typeMissing }],
      endState: "editing",
    },
    {
      description: "answering No keeps the form as entered",
      events: [
        chooseIp,
        enterValue,
        submit,
        { type: "xstate.done.actor.checkFields", output: fieldsPass },
        { type: "xstate.done.actor.confirmSave", output: false },
      ],
      endState: "editing",
    },
  ],
} satisfies MachineWalk<typeof listAddFormMachine>;
