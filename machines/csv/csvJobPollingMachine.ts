import { assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import type { UploadJob } from "../../src/contract/uploads.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import type { CallOutcome } from "../shared/outcome.ts";
import { CSV_POLL_MS } from "../shared/polling.ts";

/**
 * The longest a job is waited for (10 minutes of polling intervals) before the machine says 993
 * (timed out). It counts the time spent waiting between calls, not the calls themselves.
 */
export const CSV_JOB_MAX_WAIT_MS = 600_000;

export interface CsvJobPollingInput {
  jobId: string;
  /** Defaults to CSV_JOB_MAX_WAIT_MS. */
  maxWaitMs?: number;
}

/** Notice of a polling that stopped without an end of the job: 991 the call failed, 993 timed out. */
export type CsvJobPollingNotice = "991" | "993";

/** What the polling reads of a job: its state (an upload job's, or a CSV output job's). */
export interface PolledJob {
  state: string;
}

export interface CsvJobPollingContext<TJob extends PolledJob = UploadJob> {
  jobId: string;
  /** The job as last answered; null before the first answer. */
  job: TJob | null;
  /** Time waited between calls since polling (re)started. */
  waitedMs: number;
  maxWaitMs: number;
  notice: CsvJobPollingNotice | null;
  /** The status call's refusal (963, 962) or exception. */
  errors: ErrorItem[];
}

export type CsvJobPollingEvent =
  /** Retry the step that failed: the status call (991), or the polling itself (993). */
  | { type: "step.retry" }
  /** Leaving the screen: polling stops. */
  | { type: "polling.stop" };

/** uploadJobStatus's answer (or another job kind's status call's). */
export type JobStatusOutcome<TJob extends PolledJob = UploadJob> = CallOutcome<TJob>;

/** What the polling ends with (an invoking machine routes on it): the job as last answered. */
export interface CsvJobPollingOutput<TJob extends PolledJob = UploadJob> {
  job: TJob | null;
}

/**
 * A CSV upload job followed until it ends (spec sections 5 and 7, issue 39), the design card's
 * polling: wait CSV_POLL_MS, ask uploadJobStatus, route on the job's state (queued and running poll
 * again; done, done with errors and failed end). A call that fails says 991 and a job still running
 * after `maxWaitMs` says 993; each offers a retry of the step that failed. Leaving the polling state
 * (stop, or an end) cancels its timer and its call. The job's type is the status call's: an upload
 * job here (csvJobPollingMachine); `jobPollingMachine<TJob>()` builds the same chart for another job
 * kind whose states include done and failed (the negative list's CSV output).
 */
export function jobPollingMachine<TJob extends PolledJob>() {
  const csvJobPollingSetup = setup({
    types: {
      context: {} as CsvJobPollingContext<TJob>,
      events: {} as CsvJobPollingEvent,
      input: {} as CsvJobPollingInput,
      output: {} as CsvJobPollingOutput<TJob>,
    },
    actors: {
      jobStatus: notProvided<JobStatusOutcome<TJob>, { jobId: string }>("jobStatus"),
    },
    delays: {
      pollInterval: CSV_POLL_MS,
    },
    guards: {
      outcomeAccepted,
      jobDone: ({ context }) => context.job?.state === "done",
      jobDoneWithErrors: ({ context }) => context.job?.state === "doneWithErrors",
      jobFailed: ({ context }) => context.job?.state === "failed",
      waitedTooLong: ({ context }) => context.waitedMs >= context.maxWaitMs,
    },
    actions: {
      countWait: assign(({ context }) => ({ waitedMs: context.waitedMs + CSV_POLL_MS })),
      restartWait: assign({ waitedMs: 0, notice: null, errors: [] }),
      recordJob: assign((_, params: { result: TJob }) => ({ job: params.result })),
      recordCallFailure: assign((_, params: { errors: ErrorItem[] }) => ({
        notice: "991" as const,
        errors: params.errors,
      })),
      recordException: assign((_, params: { error: unknown }) => ({
        notice: "991" as const,
        errors: [internalFailure(params.error)],
      })),
      recordTimeout: assign({ notice: "993" as const, errors: [] }),
      clearNotice: assign({ notice: null, errors: [] }),
    },
  });

  const callStep = callSteps(csvJobPollingSetup);

  return csvJobPollingSetup.createMachine({
    id: "csvJobPolling",
    output: ({ context }) => ({ job: context.job }),
    context: ({ input }) => ({
      jobId: input.jobId,
      job: null,
      waitedMs: 0,
      maxWaitMs: input.maxWaitMs ?? CSV_JOB_MAX_WAIT_MS,
      notice: null,
      errors: [],
    }),
    initial: "polling",
    states: {
      polling: {
        tags: ["busy"],
        initial: "waiting",
        on: { "polling.stop": "#csvJobPolling.stopped" },
        states: {
          waiting: {
            after: { pollInterval: { target: "checking", actions: "countWait" } },
          },
          checking: {
            invoke: callStep({
              src: "jobStatus",
              input: ({ context }) => ({ jobId: context.jobId }),
              accepted: { target: "routing", actions: "recordJob" },
              refused: { target: "#csvJobPolling.callFailed", actions: "recordCallFailure" },
              exception: { target: "#csvJobPolling.callFailed", actions: "recordException" },
            }),
          },
          routing: {
            always: [
              { guard: "jobDone", target: "#csvJobPolling.done" },
              { guard: "jobDoneWithErrors", target: "#csvJobPolling.doneWithErrors" },
              { guard: "jobFailed", target: "#csvJobPolling.failed" },
              { guard: "waitedTooLong", target: "#csvJobPolling.timedOut", actions: "recordTimeout" },
              { target: "waiting" },
            ],
          },
        },
      },
      callFailed: {
        on: {
          // The call is asked again at once; the time waited so far still counts.
          "step.retry": { target: "polling.checking", actions: "clearNotice" },
          "polling.stop": "stopped",
        },
      },
      timedOut: {
        on: {
          "step.retry": { target: "polling", actions: "restartWait" },
          "polling.stop": "stopped",
        },
      },
      done: { type: "final" },
      doneWithErrors: { type: "final" },
      failed: { type: "final" },
      stopped: { type: "final" },
    },
  });
}

/** A CSV upload job followed until it ends (uploadJobStatus). */
export const csvJobPollingMachine = jobPollingMachine<UploadJob>();
