import { assertEvent, assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import type { UploadFileType, UploadJob } from "../../src/contract/uploads.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import type { CallOutcome } from "../shared/outcome.ts";
import { CSV_POLL_MS } from "../shared/polling.ts";

/** The request date range as the date pickers hold it (YYYY-MM-DD, "" for open). */
export interface HistoryFilter {
  from: string;
  to: string;
}

export interface UploadHistoryInput {
  fileTypes: UploadFileType[];
  filter: HistoryFilter;
}

export interface HistoryPage {
  jobs: UploadJob[];
  total: number;
  pageSize: number;
}

export interface LoadHistoryInput {
  fileTypes: UploadFileType[];
  filter: HistoryFilter;
  page: number;
}
export type LoadHistoryOutcome = CallOutcome<HistoryPage>;

/** Which of a job's two files: the uploaded one ("upload") or its result file ("download"). */
export interface FileLinkInput {
  jobId: string;
  fileType: UploadFileType;
  processingType: "upload" | "download";
}
export type FileLinkOutcome = CallOutcome<{ downloadUrl: string; expiresAt: string }>;

export interface UploadHistoryContext {
  fileTypes: UploadFileType[];
  /** The filter as edited, and the one the shown page was searched with. */
  filter: HistoryFilter;
  searched: HistoryFilter;
  page: number;
  result: HistoryPage | null;
  errors: ErrorItem[];
  /** 992 once a download link could not be had. */
  notice: "992" | null;
}

export type UploadHistoryEvent =
  | { type: "filter.change"; filter: HistoryFilter }
  | { type: "search.submit" }
  | { type: "page.go"; page: number }
  | { type: "file.download"; link: FileLinkInput }
  | { type: "step.retry" };

const underWay = (job: UploadJob) => job.state === "queued" || job.state === "running";

/**
 * A CSV upload history (CSV screening/update history, negative history; spec sections 2 and 3, issue
 * 39): the jobs of the screen's file types within the request date range, newest first, a page at a
 * time. While a shown job is queued or running the page is asked again every CSV_POLL_MS, so its
 * progress shows without a reload (leaving the screen stops it). Download asks for a link of the job's
 * uploaded or result file and hands it to the app's `openDownload`; a refused link says 992.
 */
const uploadHistorySetup = setup({
  types: {
    context: {} as UploadHistoryContext,
    events: {} as UploadHistoryEvent,
    input: {} as UploadHistoryInput,
  },
  actors: {
    loadHistory: notProvided<LoadHistoryOutcome, LoadHistoryInput>("loadHistory"),
    fileLink: notProvided<FileLinkOutcome, FileLinkInput>("fileLink"),
  },
  delays: {
    pollInterval: CSV_POLL_MS,
  },
  guards: {
    outcomeAccepted,
    jobsUnderWay: ({ context }) => context.result?.jobs.some(underWay) ?? false,
  },
  actions: {
    changeFilter: assign(({ event }) => {
      assertEvent(event, "filter.change");
      return { filter: event.filter };
    }),
    searchFirstPage: assign(({ context }) => ({ page: 1, searched: context.filter, notice: null })),
    goToPage: assign(({ event }) => {
      assertEvent(event, "page.go");
      return { page: event.page, notice: null };
    }),
    recordPage: assign((_, params: { result: HistoryPage }) => ({ result: params.result, errors: [] })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({ errors: [internalFailure(params.error)] })),
    clearNotice: assign({ notice: null }),
    recordLinkRefused: assign({ notice: "992" as const }),
    /** The app hands the link to the browser, which saves the file. */
    openDownload: (_, _params: { result: { downloadUrl: string } }) => {},
  },
});

const callStep = callSteps(uploadHistorySetup);

const linkInput = ({ event }: { event: UploadHistoryEvent }): FileLinkInput => {
  assertEvent(event, "file.download");
  return event.link;
};

export const uploadHistoryMachine = uploadHistorySetup.createMachine({
  id: "uploadHistory",
  context: ({ input }) => ({
    fileTypes: input.fileTypes,
    filter: input.filter,
    searched: input.filter,
    page: 1,
    result: null,
    errors: [],
    notice: null,
  }),
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadHistory",
        input: ({ context }) => ({
          fileTypes: context.fileTypes,
          filter: context.searched,
          page: context.page,
        }),
        accepted: { target: "shown", actions: "recordPage" },
        refused: { target: "failed", actions: "recordErrors" },
        exception: { target: "failed", actions: "recordException" },
      }),
    },
    shown: {
      initial: "idle",
      on: {
        "filter.change": { actions: "changeFilter" },
        "search.submit": { target: "loading", actions: "searchFirstPage" },
        "page.go": { target: "loading", actions: "goToPage" },
      },
      states: {
        idle: {
          on: { "file.download": { target: "linking", actions: "clearNotice" } },
          after: { pollInterval: { guard: "jobsUnderWay", target: "refreshing" } },
        },
        // The same page asked again while jobs run: the table stays; a failed refresh is tried again
        // after the next interval.
        refreshing: {
          invoke: callStep({
            src: "loadHistory",
            input: ({ context }) => ({
              fileTypes: context.fileTypes,
              filter: context.searched,
              page: context.page,
            }),
            accepted: { target: "idle", actions: "recordPage" },
            refused: { target: "idle" },
            exception: { target: "idle" },
          }),
        },
        linking: {
          tags: ["downloading"],
          invoke: callStep({
            src: "fileLink",
            input: linkInput,
            accepted: { target: "idle", actions: "openDownload" },
            refused: { target: "idle", actions: "recordLinkRefused" },
            exception: { target: "idle", actions: "recordLinkRefused" },
          }),
        },
      },
    },
    failed: {
      on: {
        "step.retry": "loading",
        "filter.change": { actions: "changeFilter" },
        "search.submit": { target: "loading", actions: "searchFirstPage" },
      },
    },
  },
});
