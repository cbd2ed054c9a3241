import { shallowEqual } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { csvJobPollingMachine } from "../../../../machines/csv/csvJobPollingMachine.ts";
import type { csvUploadFormMachine } from "../../../../machines/csv/csvUploadFormMachine.ts";
import { CsvJobPollingActor, CsvUploadFormActor } from "./CsvUploadActors.tsx";

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
    /** The accepted upload's job, once the form is done. */
    jobId: snapshot.status === "done" ? (snapshot.output?.jobId ?? null) : null,
  };
}

export function useCsvUploadFormView() {
  return CsvUploadFormActor.useSelector(csvUploadFormView, shallowEqual);
}

/** Where the uploaded file's job stands, derived from the polling workflow's snapshot. */
export function csvJobPollingView(snapshot: SnapshotFrom<typeof csvJobPollingMachine>) {
  const { job, notice } = snapshot.context;
  return {
    job,
    /** Still waiting for the job's first answer or its end. */
    following: snapshot.hasTag("busy"),
    ended: snapshot.matches("done") || snapshot.matches("doneWithErrors") || snapshot.matches("failed"),
    notice,
    canRetry: snapshot.matches("callFailed") || snapshot.matches("timedOut"),
  };
}

export function useCsvJobPollingView() {
  return CsvJobPollingActor.useSelector(csvJobPollingView, shallowEqual);
}
