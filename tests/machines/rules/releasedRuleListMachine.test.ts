import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  type ExportCsvInput,
  type ExportCsvOutcome,
  type LoadModelsOutcome,
  type LoadRulesOutcome,
  releasedRuleListMachine,
} from "../../../machines/rules/releasedRuleListMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { ReleasedRuleCsv } from "../../../src/contract/releasedRules.ts";
import { settle } from "../support/settle.ts";
import {
  callThrew,
  csvForbidden,
  csvMade,
  csvRefused,
  csvReleaseChanged,
  demoList,
  demoModels,
  modelsLoaded,
  noModelsLoaded,
  noRelease,
  rulesForbidden,
  rulesLoaded,
} from "../walks/releasedRuleListWalk.ts";

interface Fakes {
  models?: () => Promise<LoadModelsOutcome>;
  rules?: (modelId: string) => Promise<LoadRulesOutcome>;
  csv?: (input: ExportCsvInput) => Promise<ExportCsvOutcome>;
}

function startList(fakes: Fakes = {}) {
  const calls: string[] = [];
  const saved: ReleasedRuleCsv[] = [];
  const machine = releasedRuleListMachine.provide({
    actors: {
      loadModels: fromPromise(() => {
        calls.push("models");
        return (fakes.models ?? (async () => modelsLoaded))();
      }),
      loadRules: fromPromise<LoadRulesOutcome, { modelId: string }>(({ input }) => {
        calls.push(`rules ${input.modelId}`);
        return (fakes.rules ?? (async () => rulesLoaded))(input.modelId);
      }),
      exportCsv: fromPromise<ExportCsvOutcome, ExportCsvInput>(({ input }) => {
        calls.push(`csv ${input.modelId} ${input.releaseId}`);
        return (fakes.csv ?? (async () => csvMade))(input);
      }),
    },
    actions: {
      saveCsv: (_, params) => saved.push(params.file),
      announceReleaseChanged: () => calls.push("announce release changed"),
    },
  });
  return { actor: createActor(machine).start(), calls, saved };
}

describe("releasedRuleListMachine", () => {
  it("loads the models, then the first model's rules, busy meanwhile", async () => {
    const { actor, calls } = startList();
    actor.send({ type: "list.load" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe("showing");
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(actor.getSnapshot().context).toEqual({
      models: demoModels,
      modelId: "MODEL01",
      list: demoList,
      errors: [],
    });
    expect(calls).toEqual(["models", "rules MODEL01"]);
  });

  it("shows 676 for a model without a release, and loads the next model chosen", async () => {
    const { actor, calls } = startList({
      rules: async (modelId) => (modelId === "MODEL01" ? noRelease : rulesLoaded),
    });
    actor.send({ type: "list.load" });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe("noRules");
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.noDataFound]);
    actor.send({ type: "model.choose", modelId: "MODEL02" });
    await settle();
    expect(actor.getSnapshot().value).toBe("showing");
    expect(actor.getSnapshot().context.modelId).toBe("MODEL02");
    expect(calls).toEqual(["models", "rules MODEL01", "rules MODEL02"]);
  });

  it("never takes a refusal other than 676 for a model without rules", async () => {
    const { actor } = startList({ rules: async () => rulesForbidden });
    actor.send({ type: "list.load" });
    await settle();
    await settle();
    // Failed (the app has routed 962 to the system error page), not "No relevant data found".
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().matches("noRules")).toBe(false);
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.forbidden]);
    expect(actor.getSnapshot().context.list).toBeNull();
  });

  it("keeps the table when an export is refused or fails, and saves nothing", async () => {
    for (const csv of [
      async () => csvForbidden,
      async (): Promise<ExportCsvOutcome> => Promise.reject(callThrew),
    ]) {
      const { actor, calls, saved } = startList({ csv });
      actor.send({ type: "list.load" });
      await settle();
      await settle();
      actor.send({ type: "csv.export" });
      await settle();
      expect(actor.getSnapshot().value).toBe("showing");
      expect(actor.getSnapshot().context.list).toEqual(demoList);
      expect(actor.getSnapshot().can({ type: "csv.export" })).toBe(true);
      expect(saved).toEqual([]);
      expect(calls).toEqual(["models", "rules MODEL01", "csv MODEL01 R0001"]);
    }
  });

  it("reloads the list when an export finds the release gone (676)", async () => {
    let release = true;
    const { actor, calls, saved } = startList({
      rules: async () => (release ? rulesLoaded : noRelease),
      csv: async () => csvRefused,
    });
    actor.send({ type: "list.load" });
    await settle();
    await settle();
    release = false;
    actor.send({ type: "csv.export" });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe("noRules");
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.noDataFound]);
    expect(saved).toEqual([]);
    expect(calls).toEqual(["models", "rules MODEL01", "csv MODEL01 R0001", "rules MODEL01"]);
  });

  it("says 015 and reloads the list when another release is in force than the one shown", async () => {
    const newer = { ...demoList, releaseId: "R0002", startsAt: "2026-02-01T00:00:00.000Z" };
    let loads = 0;
    const { actor, calls, saved } = startList({
      rules: async () => ({ ok: true, result: ++loads === 1 ? demoList : newer, messages: [] }),
      csv: async (input) => (input.releaseId === "R0002" ? csvMade : csvReleaseChanged),
    });
    actor.send({ type: "list.load" });
    await settle();
    await settle();
    actor.send({ type: "csv.export" });
    await settle();
    await settle();
    expect(saved).toEqual([]);
    expect(actor.getSnapshot().value).toBe("showing");
    expect(actor.getSnapshot().context.list).toEqual(newer);
    // The next export names the release now shown.
    actor.send({ type: "csv.export" });
    await settle();
    expect(saved).toHaveLength(1);
    expect(calls).toEqual([
      "models",
      "rules MODEL01",
      "csv MODEL01 R0001",
      "announce release changed",
      "rules MODEL01",
      "csv MODEL01 R0002",
    ]);
  });

  it("drops the answer for a model no longer chosen", async () => {
    const answers: ((outcome: LoadRulesOutcome) => void)[] = [];
    const { actor, calls } = startList({
      rules: () => new Promise((resolve) => answers.push(resolve)),
    });
    actor.send({ type: "list.load" });
    await settle();
    actor.send({ type: "model.choose", modelId: "MODEL02" });
    answers[0]?.(rulesLoaded);
    await settle();
    expect(actor.getSnapshot().value).toBe("loadingRules");
    answers[1]?.({ ok: true, result: { ...demoList, modelId: "MODEL02" }, messages: [] });
    await settle();
    expect(actor.getSnapshot().context.list?.modelId).toBe("MODEL02");
    expect(calls).toEqual(["models", "rules MODEL01", "rules MODEL02"]);
  });

  it("saves the CSV of the chosen model", async () => {
    const { actor, calls, saved } = startList();
    actor.send({ type: "list.load" });
    await settle();
    await settle();
    actor.send({ type: "csv.export" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe("showing");
    expect(saved).toEqual([csvMade.ok ? csvMade.result : null]);
    // The file asked for is the shown release's.
    expect(calls.at(-1)).toBe("csv MODEL01 R0001");
  });

  it("tells a tenant without models apart from a failure, and retries", async () => {
    const { actor } = startList({ models: async () => noModelsLoaded });
    actor.send({ type: "list.load" });
    await settle();
    expect(actor.getSnapshot().value).toBe("noModels");

    let attempt = 0;
    const failing = startList({
      models: async () => {
        attempt += 1;
        if (attempt === 1) throw callThrew;
        return modelsLoaded;
      },
    });
    failing.actor.send({ type: "list.load" });
    await settle();
    expect(failing.actor.getSnapshot().value).toBe("failed");
    expect(failing.actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    failing.actor.send({ type: "list.load" });
    await settle();
    await settle();
    expect(failing.actor.getSnapshot().value).toBe("showing");
  });
});
