import {
  type ExportOutcome,
  INITIAL_CRITERIA,
  type LoadModelsOutcome,
  type LoadReportOutcome,
  type LoadRuleHitsOutcome,
  type ReportEvent,
  reportMachine,
} from "../../../machines/report/reportMachine.ts";
import type { ErrorItem } from "../../../src/contract/envelope.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { ReportFigures, ReportResult, RuleHitResult } from "../../../src/contract/report.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const demoModels = [
  { modelId: "MODEL01", modelName: "標準モデル" },
  { modelId: "MODEL02", modelName: "高額モデル" },
];

const tally = (count: number, amount = count * 1000) => ({ count, amount });
export const demoFigures: ReportFigures = {
  screened: tally(10),
  auto: { ok: tally(6), ng: tally(2), hold: tally(1), review: tally(1) },
  manual: { ok: tally(1), ng: tally(1), hold: tally(0), none: tally(8) },
  negative: { ok: tally(1), review: tally(1), ng: tally(1) },
  captureRate: 0.75,
};

export const demoReport: ReportResult = {
  unit: "month",
  from: "2025-12",
  to: "2026-11",
  models: [
    {
      modelId: "MODEL01",
      modelName: "標準モデル",
      rows: [{ period: "2026-11", figures: demoFigures, previous: demoFigures }],
      totals: demoFigures,
    },
  ],
};

export const demoRuleHits: RuleHitResult = {
  unit: "month",
  from: "2025-12",
  to: "2026-11",
  modelId: "MODEL01",
  releaseId: "R0001",
  simulationReleaseId: null,
  normal: [
    {
      ruleCode: "AMT_100K",
      ruleDescription: "高額決済",
      inRelease: true,
      hits: 3,
      reasonHits: 2,
      manualNg: 1,
      manualOk: 1,
      negatived: 1,
    },
  ],
  simulation: [],
};

export const modelsLoaded: LoadModelsOutcome = { ok: true, result: { models: demoModels }, messages: [] };
export const noModelsLoaded: LoadModelsOutcome = { ok: true, result: { models: [] }, messages: [] };
const forbidden: { ok: false; errors: ErrorItem[] } = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const modelsRefused: LoadModelsOutcome = forbidden;
export const reportLoaded: LoadReportOutcome = { ok: true, result: demoReport, messages: [] };
/** A period the contract refuses (by field: the server names telegram.to). */
export const reportInvalid: LoadReportOutcome = {
  ok: false,
  errors: [{ code: ERROR.validation, field: "telegram.to", message: "At most 93 days." }],
};
export const ruleHitsLoaded: LoadRuleHitsOutcome = { ok: true, result: demoRuleHits, messages: [] };
export const ruleHitsRefused: LoadRuleHitsOutcome = forbidden;
export const csvMade: ExportOutcome = {
  ok: true,
  result: { fileName: "eventReport_all_202611300900.csv", content: "\uFEFFDetection model\r\n" },
  messages: [],
};
export const csvRefused: ExportOutcome = forbidden;
export const callThrew = new Error("network down");

const start = { type: "report.start" } satisfies ReportEvent;
const daily = { type: "unit.choose", unit: "day" } satisfies ReportEvent;
const oneModel = { type: "model.choose", modelId: "MODEL01" } satisfies ReportEvent;
const period = { type: "period.change", from: "2026-09", to: "2026-11" } satisfies ReportEvent;
const submit = { type: "report.submit" } satisfies ReportEvent;
const ruleHitsTab = { type: "tab.choose", tab: "ruleHits" } satisfies ReportEvent;
const reportTab = { type: "tab.choose", tab: "report" } satisfies ReportEvent;
const exportReport = { type: "csv.export" } satisfies ReportEvent;
const exportRuleHits = { type: "ruleHits.export" } satisfies ReportEvent;

const firstShown = { unit: "month", modelId: "", from: demoReport.from, to: demoReport.to } as const;
const CRITERIA_EVENTS: readonly string[] = ["unit.choose", "model.choose", "period.change"];

export const reportWalk = {
  machine: reportMachine,
  events: {
    "report.start": [start],
    "unit.choose": [daily],
    "model.choose": [oneModel],
    "period.change": [period],
    "report.submit": [submit],
    "tab.choose": [ruleHitsTab, reportTab],
    "csv.export": [exportReport],
    "ruleHits.export": [exportRuleHits],
  },
  outputs: {
    loadModels: [modelsLoaded, noModelsLoaded, modelsRefused],
    loadReport: [reportLoaded, reportInvalid],
    loadRuleHits: [ruleHitsLoaded, ruleHitsRefused],
    exportReport: [csvMade, csvRefused],
    exportRuleHits: [csvMade, csvRefused],
  },
  failures: {
    loadModels: [callThrew],
    loadReport: [callThrew],
    loadRuleHits: [callThrew],
    exportReport: [callThrew],
    exportRuleHits: [callThrew],
  },
  // One edit of the criteria as first shown, then only asking with it: keeps the graph small.
  filterEvents: (snapshot, event) => {
    const { criteria, tab, ruleHits, errors, ruleHitErrors } = snapshot.context;
    const same = (other: typeof criteria) => JSON.stringify(criteria) === JSON.stringify(other);
    const asFirstShown = same(firstShown);
    const plain = ruleHits === null && errors.length === 0 && ruleHitErrors.length === 0;
    if (event.type.startsWith("xstate.")) return true;
    if (!asFirstShown && !same(INITIAL_CRITERIA)) return event.type === "report.submit";
    if (CRITERIA_EVENTS.includes(event.type)) return asFirstShown && plain && tab === "report";
    // After a refusal or failure, only asking again (the tabs were walked without one).
    if (event.type === "tab.choose") return event.tab !== tab && errors.length === 0;
    return true;
  },
  recordedActions: ["saveCsv"],
  journeys: [
    {
      description: "the default report is shown and saved as CSV",
      events: [
        start,
        { type: "xstate.done.actor.loadModels", output: modelsLoaded },
        { type: "xstate.done.actor.loadReport", output: reportLoaded },
        exportReport,
        { type: "xstate.done.actor.exportReport", output: csvMade },
      ],
      endState: "ready",
      actions: ["saveCsv"],
    },
    {
      description: "the rule hits tab loads its statistics, which are saved as CSV",
      events: [
        start,
        { type: "xstate.done.actor.loadModels", output: modelsLoaded },
        { type: "xstate.done.actor.loadReport", output: reportLoaded },
        ruleHitsTab,
        { type: "xstate.done.actor.loadRuleHits", output: ruleHitsLoaded },
        exportRuleHits,
        { type: "xstate.done.actor.exportRuleHits", output: csvMade },
      ],
      endState: "ready",
      actions: ["saveCsv"],
    },
    {
      description: "a daily report of one model asked while the rule hits tab is open reloads the rule hits",
      events: [
        start,
        { type: "xstate.done.actor.loadModels", output: modelsLoaded },
        { type: "xstate.done.actor.loadReport", output: reportLoaded },
        ruleHitsTab,
        { type: "xstate.done.actor.loadRuleHits", output: ruleHitsLoaded },
        daily,
        oneModel,
        submit,
        { type: "xstate.done.actor.loadReport", output: reportLoaded },
        { type: "xstate.done.actor.loadRuleHits", output: ruleHitsLoaded },
      ],
      endState: "ready",
    },
    {
      description: "a period refused by the server keeps the form with its errors, and saves nothing",
      events: [
        start,
        { type: "xstate.done.actor.loadModels", output: modelsLoaded },
        { type: "xstate.done.actor.loadReport", output: reportLoaded },
        period,
        submit,
        { type: "xstate.done.actor.loadReport", output: reportInvalid },
        exportReport,
      ],
      endState: "ready",
      actions: [],
    },
  ],
} satisfies MachineWalk<typeof reportMachine>;
