import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  csvUploadFormMachine,
  type UploadFileInput,
  type UploadFileOutcome,
} from "../../../machines/csv/csvUploadFormMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { messageText } from "../../../src/contract/messages.ts";
import { settle } from "../support/settle.ts";
import {
  callThrew,
  chooseCsv,
  chooseText,
  csvFile,
  uploadAccepted,
  uploadRefused,
} from "../walks/csvUploadFormWalk.ts";

function startForm(answers: Array<UploadFileOutcome | Error> = [uploadAccepted], confirmed = true) {
  const calls: string[] = [];
  const uploads: UploadFileInput[] = [];
  const machine = csvUploadFormMachine.provide({
    actors: {
      confirmUpload: fromPromise(async () => {
        calls.push("confirm");
        return confirmed;
      }),
      uploadFile: fromPromise(async ({ input }: { input: UploadFileInput }) => {
        calls.push("upload");
        uploads.push(input);
        const answer = answers.shift();
        if (answer === undefined || answer instanceof Error) throw answer ?? new Error("no answer");
        return answer;
      }),
    },
  });
  return { actor: createActor(machine, { input: { fileType: "CsvNegativeEvent" } }).start(), calls, uploads };
}

const problemTexts = (actor: ReturnType<typeof startForm>["actor"]) =>
  actor.getSnapshot().context.problems.map((p) => messageText("en", `validation.${p.key}`));

describe("csvUploadFormMachine", () => {
  it("requires a file, then a .csv one, before it asks to confirm", async () => {
    const { actor, calls } = startForm();
    actor.send({ type: "form.submit" });
    expect(problemTexts(actor)).toEqual(["This is a required field"]);
    actor.send(chooseText);
    expect(problemTexts(actor)).toEqual([]);
    actor.send({ type: "form.submit" });
    expect(problemTexts(actor)).toEqual(["Invalid file extension"]);
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "file.choose", file: { ...csvFile, name: "KEYWORDS.CSV" } });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().value).toBe("confirming");
    await settle();
    expect(calls).toEqual(["confirm", "upload"]);
  });

  it("uploads with the chosen option after the dialog confirmed and outputs the job id", async () => {
    const { actor, uploads } = startForm();
    actor.send(chooseCsv);
    const options = { uploadType: "30", customerType: "20" };
    actor.send({ type: "options.change", fileType: "CsvNegativeItem", options });
    actor.send({ type: "form.submit" });
    await settle();
    expect(uploads).toEqual([{ fileType: "CsvNegativeItem", file: csvFile, options }]);
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().output).toEqual({ jobId: "job-1" });
  });

  it("keeps the options when only the file type changes, and starts from the input's", async () => {
    const { actor } = startForm();
    actor.send({ type: "options.change", fileType: "CsvNegativeEvent", options: { uploadType: "10" } });
    actor.send({ type: "options.change", fileType: "CsvNegativeItem" });
    expect(actor.getSnapshot().context.options).toEqual({ uploadType: "10" });
    const started = createActor(csvUploadFormMachine, {
      input: { fileType: "CsvAuthori", options: { priority: "20" } },
    }).start();
    expect(started.getSnapshot().context.options).toEqual({ priority: "20" });
  });

  it("never uploads when the operator backs out of the dialog", async () => {
    const { actor, calls } = startForm([uploadAccepted], false);
    actor.send(chooseCsv);
    actor.send({ type: "form.submit" });
    await settle();
    expect(actor.getSnapshot().value).toBe("editing");
    expect(calls).toEqual(["confirm"]);
  });

  it("shows a refusal's errors in the form, back to editing with the file kept", async () => {
    const { actor } = startForm([uploadRefused]);
    actor.send(chooseCsv);
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().hasTag("editing")).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.validation]);
    expect(actor.getSnapshot().context.file).toBe(csvFile);
  });

  it("is tagged saving while uploading, and offers a retry after an exception", async () => {
    const { actor, calls } = startForm([callThrew, uploadAccepted]);
    actor.send(chooseCsv);
    actor.send({ type: "form.submit" });
    await settle();
    expect(actor.getSnapshot().value).toBe("uploadFailed");
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    actor.send({ type: "step.retry" });
    expect(actor.getSnapshot().hasTag("saving")).toBe(true);
    await settle();
    expect(actor.getSnapshot().output).toEqual({ jobId: "job-1" });
    expect(calls).toEqual(["confirm", "upload", "upload"]);
  });

  it("cancels a failed upload back to the form", async () => {
    const { actor } = startForm([callThrew]);
    actor.send(chooseCsv);
    actor.send({ type: "form.submit" });
    await settle();
    actor.send({ type: "step.cancel" });
    expect(actor.getSnapshot().value).toBe("editing");
  });
});
