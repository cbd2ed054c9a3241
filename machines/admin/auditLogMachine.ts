import { assign, setup } from "xstate";
import type {
  AuditCsvEncoding,
  AuditEntry,
  AuditLogCsvFile,
  AuditLogFilter,
  AuditLogOperator,
} from "../../src/contract/auditLog.ts";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { acceptedResult, type CallOutcome } from "../shared/outcome.ts";

export interface AuditLogPage {
  entries: AuditEntry[];
  /** The cursor of the next page; null on the last one. */
  next: string | null;
}

export interface AuditLogContext {
  /** The filter the rows shown were read with (applied, not the form's draft). */
  filter: AuditLogFilter;
  /** The operator filter's choices; empty when they could not be read (the filter then offers "all"). */
  operators: AuditLogOperator[];
  /** The cursor each page shown so far was read from: the first page's is null, the current one last. */
  cursors: (string | null)[];
  page: AuditLogPage | null;
  /** Why no rows are shown: the refusal (shown by the app) or failure that stopped the list. */
  errors: ErrorItem[];
}

export type AuditLogEvent =
  | { type: "list.load" }
  | { type: "filter.apply"; filter: AuditLogFilter }
  | { type: "page.next" }
  | { type: "page.previous" }
  | { type: "csv.export"; encoding: AuditCsvEncoding };

export type LoadOperatorsOutcome = CallOutcome<{ operators: AuditLogOperator[] }>;
export type LoadPageOutcome = CallOutcome<AuditLogPage>;
export type ExportCsvOutcome = CallOutcome<AuditLogCsvFile>;
export interface LoadPageInput {
  filter: AuditLogFilter;
  after: string | null;
}
export interface ExportCsvInput {
  filter: AuditLogFilter;
  encoding: AuditCsvEncoding;
}

export const NO_FILTER: AuditLogFilter = { from: "", to: "", operatorId: null, action: null };

const currentCursor = (context: AuditLogContext): string | null => context.cursors.at(-1) ?? null;

/**
 * Audit log (beyond the spec, issue 41): loads the operator filter's choices, then the newest page of
 * the tenant's rows; a filter applied reads its first page; next and previous pages by keyset cursor
 * (the cursors of the pages walked are kept to go back); CSV output of the applied filter hands the
 * file to the app's `saveCsv`. A refused page (validation, 962) is `failed` with its errors; a refused
 * or failed export keeps the page shown (the app tells why).
 */
const auditLogSetup = setup({
  types: {
    context: {} as AuditLogContext,
    events: {} as AuditLogEvent,
  },
  actors: {
    loadOperators: notProvided<LoadOperatorsOutcome>("loadOperators"),
    loadPage: notProvided<LoadPageOutcome, LoadPageInput>("loadPage"),
    exportCsv: notProvided<ExportCsvOutcome, ExportCsvInput>("exportCsv"),
  },
  guards: {
    outcomeAccepted,
    hasNext: ({ context }) => context.page?.next != null,
    hasPrevious: ({ context }) => context.cursors.length > 1,
  },
  actions: {
    recordOperators: assign((_, params: { result: { operators: AuditLogOperator[] } }) => ({
      operators: params.result.operators,
    })),
    applyFilter: assign((_, params: { filter: AuditLogFilter }) => ({
      filter: params.filter,
      cursors: [null],
      errors: [],
    })),
    pushNext: assign(({ context }) => ({ cursors: [...context.cursors, context.page?.next ?? null] })),
    popCursor: assign(({ context }) => ({ cursors: context.cursors.slice(0, -1) })),
    recordPage: assign((_, params: { result: AuditLogPage }) => ({ page: params.result, errors: [] })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ page: null, errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({
      page: null,
      errors: [internalFailure(params.error)],
    })),
    /** Provided by the app: saves the file in the browser. */
    saveCsv: (_, _params: { file: AuditLogCsvFile }) => {},
  },
});

const callStep = callSteps(auditLogSetup);

const applyFilter = {
  target: "#auditLog.loading",
  actions: {
    type: "applyFilter",
    params: ({ event }: { event: AuditLogEvent }) => ({
      filter: event.type === "filter.apply" ? event.filter : NO_FILTER,
    }),
  },
} as const;

export const auditLogMachine = auditLogSetup.createMachine({
  id: "auditLog",
  context: { filter: NO_FILTER, operators: [], cursors: [null], page: null, errors: [] },
  initial: "idle",
  states: {
    idle: {
      on: { "list.load": "loadingOperators" },
    },
    loadingOperators: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadOperators",
        accepted: { target: "loading", actions: "recordOperators" },
        // Without the choices the filter offers "all operators" only; the rows are still read.
        refused: { target: "loading" },
        exception: { target: "loading" },
      }),
    },
    loading: {
      tags: ["busy"],
      on: {
        // Another filter applied before the answer came: that answer no longer matters.
        "filter.apply": { ...applyFilter, reenter: true },
      },
      invoke: callStep({
        src: "loadPage",
        input: ({ context }) => ({ filter: context.filter, after: currentCursor(context) }),
        accepted: { target: "showing", actions: "recordPage" },
        refused: { target: "failed", actions: "recordErrors" },
        exception: { target: "failed", actions: "recordException" },
      }),
    },
    showing: {
      on: {
        "filter.apply": applyFilter,
        "page.next": { guard: "hasNext", target: "loading", actions: "pushNext" },
        "page.previous": { guard: "hasPrevious", target: "loading", actions: "popCursor" },
        "csv.export": "exporting",
      },
    },
    exporting: {
      tags: ["busy"],
      invoke: callStep({
        src: "exportCsv",
        input: ({ context, event }) => ({
          filter: context.filter,
          encoding: event.type === "csv.export" ? event.encoding : "utf8",
        }),
        accepted: {
          target: "showing",
          actions: { type: "saveCsv", params: ({ event }) => ({ file: acceptedResult(event.output) }) },
        },
        // A refusal (too many rows, 962: shown and routed by the app) or a failure keeps the page.
        refused: { target: "showing" },
        exception: { target: "showing" },
      }),
    },
    failed: {
      on: {
        // Reading the same page again.
        "list.load": "loading",
        "filter.apply": applyFilter,
      },
    },
  },
});
