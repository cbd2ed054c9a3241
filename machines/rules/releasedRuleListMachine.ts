import { assign, setup } from "xstate";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import { ERROR } from "../../src/contract/errors.ts";
import type { DetectionModel, ReleasedRuleCsv, ReleasedRuleRow } from "../../src/contract/releasedRules.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import { acceptedResult, type CallOutcome, hasCode } from "../shared/outcome.ts";

export interface ReleasedRuleList {
  modelId: string;
  /** The release shown, which the CSV names (another one in force since: 015). */
  releaseId: string;
  startsAt: string;
  rules: ReleasedRuleRow[];
}

export interface ReleasedRuleListContext {
  models: DetectionModel[];
  /** The chosen detection model; the first one once the models are loaded. */
  modelId: string | null;
  /** The rules in force for the chosen model; null while none are known (676, loading, failure). */
  list: ReleasedRuleList | null;
  /**
   * Why no rules are shown: 676 (the model has no release in force, `noRules`), or the refusal or
   * failure that stopped the list (`failed`; the app has routed a refusal as spec section 8 says).
   */
  errors: ErrorItem[];
}

export type ReleasedRuleListEvent =
  | { type: "list.load" }
  | { type: "model.choose"; modelId: string }
  | { type: "csv.export" };

export type LoadModelsOutcome = CallOutcome<{ models: DetectionModel[] }>;
export type LoadRulesOutcome = CallOutcome<ReleasedRuleList>;
export type ExportCsvOutcome = CallOutcome<ReleasedRuleCsv>;
/** The model and the release the list shows: the file is that release's, or refused. */
export interface ExportCsvInput {
  modelId: string;
  releaseId: string;
}

/**
 * Released rule list (spec section 2): loads the tenant's detection models, then the rules in force
 * for the chosen one; choosing another model (even while one is loading) loads its rules; CSV output
 * asks the server for the file and hands it to the app's `saveCsv` (the browser download). Only 676
 * means "no rules": any other refusal is not data, so the list is `failed` (a refused load) or stays as
 * it was (a refused export keeps the table); the app shows and routes those refusals.
 */
const releasedRuleListSetup = setup({
  types: {
    context: {} as ReleasedRuleListContext,
    events: {} as ReleasedRuleListEvent,
  },
  actors: {
    loadModels: notProvided<LoadModelsOutcome>("loadModels"),
    loadRules: notProvided<LoadRulesOutcome, { modelId: string }>("loadRules"),
    exportCsv: notProvided<ExportCsvOutcome, ExportCsvInput>("exportCsv"),
  },
  guards: {
    outcomeAccepted,
    hasModels: (_, params: { outcome: LoadModelsOutcome }) =>
      params.outcome.ok && params.outcome.result.models.length > 0,
    /** 015: another release is in force than the one the list shows. */
    releaseChanged: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, ERROR.conflict),
    /** 676: the model has no release in force (any more). */
    noRelease: (_, params: { errors: ErrorItem[] }) => hasCode(params.errors, ERROR.noDataFound),
  },
  actions: {
    recordModels: assign((_, params: { result: { models: DetectionModel[] } }) => ({
      models: params.result.models,
      modelId: params.result.models[0]?.modelId ?? null,
      list: null,
      errors: [],
    })),
    chooseModel: assign((_, params: { modelId: string }) => ({
      modelId: params.modelId,
      list: null,
      errors: [],
    })),
    recordList: assign((_, params: { result: ReleasedRuleList }) => ({ list: params.result, errors: [] })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ list: null, errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({
      list: null,
      errors: [internalFailure(params.error)],
    })),
    /** Provided by the app: says the list is being reloaded as another release is in force (015). */
    announceReleaseChanged: () => {},
    /** Provided by the app: saves the file in the browser. */
    saveCsv: (_, _params: { file: ReleasedRuleCsv }) => {},
  },
});

const callStep = callSteps(releasedRuleListSetup);

export const releasedRuleListMachine = releasedRuleListSetup.createMachine({
  id: "releasedRuleList",
  context: { models: [], modelId: null, list: null, errors: [] },
  initial: "idle",
  states: {
    idle: {
      on: { "list.load": "loadingModels" },
    },
    loadingModels: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadModels",
        accepted: [
          { guard: "hasModels", target: "loadingRules", actions: "recordModels" },
          { target: "noModels", actions: { type: "recordModels", params: { result: { models: [] } } } },
        ],
        refused: { target: "failed", actions: "recordErrors" },
        exception: { target: "failed", actions: "recordException" },
      }),
    },
    noModels: {
      on: { "list.load": "loadingModels" },
    },
    loadingRules: {
      tags: ["busy"],
      on: {
        // Another model chosen before the answer came: that answer no longer matters.
        "model.choose": {
          target: "loadingRules",
          reenter: true,
          actions: { type: "chooseModel", params: ({ event }) => ({ modelId: event.modelId }) },
        },
      },
      invoke: callStep({
        src: "loadRules",
        input: ({ context }) => ({ modelId: context.modelId ?? "" }),
        accepted: { target: "showing", actions: "recordList" },
        refused: [
          { guard: "noRelease", target: "noRules", actions: "recordErrors" },
          // Not "no data" (962, 964, ...): the app has routed it; the list is not shown.
          { target: "failed", actions: "recordErrors" },
        ],
        exception: { target: "failed", actions: "recordException" },
      }),
    },
    showing: {
      on: {
        "model.choose": {
          target: "loadingRules",
          actions: { type: "chooseModel", params: ({ event }) => ({ modelId: event.modelId }) },
        },
        "csv.export": "exporting",
      },
    },
    noRules: {
      on: {
        "model.choose": {
          target: "loadingRules",
          actions: { type: "chooseModel", params: ({ event }) => ({ modelId: event.modelId }) },
        },
      },
    },
    exporting: {
      tags: ["busy"],
      invoke: callStep({
        src: "exportCsv",
        input: ({ context }) => ({
          modelId: context.modelId ?? "",
          releaseId: context.list?.releaseId ?? "",
        }),
        accepted: {
          target: "showing",
          actions: { type: "saveCsv", params: ({ event }) => ({ file: acceptedResult(event.output) }) },
        },
        refused: [
          // Another release started since the list was shown (015): no file of it under the shown one's
          // name; the list reloads to show the release in force.
          { guard: "releaseChanged", target: "loadingRules", actions: "announceReleaseChanged" },
          // The release went away since the list was shown (676): the list reloads and says so.
          { guard: "noRelease", target: "loadingRules" },
          // Any other refusal (shown and routed by the app) saves nothing and keeps the table.
          { target: "showing" },
        ],
        // A failure of the call (the app shows 697) keeps the table too.
        exception: { target: "showing" },
      }),
    },
    failed: {
      on: { "list.load": "loadingModels" },
    },
  },
});
