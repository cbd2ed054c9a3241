import {
  type AuditLogEvent,
  auditLogMachine,
  type ExportCsvOutcome,
  type LoadOperatorsOutcome,
  type LoadPageOutcome,
} from "../../../machines/admin/auditLogMachine.ts";
import type { AuditEntry } from "../../../src/contract/auditLog.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const demoOperators = [
  { operatorId: 1, name: "管理者", email: "admin@demo.example" },
  { operatorId: 2, name: "審査者", email: "reviewer@demo.example" },
];

export const demoEntry = {
  id: "10",
  at: "2026-03-01T01:00:00.000Z",
  operatorId: 1,
  actor: "admin@demo.example",
  sourceIp: "127.0.0.1",
  action: "login",
  target: "login",
  summary: { before: null, after: { outcome: "success" } },
} satisfies AuditEntry;

export const NEXT_CURSOR = "2026-03-01T01:00:00.000Z_10";

export const operatorsLoaded: LoadOperatorsOutcome = {
  ok: true,
  result: { operators: demoOperators },
  messages: [],
};
export const operatorsRefused: LoadOperatorsOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
/** A first page with more behind it. */
export const pageWithNext: LoadPageOutcome = {
  ok: true,
  result: { entries: [demoEntry], next: NEXT_CURSOR },
  messages: [],
};
export const lastPage: LoadPageOutcome = {
  ok: true,
  result: { entries: [{ ...demoEntry, id: "9" }], next: null },
  messages: [],
};
export const pageRefused: LoadPageOutcome = {
  ok: false,
  errors: [
    { code: ERROR.validation, field: "telegram.from", message: "must be a date in the format YYYY-MM-DD" },
  ],
};
export const csvMade: ExportCsvOutcome = {
  ok: true,
  result: { fileName: "auditLog_20260301100000.csv", encoding: "utf8", content: "\uFEFFTime (JST)\r\n" },
  messages: [],
};
export const csvTooMany: ExportCsvOutcome = {
  ok: false,
  errors: [{ code: ERROR.tooManyRows, message: "More than 50,000 audit log rows match." }],
};
export const callThrew = new Error("network down");

const load = { type: "list.load" } satisfies AuditLogEvent;
export const byAdmin = {
  type: "filter.apply",
  filter: { from: "2026-03-01", to: "", operatorId: 1, action: null },
} satisfies AuditLogEvent;
const next = { type: "page.next" } satisfies AuditLogEvent;
const previous = { type: "page.previous" } satisfies AuditLogEvent;
const exportUtf8 = { type: "csv.export", encoding: "utf8" } satisfies AuditLogEvent;
const exportCp932 = { type: "csv.export", encoding: "cp932" } satisfies AuditLogEvent;

const firstPage = [
  load,
  { type: "xstate.done.actor.loadOperators", output: operatorsLoaded },
  { type: "xstate.done.actor.loadPage", output: pageWithNext },
] as const;

export const auditLogWalk = {
  machine: auditLogMachine,
  events: {
    "list.load": [load],
    "filter.apply": [byAdmin],
    "page.next": [next],
    "page.previous": [previous],
    "csv.export": [exportUtf8, exportCp932],
  },
  outputs: {
    loadOperators: [operatorsLoaded, operatorsRefused],
    loadPage: [pageWithNext, lastPage, pageRefused],
    exportCsv: [csvMade, csvTooMany],
  },
  failures: {
    loadOperators: [callThrew],
    loadPage: [callThrew],
    exportCsv: [callThrew],
  },
  // Two pages deep is every kind of step: the graph stays finite.
  filterEvents: (snapshot, event) => event.type !== "page.next" || snapshot.context.cursors.length < 2,
  recordedActions: ["saveCsv"],
  journeys: [
    {
      description: "the newest page, the next and back, then the CSV of the filter saved",
      events: [
        ...firstPage,
        next,
        { type: "xstate.done.actor.loadPage", output: lastPage },
        previous,
        { type: "xstate.done.actor.loadPage", output: pageWithNext },
        exportUtf8,
        { type: "xstate.done.actor.exportCsv", output: csvMade },
      ],
      endState: "showing",
      actions: ["saveCsv"],
    },
    {
      description: "a filter refused (validation) fails the list, and a valid one shows its rows",
      events: [
        ...firstPage,
        byAdmin,
        { type: "xstate.done.actor.loadPage", output: pageRefused },
        byAdmin,
        { type: "xstate.done.actor.loadPage", output: lastPage },
      ],
      endState: "showing",
    },
    {
      description: "a CSV refused for too many rows saves nothing and keeps the page",
      events: [...firstPage, exportCp932, { type: "xstate.done.actor.exportCsv", output: csvTooMany }],
      endState: "showing",
      actions: [],
    },
  ],
} satisfies MachineWalk<typeof auditLogMachine>;
