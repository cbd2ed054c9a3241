import { assertEvent, assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import type { ValidationKey } from "../../src/contract/messages.ts";
import type { UploadFileType, UploadJob } from "../../src/contract/uploads.ts";
import { rules } from "../../src/contract/validation.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import type { CallOutcome } from "../shared/outcome.ts";

/** The file the operator chose: its name is checked here, its body goes up with the upload call. */
export interface ChosenFile {
  name: string;
  body: Blob;
}

/** What the rules say about the form before it is sent: the view shows `key`'s text at `field`. */
export interface FormProblem {
  field: "file";
  key: ValidationKey;
}

/** The screen's options sent with the file (src/contract/uploadOptions.ts: priority, upload type, ...). */
export type UploadOptionValues = Readonly<Record<string, unknown>>;

export interface CsvUploadFormInput {
  fileType: UploadFileType;
  options?: UploadOptionValues;
}

export interface CsvUploadFormContext {
  file: ChosenFile | null;
  /** The option the screen offers: which of its file types the file is (negative event or item, ...). */
  fileType: UploadFileType;
  /** The screen's options as last changed; the server checks them against the file type's schema. */
  options: UploadOptionValues;
  problems: FormProblem[];
  /** The server's refusal (validation, 962, ...) or an exception. */
  errors: ErrorItem[];
  /** The accepted upload's job, the machine's output. */
  jobId: string | null;
}

export type CsvUploadFormEvent =
  | { type: "file.choose"; file: ChosenFile | null }
  | { type: "options.change"; fileType: UploadFileType; options?: UploadOptionValues }
  | { type: "form.submit" }
  | { type: "step.retry" }
  | { type: "step.cancel" };

export interface UploadFileInput {
  fileType: UploadFileType;
  file: ChosenFile;
  options: UploadOptionValues;
}
/** The upload's answer: the job it became. */
export type UploadFileOutcome = CallOutcome<UploadJob>;

/** The same checks as the server's (routes/uploads.ts): a file is required and must end in .csv. */
export function fileProblems(file: ChosenFile | null): FormProblem[] {
  const name = file?.name.trim() ?? "";
  if (!rules.required(name)) return [{ field: "file", key: "csvRequired" }];
  if (!/\.csv$/i.test(name)) return [{ field: "file", key: "csvExtension" }];
  return [];
}

/**
 * A CSV upload form (spec sections 5 and 7, issue 39): choose a file and the options, submit; the
 * app's `confirmUpload` asks through the confirmation dialog (its 50 ms close delay included) and
 * resolves true or false; the app-provided `uploadFile` sends the file. Accepted, the machine ends
 * with the job's id as its output (the screen then opens its history, which follows the job);
 * refused, the errors show in the form; an exception offers a retry of the upload.
 */
const csvUploadFormSetup = setup({
  types: {
    context: {} as CsvUploadFormContext,
    events: {} as CsvUploadFormEvent,
    input: {} as CsvUploadFormInput,
    output: {} as { jobId: string },
  },
  actors: {
    confirmUpload: notProvided<boolean>("confirmUpload"),
    uploadFile: notProvided<UploadFileOutcome, UploadFileInput>("uploadFile"),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    formValid: ({ context }) => fileProblems(context.file).length === 0,
  },
  actions: {
    chooseFile: assign(({ event }) => {
      assertEvent(event, "file.choose");
      return { file: event.file, problems: [] };
    }),
    changeOptions: assign(({ context, event }) => {
      assertEvent(event, "options.change");
      return { fileType: event.fileType, options: event.options ?? context.options };
    }),
    recordProblems: assign(({ context }) => ({ problems: fileProblems(context.file) })),
    clearErrors: assign({ problems: [], errors: [] }),
    recordJob: assign((_, params: { result: UploadJob }) => ({ jobId: params.result.jobId, errors: [] })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({ errors: [internalFailure(params.error)] })),
  },
});

const callStep = callSteps(csvUploadFormSetup);

export const csvUploadFormMachine = csvUploadFormSetup.createMachine({
  id: "csvUploadForm",
  context: ({ input }) => ({
    file: null,
    fileType: input.fileType,
    options: input.options ?? {},
    problems: [],
    errors: [],
    jobId: null,
  }),
  initial: "editing",
  states: {
    editing: {
      tags: ["editing"],
      on: {
        "file.choose": { actions: "chooseFile" },
        "options.change": { actions: "changeOptions" },
        "form.submit": [
          { guard: "formValid", target: "confirming", actions: "clearErrors" },
          { actions: "recordProblems" },
        ],
      },
    },
    confirming: {
      tags: ["editing"],
      invoke: {
        id: "confirmUpload",
        src: "confirmUpload",
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "uploading",
          },
          { target: "editing" },
        ],
        onError: {
          target: "editing",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    uploading: {
      tags: ["saving"],
      invoke: callStep({
        src: "uploadFile",
        input: ({ context }) => ({
          fileType: context.fileType,
          file: context.file as ChosenFile,
          options: context.options,
        }),
        accepted: { target: "accepted", actions: "recordJob" },
        refused: { target: "editing", actions: "recordErrors" },
        exception: { target: "uploadFailed", actions: "recordException" },
      }),
    },
    uploadFailed: {
      on: {
        "step.retry": { target: "uploading", actions: "clearErrors" },
        "step.cancel": "editing",
      },
    },
    accepted: {
      type: "final",
    },
  },
  output: ({ context }) => ({ jobId: context.jobId ?? "" }),
});
