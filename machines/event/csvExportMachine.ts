import { assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import type { CsvExportOptions, CsvJobStatus } from "../../src/contract/eventExport.ts";
import type { EventSelection } from "../../src/contract/eventSearch.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import type { CallOutcome } from "../shared/outcome.ts";
import { CSV_POLL_MS } from "../shared/polling.ts";

export interface CsvExportRequest {
  selection: EventSelection;
  options: CsvExportOptions;
}

/** Why the export ended without a file: the server's answer, the job, or an exception. */
export type CsvExportFailure = "refused" | "jobFailed" | "exception";

export interface CsvExportContext {
  request: CsvExportRequest | null;
  /** The accepted job; null until the request is accepted. */
  jobId: string | null;
  /** The job's last known state (the download link once done). */
  status: CsvJobStatus | null;
  failure: CsvExportFailure | null;
  /** The refusal's errors (902, several models, 150,000, 963) or the exception's. */
  errors: ErrorItem[];
}

export type CsvExportEvent =
  | { type: "export.request"; request: CsvExportRequest }
  /** Leaving the dialog (or starting over): forget the job and stop polling. */
  | { type: "export.reset" };

export type RequestExportOutcome = CallOutcome<{ jobId: string }>;
export type ExportStatusOutcome = CallOutcome<CsvJobStatus>;

/** How often the job's state is asked for while it runs. */
export const CSV_EXPORT_POLL_MS = CSV_POLL_MS;

const cleared = { request: null, jobId: null, status: null, failure: null, errors: [] };

/**
 * Event CSV output (spec section 2, issue 4): the request queues a background job on the server
 * (accepted: notice 008), then the job's state is polled (wait, ask, route) until its file is ready
 * (the download link is shown and a success notice given) or it failed. A job always ends: the
 * server's worker gives up one whose runs keep dying. Leaving the dialog resets the machine, which
 * stops the polling.
 */
const csvExportSetup = setup({
  types: {
    context: {} as CsvExportContext,
    events: {} as CsvExportEvent,
  },
  actors: {
    requestExport: notProvided<RequestExportOutcome, CsvExportRequest>("requestExport"),
    exportStatus: notProvided<ExportStatusOutcome, { jobId: string }>("exportStatus"),
  },
  delays: {
    pollInterval: CSV_EXPORT_POLL_MS,
  },
  guards: {
    outcomeAccepted,
    jobDone: ({ context }) => context.status?.state === "done",
    jobFailed: ({ context }) => context.status?.state === "failed",
  },
  actions: {
    recordRequest: assign((_, params: { request: CsvExportRequest }) => ({
      ...cleared,
      request: params.request,
    })),
    recordJob: assign((_, params: { result: { jobId: string } }) => ({ jobId: params.result.jobId })),
    recordStatus: assign((_, params: { result: CsvJobStatus }) => ({ status: params.result })),
    /** Without a `failure`, the server refused the call. */
    recordFailure: assign((_, params: { failure?: CsvExportFailure; errors: ErrorItem[] }) => ({
      failure: params.failure ?? "refused",
      errors: params.errors,
    })),
    recordException: assign((_, params: { error: unknown }) => ({
      failure: "exception" as const,
      errors: [internalFailure(params.error)],
    })),
    clear: assign(cleared),
    /** Provided by the app: the success notice that the file is ready. */
    notifyReady: (_, _params: { status: CsvJobStatus }) => {},
  },
});

const callStep = callSteps(csvExportSetup);

export const csvExportMachine = csvExportSetup.createMachine({
  id: "csvExport",
  context: cleared,
  initial: "idle",
  on: {
    "export.reset": { target: ".idle", actions: "clear" },
  },
  states: {
    idle: {
      on: {
        "export.request": {
          target: "requesting",
          actions: { type: "recordRequest", params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    requesting: {
      tags: ["busy"],
      invoke: callStep({
        src: "requestExport",
        input: ({ context }) => context.request as CsvExportRequest,
        accepted: { target: "accepted", actions: "recordJob" },
        refused: { target: "refused", actions: "recordFailure" },
        exception: { target: "failed", actions: "recordException" },
      }),
    },
    refused: {
      // The operator may change the groups or options and output again.
      on: {
        "export.request": {
          target: "requesting",
          actions: { type: "recordRequest", params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    accepted: {
      tags: ["busy"],
      initial: "waiting",
      states: {
        waiting: {
          after: { pollInterval: "checking" },
        },
        checking: {
          invoke: callStep({
            src: "exportStatus",
            input: ({ context }) => ({ jobId: context.jobId ?? "" }),
            accepted: { target: "routing", actions: "recordStatus" },
            refused: { target: "#csvExport.failed", actions: "recordFailure" },
            exception: { target: "#csvExport.failed", actions: "recordException" },
          }),
        },
        routing: {
          always: [
            { guard: "jobDone", target: "#csvExport.ready" },
            {
              guard: "jobFailed",
              target: "#csvExport.failed",
              actions: { type: "recordFailure", params: { failure: "jobFailed", errors: [] } },
            },
            { target: "waiting" },
          ],
        },
      },
    },
    ready: {
      entry: {
        type: "notifyReady",
        params: ({ context }) => ({ status: context.status as CsvJobStatus }),
      },
    },
    failed: {},
  },
});
