import {
  type CsvExportEvent,
  type CsvExportRequest,
  csvExportMachine,
  type ExportStatusOutcome,
  type RequestExportOutcome,
} from "../../../machines/event/csvExportMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { CsvJobStatus } from "../../../src/contract/eventExport.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const exportRequest: CsvExportRequest = {
  selection: { kind: "ids", eventIds: ["E20260101000000000001", "E20260101000000000002"] },
  options: { delimiter: "1", groups: ["basic", "purchaser"], encoding: "utf8" },
};

const status = (state: CsvJobStatus["state"]): CsvJobStatus => ({
  jobId: "job-1",
  state,
  rowCount: 2,
  fileName: "eventList_20260101090000.csv",
  downloadUrl: state === "done" ? "/api/v3/download/TOKEN" : null,
  expiresAt: state === "done" ? "2026-01-01T01:00:00.000Z" : null,
});

export const requestAccepted: RequestExportOutcome = {
  ok: true,
  result: { jobId: "job-1" },
  messages: [{ code: "008", message: "The CSV output request was accepted." }],
};
export const requestRefused: RequestExportOutcome = {
  ok: false,
  errors: [
    { code: ERROR.multipleModels, message: "Events of several screening models cannot be selected at once." },
  ],
};
export const jobRunning: ExportStatusOutcome = { ok: true, result: status("running"), messages: [] };
export const jobDone: ExportStatusOutcome = { ok: true, result: status("done"), messages: [] };
export const jobFailed: ExportStatusOutcome = { ok: true, result: status("failed"), messages: [] };
export const statusRefused: ExportStatusOutcome = {
  ok: false,
  errors: [{ code: ERROR.notFound, message: "404 Not Found" }],
};
export const callThrew = new Error("network down");

const request = { type: "export.request", request: exportRequest } satisfies CsvExportEvent;
const reset = { type: "export.reset" } satisfies CsvExportEvent;

export const csvExportWalk = {
  machine: csvExportMachine,
  events: {
    "export.request": [request],
    "export.reset": [reset],
  },
  outputs: {
    requestExport: [requestAccepted, requestRefused],
    exportStatus: [jobRunning, jobDone, jobFailed, statusRefused],
  },
  failures: {
    requestExport: [callThrew],
    exportStatus: [callThrew],
  },
  recordedActions: ["notifyReady"],
  journeys: [
    {
      description: "accepted, polled while running, then ready with its link and one success notice",
      events: [
        request,
        { type: "xstate.done.actor.requestExport", output: requestAccepted },
        { type: "xstate.after.pollInterval.csvExport.accepted.waiting" },
        { type: "xstate.done.actor.exportStatus", output: jobRunning },
        { type: "xstate.after.pollInterval.csvExport.accepted.waiting" },
        { type: "xstate.done.actor.exportStatus", output: jobDone },
      ],
      endState: "ready",
      actions: ["notifyReady"],
    },
    {
      description: "a refused request can be corrected and output again",
      events: [
        request,
        { type: "xstate.done.actor.requestExport", output: requestRefused },
        request,
        { type: "xstate.done.actor.requestExport", output: requestAccepted },
      ],
      endState: { accepted: "waiting" },
      actions: [],
    },
    {
      description: "leaving while the job runs stops the polling",
      events: [
        request,
        { type: "xstate.done.actor.requestExport", output: requestAccepted },
        { type: "xstate.after.pollInterval.csvExport.accepted.waiting" },
        reset,
      ],
      endState: "idle",
      actions: [],
    },
  ],
} satisfies MachineWalk<typeof csvExportMachine>;
