import {
  type FileLinkOutcome,
  type LoadHistoryOutcome,
  type UploadHistoryEvent,
  uploadHistoryMachine,
} from "../../../machines/csv/uploadHistoryMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";
import { job } from "./csvJobPollingWalk.ts";

export const walkInput = {
  fileTypes: ["CsvAuthori", "CsvUpdate"],
  filter: { from: "2026-01-01", to: "" },
} as const satisfies { fileTypes: ["CsvAuthori", "CsvUpdate"]; filter: { from: string; to: string } };

const page = (jobs: ReturnType<typeof job>[]): LoadHistoryOutcome => ({
  ok: true,
  result: { jobs, total: jobs.length, pageSize: 200 },
  messages: [],
});
export const historyRunning = page([job("running"), job("done")]);
export const historyDone = page([job("done"), job("doneWithErrors")]);
export const historyRefused: LoadHistoryOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "forbidden" }],
};
export const linkGiven: FileLinkOutcome = {
  ok: true,
  result: { downloadUrl: "/api/v3/download/t1", expiresAt: "2026-01-01T01:00:00.000Z" },
  messages: [{ code: "005", message: "Downloaded." }],
};
export const linkRefused: FileLinkOutcome = {
  ok: false,
  errors: [{ code: ERROR.notFound, message: "No relevant data found" }],
};
export const callThrew = new Error("network down");

export const changeFilter = {
  type: "filter.change",
  filter: { from: "2026-02-01", to: "2026-02-28" },
} satisfies UploadHistoryEvent;
export const submit = { type: "search.submit" } satisfies UploadHistoryEvent;
export const nextPage = { type: "page.go", page: 2 } satisfies UploadHistoryEvent;
export const download = {
  type: "file.download",
  link: { jobId: "job-1", fileType: "CsvAuthori", processingType: "download" },
} satisfies UploadHistoryEvent;
const retry = { type: "step.retry" } satisfies UploadHistoryEvent;
const poll = { type: "xstate.after.pollInterval.uploadHistory.shown.idle" } as const;

export const uploadHistoryWalk = {
  machine: uploadHistoryMachine,
  input: { fileTypes: ["CsvAuthori", "CsvUpdate"], filter: { from: "2026-01-01", to: "" } },
  events: {
    "filter.change": [changeFilter],
    "search.submit": [submit],
    "page.go": [nextPage],
    "file.download": [download],
    "step.retry": [retry],
  },
  outputs: {
    loadHistory: [historyRunning, historyDone, historyRefused],
    fileLink: [linkGiven, linkRefused],
  },
  failures: {
    loadHistory: [callThrew],
    fileLink: [callThrew],
  },
  // The filter changed once and one page turn: the graph stays small.
  filterEvents: (snapshot, event) => {
    const { filter, page: shownPage, notice } = snapshot.context;
    if (event.type === "filter.change") return filter.from === walkInput.filter.from;
    if (event.type === "page.go") return shownPage === 1;
    if (event.type === "search.submit") return filter.from !== walkInput.filter.from;
    if (event.type === "file.download") return notice === null;
    return true;
  },
  recordedActions: ["openDownload"],
  journeys: [
    {
      description: "a running job's page is asked again until every job has ended",
      events: [
        { type: "xstate.done.actor.loadHistory", output: historyRunning },
        poll,
        { type: "xstate.done.actor.loadHistory", output: historyDone },
      ],
      endState: { shown: "idle" },
    },
    {
      description: "Download hands the result file's link to the browser; a refused link says 992",
      events: [
        { type: "xstate.done.actor.loadHistory", output: historyDone },
        download,
        { type: "xstate.done.actor.fileLink", output: linkGiven },
        download,
        { type: "xstate.done.actor.fileLink", output: linkRefused },
      ],
      endState: { shown: "idle" },
      actions: ["openDownload"],
    },
    {
      description: "a failed load is retried; a new date range searches from the first page",
      events: [
        { type: "xstate.error.actor.loadHistory", error: callThrew },
        retry,
        { type: "xstate.done.actor.loadHistory", output: historyDone },
        nextPage,
        { type: "xstate.done.actor.loadHistory", output: historyDone },
        changeFilter,
        submit,
        { type: "xstate.done.actor.loadHistory", output: historyDone },
      ],
      endState: { shown: "idle" },
    },
  ],
} satisfies MachineWalk<typeof uploadHistoryMachine>;
