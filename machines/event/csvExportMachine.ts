import { assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import type { CsvExportOptions, CsvJobStatus } from "../../src/contract/eventExport.ts";
import type { EventSelection } from "../../src/contract/eventSearch.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { acceptedResult, type CallOutcome, isAccepted, refusalErrors } from "../shared/outcome.ts";

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
export const CSV_EXPORT_POLL_MS = 1_000;

const cleared = { request: null, jobId: null, status: null, failure: null, errors: [] };

/**
 * Event CSV output (spec section 2, issue 4): the request queues a background job on the server
 * (accepted: notice 008), then the job's state is polled (wait, ask, route) until its file is ready
 * (the download link is shown and a success notice given) or it failed. A job always ends: the
 * server's worker gives up one whose runs keep dying. Leaving the dialog resets the machine, which
 * stops the polling.
 */
export const csvExportMachine = setup({
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
    outcomeAccepted: (_, params: { outcome: CallOutcome<unknown> }) => isAccepted(params.outcome),
    jobDone: ({ context }) => context.status?.state === "done",
    jobFailed: ({ context }) => context.status?.state === "failed",
  },
  actions: {
    recordRequest: assign((_, params: { request: CsvExportRequest }) => ({
      ...cleared,
      request: params.request,
    })),
    recordJob: assign((_, params: { jobId: string }) => ({ jobId: params.jobId })),
    recordStatus: assign((_, params: { status: CsvJobStatus }) => ({ status: params.status })),
    recordFailure: assign((_, params: { failure: CsvExportFailure; errors: ErrorItem[] }) => ({
      failure: params.failure,
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
}).createMachine({
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
      invoke: {
        id: "requestExport",
        src: "requestExport",
        input: ({ context }) => context.request as CsvExportRequest,
        onDone: [
          {
            guard: { type: "outcomeAccepted", params: ({ event }) => ({ outcome: event.output }) },
            target: "accepted",
            actions: {
              type: "recordJob",
              params: ({ event }) => ({ jobId: acceptedResult(event.output).jobId }),
            },
          },
          {
            target: "refused",
            actions: {
              type: "recordFailure",
              params: ({ event }) => ({ failure: "refused" as const, errors: refusalErrors(event.output) }),
            },
          },
        ],
        onError: {
          target: "failed",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
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
          invoke: {
            id: "exportStatus",
            src: "exportStatus",
            input: ({ context }) => ({ jobId: context.jobId ?? "" }),
            onDone: [
              {
                guard: { type: "outcomeAccepted", params: ({ event }) => ({ outcome: event.output }) },
                target: "routing",
                actions: {
                  type: "recordStatus",
                  params: ({ event }) => ({ status: acceptedResult(event.output) }),
                },
              },
              {
                target: "#csvExport.failed",
                actions: {
                  type: "recordFailure",
                  params: ({ event }) => ({
                    failure: "refused" as const,
                    errors: refusalErrors(event.output),
                  }),
                },
              },
            ],
            onError: {
              target: "#csvExport.failed",
              actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
            },
          },
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
