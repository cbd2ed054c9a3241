import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { csvUploadFormMachine } from "../../../../machines/csv/csvUploadFormMachine.ts";
import { CsvUploadFormActor } from "./CsvUploadActors.tsx";

/** What an upload form shows, derived from its workflow's snapshot. */
export function csvUploadFormView(snapshot: SnapshotFrom<typeof csvUploadFormMachine>) {
  const { file, fileType, options, problems, errors } = snapshot.context;
  return {
    fileName: file?.name ?? null,
    fileType,
    options,
    fileProblem: problems.find((problem) => problem.field === "file")?.key ?? null,
    errors,
    uploading: snapshot.hasTag("saving"),
    confirming: snapshot.matches("confirming"),
    uploadFailed: snapshot.matches("uploadFailed"),
    /** The accepted upload's job, once the form is done (the panel then opens the history screen). */
    jobId: snapshot.status === "done" ? (snapshot.output?.jobId ?? null) : null,
  };
}

export function useCsvUploadFormView() {
  return CsvUploadFormActor.useSelector(csvUploadFormView, shallowEqual);
}
