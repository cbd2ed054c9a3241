import { assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import type { DetectionModel } from "../../src/contract/releasedRules.ts";
import type { ReportCsvFile, ReportResult, ReportUnit, RuleHitResult } from "../../src/contract/report.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { acceptedResult, type CallOutcome } from "../shared/outcome.ts";

/** What a report is asked for: "" for each of the tenant's models; "" ends take the default period. */
export interface ReportCriteria {
  unit: ReportUnit;
  modelId: string;
  from: string;
  to: string;
}

export type ReportTab = "report" | "ruleHits";

export interface ReportContext {
  models: DetectionModel[];
  /** The criteria as the form shows them (edited freely; used once the report is asked for). */
  criteria: ReportCriteria;
  /** The criteria of the report shown, its period resolved by the server (defaults filled in). */
  shown: ReportCriteria | null;
  report: ReportResult | null;
  ruleHits: RuleHitResult | null;
  tab: ReportTab;
  /** Why the report is not shown (a refusal, validation errors by field, or a failure of the call). */
  errors: ErrorItem[];
  /** Why the rule hit statistics are not shown. */
  ruleHitErrors: ErrorItem[];
}

export type ReportEvent =
  | { type: "report.start" }
  | { type: "unit.choose"; unit: ReportUnit }
  | { type: "model.choose"; modelId: string }
  | { type: "period.change"; from: string; to: string }
  | { type: "report.submit" }
  | { type: "tab.choose"; tab: ReportTab }
  | { type: "csv.export" }
  | { type: "ruleHits.export" };

export type LoadModelsOutcome = CallOutcome<{ models: DetectionModel[] }>;
export type LoadReportOutcome = CallOutcome<ReportResult>;
export type LoadRuleHitsOutcome = CallOutcome<RuleHitResult>;
export type ExportOutcome = CallOutcome<ReportCsvFile>;
/** The rule hit statistics name one model: the shown report's, or the first model for "each model". */
export type RuleHitCriteria = ReportCriteria;

/** Defaults: the monthly report of each model over the last 12 months (the server fills the period). */
export const INITIAL_CRITERIA: ReportCriteria = { unit: "month", modelId: "", from: "", to: "" };

const ruleHitCriteria = (context: ReportContext): RuleHitCriteria => {
  const shown = context.shown ?? context.criteria;
  return { ...shown, modelId: shown.modelId || (context.models[0]?.modelId ?? "") };
};

/**
 * Screening result report (spec section 2, /EventReportNegative; issue 42): loads the tenant's
 * detection models, then the report of the default criteria (monthly, each model, the last 12
 * months); the operator chooses monthly or daily (the period back to its default), one model or each,
 * and a period, and asks again. The rule hit statistics tab loads the shown report's period for its
 * model when first opened (and again after a new report while it is open). CSV output of the report
 * and of the rule hits asks the server for the file of what is shown and hands it to `saveCsv`. A
 * refusal (validation by field, 962, ...) keeps the form with its errors; the app routes it.
 */
const reportSetup = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
  },
  actors: {
    loadModels: notProvided<LoadModelsOutcome>("loadModels"),
    loadReport: notProvided<LoadReportOutcome, ReportCriteria>("loadReport"),
    loadRuleHits: notProvided<LoadRuleHitsOutcome, RuleHitCriteria>("loadRuleHits"),
    exportReport: notProvided<ExportOutcome, ReportCriteria>("exportReport"),
    exportRuleHits: notProvided<ExportOutcome, RuleHitCriteria>("exportRuleHits"),
  },
  guards: {
    outcomeAccepted,
    hasModels: (_, params: { outcome: LoadModelsOutcome }) =>
      params.outcome.ok && params.outcome.result.models.length > 0,
    /** An accepted report while the rule hits tab is open: their statistics follow. */
    ruleHitsWanted: ({ context }, params: { outcome: LoadReportOutcome }) =>
      params.outcome.ok && context.tab === "ruleHits",
    ruleHitsToLoad: ({ context }, params: { tab: ReportTab }) =>
      params.tab === "ruleHits" && context.report !== null && context.ruleHits === null,
    hasReport: ({ context }) => context.report !== null,
    hasRuleHits: ({ context }) => context.ruleHits !== null,
  },
  actions: {
    recordModels: assign((_, params: { result: { models: DetectionModel[] } }) => ({
      models: params.result.models,
    })),
    chooseUnit: assign(({ context }, params: { unit: ReportUnit }) => ({
      // Another unit's period is no period of this one: back to the default.
      criteria: { ...context.criteria, unit: params.unit, from: "", to: "" },
    })),
    chooseModel: assign(({ context }, params: { modelId: string }) => ({
      criteria: { ...context.criteria, modelId: params.modelId },
    })),
    changePeriod: assign(({ context }, params: { from: string; to: string }) => ({
      criteria: { ...context.criteria, from: params.from, to: params.to },
    })),
    chooseTab: assign((_, params: { tab: ReportTab }) => ({ tab: params.tab })),
    recordReport: assign(({ context }, params: { result: ReportResult }) => {
      const shown = {
        unit: params.result.unit,
        modelId: context.criteria.modelId,
        from: params.result.from,
        to: params.result.to,
      };
      // The form shows the period as resolved, so the next report asks for exactly this one.
      return { report: params.result, shown, criteria: shown, ruleHits: null, errors: [], ruleHitErrors: [] };
    }),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({
      report: null,
      shown: null,
      ruleHits: null,
      errors: params.errors,
      ruleHitErrors: [],
    })),
    recordException: assign((_, params: { error: unknown }) => ({
      report: null,
      shown: null,
      ruleHits: null,
      errors: [internalFailure(params.error)],
      ruleHitErrors: [],
    })),
    recordRuleHits: assign((_, params: { result: RuleHitResult }) => ({
      ruleHits: params.result,
      ruleHitErrors: [],
    })),
    recordRuleHitErrors: assign((_, params: { errors: ErrorItem[] }) => ({
      ruleHits: null,
      ruleHitErrors: params.errors,
    })),
    recordRuleHitException: assign((_, params: { error: unknown }) => ({
      ruleHits: null,
      ruleHitErrors: [internalFailure(params.error)],
    })),
    /** Provided by the app: saves the file in the browser. */
    saveCsv: (_, _params: { file: ReportCsvFile }) => {},
  },
});

const callStep = callSteps(reportSetup);

export const reportMachine = reportSetup.createMachine({
  id: "report",
  context: {
    models: [],
    criteria: INITIAL_CRITERIA,
    shown: null,
    report: null,
    ruleHits: null,
    tab: "report",
    errors: [],
    ruleHitErrors: [],
  },
  initial: "idle",
  states: {
    idle: {
      on: { "report.start": "loadingModels" },
    },
    loadingModels: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadModels",
        accepted: [
          { guard: "hasModels", target: "loadingReport", actions: "recordModels" },
          { target: "noModels" },
        ],
        refused: { target: "failed", actions: "recordErrors" },
        exception: { target: "failed", actions: "recordException" },
      }),
    },
    noModels: {},
    loadingReport: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadReport",
        input: ({ context }) => context.criteria,
        accepted: [
          { guard: "ruleHitsWanted", target: "loadingRuleHits", actions: "recordReport" },
          { target: "ready", actions: "recordReport" },
        ],
        // Validation (by field) or another refusal the app has routed: the form stays, with the errors.
        refused: { target: "ready", actions: "recordErrors" },
        exception: { target: "ready", actions: "recordException" },
      }),
    },
    ready: {
      on: {
        "unit.choose": {
          actions: { type: "chooseUnit", params: ({ event }) => ({ unit: event.unit }) },
        },
        "model.choose": {
          actions: { type: "chooseModel", params: ({ event }) => ({ modelId: event.modelId }) },
        },
        "period.change": {
          actions: {
            type: "changePeriod",
            params: ({ event }) => ({ from: event.from, to: event.to }),
          },
        },
        "report.submit": "loadingReport",
        "tab.choose": [
          {
            guard: { type: "ruleHitsToLoad", params: ({ event }) => ({ tab: event.tab }) },
            target: "loadingRuleHits",
            actions: { type: "chooseTab", params: ({ event }) => ({ tab: event.tab }) },
          },
          { actions: { type: "chooseTab", params: ({ event }) => ({ tab: event.tab }) } },
        ],
        "csv.export": { guard: "hasReport", target: "exportingReport" },
        "ruleHits.export": { guard: "hasRuleHits", target: "exportingRuleHits" },
      },
    },
    loadingRuleHits: {
      tags: ["busy"],
      on: {
        // The report tab can be looked at while the rule hits load.
        "tab.choose": { actions: { type: "chooseTab", params: ({ event }) => ({ tab: event.tab }) } },
      },
      invoke: callStep({
        src: "loadRuleHits",
        input: ({ context }) => ruleHitCriteria(context),
        accepted: { target: "ready", actions: "recordRuleHits" },
        refused: { target: "ready", actions: "recordRuleHitErrors" },
        exception: { target: "ready", actions: "recordRuleHitException" },
      }),
    },
    exportingReport: {
      tags: ["busy"],
      invoke: callStep({
        src: "exportReport",
        input: ({ context }) => context.shown ?? context.criteria,
        accepted: {
          target: "ready",
          actions: { type: "saveCsv", params: ({ event }) => ({ file: acceptedResult(event.output) }) },
        },
        // A refusal or a failure (the app shows and routes it) saves nothing and keeps the report.
        refused: { target: "ready" },
        exception: { target: "ready" },
      }),
    },
    exportingRuleHits: {
      tags: ["busy"],
      invoke: callStep({
        src: "exportRuleHits",
        input: ({ context }) => ruleHitCriteria(context),
        accepted: {
          target: "ready",
          actions: { type: "saveCsv", params: ({ event }) => ({ file: acceptedResult(event.output) }) },
        },
        refused: { target: "ready" },
        exception: { target: "ready" },
      }),
    },
    failed: {
      on: { "report.start": "loadingModels" },
    },
  },
});
