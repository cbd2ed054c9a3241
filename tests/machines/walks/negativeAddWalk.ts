import {
  type AddOutcome,
  type NegativeAddEvent,
  negativeAddMachine,
} from "../../../machines/lists/negativeAddMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const added: AddOutcome = {
  ok: true,
  result: { added: 1 },
  messages: [{ code: "001", message: "Registration is complete." }],
};
export const lineRefused: AddOutcome = {
  ok: false,
  errors: [
    { code: ERROR.validation, message: "Line 2: Max 20 characters.", field: "telegram.values" },
    { code: ERROR.validation, message: "Line 3: not a valid value of this item.", field: "telegram.values" },
  ],
};
export const callThrew = new Error("network down");

const chooseTel = { type: "field.change", field: "item", value: "tel" } satisfies NegativeAddEvent;
const typeValues = { type: "field.change", field: "values", value: "09012345678" } satisfies NegativeAddEvent;
const submit = { type: "form.submit" } satisfies NegativeAddEvent;

export const negativeAddWalk = {
  machine: negativeAddMachine,
  events: {
    "field.change": [chooseTel, typeValues],
    "form.submit": [submit],
  },
  outputs: {
    confirmAdd: [true, false],
    addEntries: [added, lineRefused],
  },
  failures: {
    confirmAdd: [callThrew],
    addEntries: [callThrew],
  },
  recordedActions: [],
  journeys: [
    {
      description: "a phone number is registered after the confirmation, and the values emptied",
      events: [
        chooseTel,
        typeValues,
        submit,
        { type: "xstate.done.actor.confirmAdd", output: true },
        { type: "xstate.done.actor.addEntries", output: added },
      ],
      endState: "editing",
    },
    {
      description: "bad lines are refused each with its number, and the form kept",
      events: [
        chooseTel,
        submit,
        { type: "xstate.done.actor.confirmAdd", output: true },
        { type: "xstate.done.actor.addEntries", output: lineRefused },
      ],
      endState: "editing",
    },
  ],
} satisfies MachineWalk<typeof negativeAddMachine>;
