import {
  type CsvJobPollingEvent,
  csvJobPollingMachine,
  type JobStatusOutcome,
} from "../../../machines/csv/csvJobPollingMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { UploadJob, UploadState } from "../../../src/contract/uploads.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const job = (state: UploadState): UploadJob => ({
  jobId: "job-1",
  fileType: "CsvKeyword",
  fileName: "keywords.csv",
  operatorName: "Operator One",
  state,
  encoding: "utf8",
  totalRows: state === "queued" ? null : 3,
  processedRows: state === "queued" ? 0 : 3,
  appliedRows: state === "doneWithErrors" ? 2 : 3,
  refusedRows: state === "doneWithErrors" ? 1 : 0,
  uploadedAt: "2026-01-01T00:00:00.000Z",
  completedAt:
    state === "done" || state === "doneWithErrors" || state === "failed" ? "2026-01-01T00:01:00.000Z" : null,
  error: state === "failed" ? "The header lacks a column." : null,
  hasResult: state === "done" || state === "doneWithErrors",
});

const answered = (state: UploadState): JobStatusOutcome => ({ ok: true, result: job(state), messages: [] });
export const jobQueued = answered("queued");
export const jobRunning = answered("running");
export const jobDone = answered("done");
export const jobDoneWithErrors = answered("doneWithErrors");
export const jobFailed = answered("failed");
export const statusRefused: JobStatusOutcome = {
  ok: false,
  errors: [{ code: ERROR.notFound, message: "No relevant data found" }],
};
export const callThrew = new Error("network down");

/** Two polling intervals at most in the walks: the graph stays small. */
export const walkInput = { jobId: "job-1", maxWaitMs: 2_000 };

const retry = { type: "step.retry" } satisfies CsvJobPollingEvent;
const stop = { type: "polling.stop" } satisfies CsvJobPollingEvent;
const wait = { type: "xstate.after.pollInterval.csvJobPolling.polling.waiting" } as const;

export const csvJobPollingWalk = {
  machine: csvJobPollingMachine,
  input: walkInput,
  events: {
    "step.retry": [retry],
    "polling.stop": [stop],
  },
  outputs: {
    jobStatus: [jobQueued, jobRunning, jobDone, jobDoneWithErrors, jobFailed, statusRefused],
  },
  failures: {
    jobStatus: [callThrew],
  },
  recordedActions: [],
  journeys: [
    {
      description: "queued, running, then done: the polling ends",
      events: [
        wait,
        { type: "xstate.done.actor.jobStatus", output: jobQueued },
        wait,
        { type: "xstate.done.actor.jobStatus", output: jobDone },
      ],
      endState: "done",
    },
    {
      description: "still running past the maximum time says 993; a retry polls again and sees it done",
      events: [
        wait,
        { type: "xstate.done.actor.jobStatus", output: jobRunning },
        wait,
        { type: "xstate.done.actor.jobStatus", output: jobRunning },
        retry,
        wait,
        { type: "xstate.done.actor.jobStatus", output: jobDoneWithErrors },
      ],
      endState: "doneWithErrors",
    },
    {
      description: "a failed call says 991; a retry asks again at once",
      events: [
        wait,
        { type: "xstate.error.actor.jobStatus", error: callThrew },
        retry,
        { type: "xstate.done.actor.jobStatus", output: jobFailed },
      ],
      endState: "failed",
    },
    {
      description: "leaving while the status call runs stops the polling",
      events: [wait, stop],
      endState: "stopped",
    },
  ],
} satisfies MachineWalk<typeof csvJobPollingMachine>;
