import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  type ExportOutcome,
  type LoadModelsOutcome,
  type LoadReportOutcome,
  type LoadRuleHitsOutcome,
  type ReportCriteria,
  reportMachine,
} from "../../../machines/report/reportMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { ReportCsvFile } from "../../../src/contract/report.ts";
import { settle } from "../support/settle.ts";
import {
  callThrew,
  csvMade,
  csvRefused,
  demoReport,
  demoRuleHits,
  modelsLoaded,
  noModelsLoaded,
  reportInvalid,
  reportLoaded,
  ruleHitsLoaded,
} from "../walks/reportWalk.ts";

interface Fakes {
  models?: () => Promise<LoadModelsOutcome>;
  report?: (criteria: ReportCriteria) => Promise<LoadReportOutcome>;
  ruleHits?: (criteria: ReportCriteria) => Promise<LoadRuleHitsOutcome>;
  csv?: () => Promise<ExportOutcome>;
}

const asked = (kind: string, c: ReportCriteria) => `${kind} ${c.unit} ${c.modelId || "*"} ${c.from}..${c.to}`;

function startReport(fakes: Fakes = {}) {
  const calls: string[] = [];
  const saved: ReportCsvFile[] = [];
  const machine = reportMachine.provide({
    actors: {
      loadModels: fromPromise(() => {
        calls.push("models");
        return (fakes.models ?? (async () => modelsLoaded))();
      }),
      loadReport: fromPromise<LoadReportOutcome, ReportCriteria>(({ input }) => {
        calls.push(asked("report", input));
        return (fakes.report ?? (async () => reportLoaded))(input);
      }),
      loadRuleHits: fromPromise<LoadRuleHitsOutcome, ReportCriteria>(({ input }) => {
        calls.push(asked("ruleHits", input));
        return (fakes.ruleHits ?? (async () => ruleHitsLoaded))(input);
      }),
      exportReport: fromPromise<ExportOutcome, ReportCriteria>(({ input }) => {
        calls.push(asked("reportCsv", input));
        return (fakes.csv ?? (async () => csvMade))();
      }),
      exportRuleHits: fromPromise<ExportOutcome, ReportCriteria>(({ input }) => {
        calls.push(asked("ruleHitCsv", input));
        return (fakes.csv ?? (async () => csvMade))();
      }),
    },
    actions: { saveCsv: (_, params) => saved.push(params.file) },
  });
  return { actor: createActor(machine).start(), calls, saved };
}

async function started(fakes: Fakes = {}) {
  const run = startReport(fakes);
  run.actor.send({ type: "report.start" });
  await settle();
  await settle();
  return run;
}

describe("reportMachine", () => {
  it("loads the models, then the default report (monthly, each model, default period), busy meanwhile", async () => {
    const { actor, calls } = startReport();
    actor.send({ type: "report.start" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("ready");
    expect(snapshot.hasTag("busy")).toBe(false);
    expect(snapshot.context.report).toEqual(demoReport);
    // The form now shows the period the server resolved.
    expect(snapshot.context.criteria).toEqual({ unit: "month", modelId: "", from: "2025-12", to: "2026-11" });
    expect(calls).toEqual(["models", "report month * .."]);
  });

  it("asks for the criteria chosen; another unit goes back to its default period", async () => {
    const { actor, calls } = await started();
    actor.send({ type: "period.change", from: "2026-01", to: "2026-03" });
    actor.send({ type: "model.choose", modelId: "MODEL02" });
    actor.send({ type: "report.submit" });
    await settle();
    actor.send({ type: "unit.choose", unit: "day" });
    expect(actor.getSnapshot().context.criteria).toEqual({
      unit: "day",
      modelId: "MODEL02",
      from: "",
      to: "",
    });
    actor.send({ type: "report.submit" });
    await settle();
    expect(calls.slice(2)).toEqual(["report month MODEL02 2026-01..2026-03", "report day MODEL02 .."]);
  });

  it("keeps the form with the server's field errors when the period is refused", async () => {
    const { actor } = await started({
      report: async (criteria) => (criteria.from === "2020-01" ? reportInvalid : reportLoaded),
    });
    actor.send({ type: "period.change", from: "2020-01", to: "2026-11" });
    actor.send({ type: "report.submit" });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("ready");
    expect(snapshot.context.report).toBeNull();
    expect(snapshot.context.errors.map((error) => error.field)).toEqual(["telegram.to"]);
    expect(snapshot.context.criteria.from).toBe("2020-01");
    expect(snapshot.can({ type: "csv.export" })).toBe(false);
  });

  it("loads the rule hits of the shown report's period, for the first model when each model is shown", async () => {
    const { actor, calls } = await started();
    actor.send({ type: "tab.choose", tab: "ruleHits" });
    expect(actor.getSnapshot().matches("loadingRuleHits")).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.ruleHits).toEqual(demoRuleHits);
    // Back and forth between the tabs asks once.
    actor.send({ type: "tab.choose", tab: "report" });
    actor.send({ type: "tab.choose", tab: "ruleHits" });
    expect(actor.getSnapshot().value).toBe("ready");
    // An edited but not asked period is not the one the rule hits name.
    actor.send({ type: "period.change", from: "2026-01", to: "2026-02" });
    actor.send({ type: "ruleHits.export" });
    await settle();
    expect(calls.slice(2)).toEqual([
      "ruleHits month MODEL01 2025-12..2026-11",
      "ruleHitCsv month MODEL01 2025-12..2026-11",
    ]);
  });

  it("reloads the rule hits after a new report while their tab is open", async () => {
    const { actor, calls } = await started();
    actor.send({ type: "tab.choose", tab: "ruleHits" });
    await settle();
    actor.send({ type: "model.choose", modelId: "MODEL02" });
    actor.send({ type: "report.submit" });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe("ready");
    expect(calls.slice(2)).toEqual([
      "ruleHits month MODEL01 2025-12..2026-11",
      "report month MODEL02 2025-12..2026-11",
      "ruleHits month MODEL02 2025-12..2026-11",
    ]);
  });

  it("keeps the rule hits' refusal or failure apart from the report", async () => {
    const { actor } = await started({ ruleHits: async () => Promise.reject(callThrew) });
    actor.send({ type: "tab.choose", tab: "ruleHits" });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.report).toEqual(demoReport);
    expect(snapshot.context.ruleHitErrors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    expect(snapshot.can({ type: "ruleHits.export" })).toBe(false);
  });

  it("saves the report's CSV of the shown criteria; a refusal or failure saves nothing and keeps the report", async () => {
    const ok = await started();
    ok.actor.send({ type: "csv.export" });
    expect(ok.actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    expect(ok.saved).toEqual([csvMade.ok ? csvMade.result : null]);
    expect(ok.calls.at(-1)).toBe("reportCsv month * 2025-12..2026-11");
    // Criteria edited but not asked for are not what the table shows: the file is the shown report's.
    ok.actor.send({ type: "model.choose", modelId: "MODEL02" });
    ok.actor.send({ type: "csv.export" });
    await settle();
    expect(ok.calls.at(-1)).toBe("reportCsv month * 2025-12..2026-11");
    for (const csv of [
      async () => csvRefused,
      async (): Promise<ExportOutcome> => Promise.reject(callThrew),
    ]) {
      const { actor, saved } = await started({ csv });
      actor.send({ type: "csv.export" });
      await settle();
      expect(actor.getSnapshot().value).toBe("ready");
      expect(actor.getSnapshot().context.report).toEqual(demoReport);
      expect(saved).toEqual([]);
    }
  });

  it("tells a tenant without models apart from a failure, and retries a failure", async () => {
    const none = await started({ models: async () => noModelsLoaded });
    expect(none.actor.getSnapshot().value).toBe("noModels");
    expect(none.calls).toEqual(["models"]);

    let attempt = 0;
    const failing = await started({
      models: async () => {
        attempt += 1;
        if (attempt === 1) throw callThrew;
        return modelsLoaded;
      },
    });
    expect(failing.actor.getSnapshot().value).toBe("failed");
    failing.actor.send({ type: "report.start" });
    await settle();
    await settle();
    expect(failing.actor.getSnapshot().value).toBe("ready");
  });
});
