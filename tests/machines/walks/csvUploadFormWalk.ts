import {
  type ChosenFile,
  type CsvUploadFormEvent,
  csvUploadFormMachine,
  type UploadFileOutcome,
} from "../../../machines/csv/csvUploadFormMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";
import { job } from "./csvJobPollingWalk.ts";

export const csvFile: ChosenFile = { name: "keywords.csv", body: new Blob(["keyword\nexample\n"]) };
export const textFile: ChosenFile = { name: "keywords.txt", body: new Blob(["keyword\n"]) };

export const uploadAccepted: UploadFileOutcome = {
  ok: true,
  result: job("queued"),
  messages: [{ code: "004", message: "The upload was accepted." }],
};
export const uploadRefused: UploadFileOutcome = {
  ok: false,
  errors: [{ code: ERROR.validation, field: "file", message: "Invalid file extension" }],
};
export const callThrew = new Error("network down");

export const walkInput = { fileType: "CsvNegativeEvent" } as const;

export const chooseCsv = { type: "file.choose", file: csvFile } satisfies CsvUploadFormEvent;
export const chooseText = { type: "file.choose", file: textFile } satisfies CsvUploadFormEvent;
const changeOptions = { type: "options.change", fileType: "CsvNegativeItem" } satisfies CsvUploadFormEvent;
const submit = { type: "form.submit" } satisfies CsvUploadFormEvent;
const retry = { type: "step.retry" } satisfies CsvUploadFormEvent;

export const csvUploadFormWalk = {
  machine: csvUploadFormMachine,
  input: walkInput,
  events: {
    "file.choose": [chooseCsv, chooseText],
    "options.change": [changeOptions],
    "form.submit": [submit],
    "step.retry": [retry],
    "step.cancel": [{ type: "step.cancel" }],
  },
  outputs: {
    confirmUpload: [true, false],
    uploadFile: [uploadAccepted, uploadRefused],
  },
  failures: {
    confirmUpload: [callThrew],
    uploadFile: [callThrew],
  },
  // A file chosen once and the option changed once, from the empty form: the graph stays small.
  filterEvents: (snapshot, event) => {
    const { file, fileType, errors, problems } = snapshot.context;
    if (event.type === "file.choose") return file === null;
    if (event.type === "options.change") return file === null && fileType === walkInput.fileType;
    if (event.type === "form.submit") return errors.length === 0 && problems.length === 0;
    return true;
  },
  recordedActions: [],
  journeys: [
    {
      description: "choose a CSV file, change the option, submit and confirm: the upload ends with its job",
      events: [
        chooseCsv,
        changeOptions,
        submit,
        { type: "xstate.done.actor.confirmUpload", output: true },
        { type: "xstate.done.actor.uploadFile", output: uploadAccepted },
      ],
      endState: "accepted",
    },
    {
      description: "submitting without a file says it is required; a .txt file has an invalid extension",
      events: [submit, chooseText, submit, chooseCsv, submit],
      endState: "confirming",
    },
    {
      description: "a refused upload shows its errors in the form; a failed one is retried and accepted",
      events: [
        chooseCsv,
        submit,
        { type: "xstate.done.actor.confirmUpload", output: true },
        { type: "xstate.done.actor.uploadFile", output: uploadRefused },
        submit,
        { type: "xstate.done.actor.confirmUpload", output: true },
        { type: "xstate.error.actor.uploadFile", error: callThrew },
        retry,
        { type: "xstate.done.actor.uploadFile", output: uploadAccepted },
      ],
      endState: "accepted",
    },
  ],
} satisfies MachineWalk<typeof csvUploadFormMachine>;
