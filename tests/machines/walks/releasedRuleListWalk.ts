import {
  type ExportCsvOutcome,
  type LoadModelsOutcome,
  type LoadRulesOutcome,
  type ReleasedRuleList,
  type ReleasedRuleListEvent,
  releasedRuleListMachine,
} from "../../../machines/rules/releasedRuleListMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const demoModels = [
  { modelId: "MODEL01", modelName: "標準モデル" },
  { modelId: "MODEL02", modelName: "高額モデル" },
];

export const demoList = {
  modelId: "MODEL01",
  releaseId: "R0001",
  startsAt: "2026-01-01T00:00:00.000Z",
  rules: [
    {
      groupName: "高額",
      priority: 1,
      judgement: "NG",
      unitNo: 1,
      unitOperator: "AND",
      threshold: "amount > 100,000",
      ruleDescription: "高額決済",
      ruleCode: "AMT_100K",
    },
  ],
} satisfies ReleasedRuleList;

export const modelsLoaded: LoadModelsOutcome = { ok: true, result: { models: demoModels }, messages: [] };
export const noModelsLoaded: LoadModelsOutcome = { ok: true, result: { models: [] }, messages: [] };
export const modelsRefused: LoadModelsOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const rulesLoaded: LoadRulesOutcome = { ok: true, result: demoList, messages: [] };
export const noRelease: LoadRulesOutcome = {
  ok: false,
  errors: [{ code: ERROR.noDataFound, message: "No relevant data found" }],
};
/** Permission withdrawn since the screen opened (962): not "no data". */
export const rulesForbidden: LoadRulesOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const csvMade: ExportCsvOutcome = {
  ok: true,
  result: { fileName: "releasedRuleList_MODEL01_202601010900.csv", content: "\uFEFFGroup name\r\n" },
  messages: [],
};
export const csvRefused: ExportCsvOutcome = {
  ok: false,
  errors: [{ code: ERROR.noDataFound, message: "No relevant data found" }],
};
/** Another release started since the list was shown (015). */
export const csvReleaseChanged: ExportCsvOutcome = {
  ok: false,
  errors: [
    {
      code: ERROR.conflict,
      message: "Another user is updating the same information. Please reload and try again.",
    },
  ],
};
export const csvForbidden: ExportCsvOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const callThrew = new Error("network down");

const load = { type: "list.load" } satisfies ReleasedRuleListEvent;
const chooseSecond = { type: "model.choose", modelId: "MODEL02" } satisfies ReleasedRuleListEvent;
const exportCsv = { type: "csv.export" } satisfies ReleasedRuleListEvent;

export const releasedRuleListWalk = {
  machine: releasedRuleListMachine,
  events: {
    "list.load": [load],
    "model.choose": [chooseSecond],
    "csv.export": [exportCsv],
  },
  outputs: {
    loadModels: [modelsLoaded, noModelsLoaded, modelsRefused],
    loadRules: [rulesLoaded, noRelease, rulesForbidden],
    exportCsv: [csvMade, csvReleaseChanged, csvRefused, csvForbidden],
  },
  failures: {
    loadModels: [callThrew],
    loadRules: [callThrew],
    exportCsv: [callThrew],
  },
  recordedActions: ["saveCsv", "announceReleaseChanged"],
  journeys: [
    {
      description: "the first model's rules are shown and saved as CSV",
      events: [
        load,
        { type: "xstate.done.actor.loadModels", output: modelsLoaded },
        { type: "xstate.done.actor.loadRules", output: rulesLoaded },
        exportCsv,
        { type: "xstate.done.actor.exportCsv", output: csvMade },
      ],
      endState: "showing",
      actions: ["saveCsv"],
    },
    {
      description: "a model without a release shows 676, and choosing another shows its rules",
      events: [
        load,
        { type: "xstate.done.actor.loadModels", output: modelsLoaded },
        { type: "xstate.done.actor.loadRules", output: noRelease },
        chooseSecond,
        { type: "xstate.done.actor.loadRules", output: rulesLoaded },
      ],
      endState: "showing",
    },
    {
      description: "an export refused as the release went away (676) saves nothing and reloads the list",
      events: [
        load,
        { type: "xstate.done.actor.loadModels", output: modelsLoaded },
        { type: "xstate.done.actor.loadRules", output: rulesLoaded },
        exportCsv,
        { type: "xstate.done.actor.exportCsv", output: csvRefused },
        { type: "xstate.done.actor.loadRules", output: noRelease },
      ],
      endState: "noRules",
      actions: [],
    },
    {
      description: "an export of a release no longer in force (015) says so and shows the one in force",
      events: [
        load,
        { type: "xstate.done.actor.loadModels", output: modelsLoaded },
        { type: "xstate.done.actor.loadRules", output: rulesLoaded },
        exportCsv,
        { type: "xstate.done.actor.exportCsv", output: csvReleaseChanged },
        { type: "xstate.done.actor.loadRules", output: rulesLoaded },
      ],
      endState: "showing",
      actions: ["announceReleaseChanged"],
    },
    {
      description: "an export refused otherwise (962) saves nothing and keeps the table",
      events: [
        load,
        { type: "xstate.done.actor.loadModels", output: modelsLoaded },
        { type: "xstate.done.actor.loadRules", output: rulesLoaded },
        exportCsv,
        { type: "xstate.done.actor.exportCsv", output: csvForbidden },
      ],
      endState: "showing",
      actions: [],
    },
    {
      description: "rules refused otherwise than 676 (962) are a failure, not a model without rules",
      events: [
        load,
        { type: "xstate.done.actor.loadModels", output: modelsLoaded },
        { type: "xstate.done.actor.loadRules", output: rulesForbidden },
      ],
      endState: "failed",
    },
  ],
} satisfies MachineWalk<typeof releasedRuleListMachine>;
