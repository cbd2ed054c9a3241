import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  auditLogMachine,
  type ExportCsvInput,
  type ExportCsvOutcome,
  type LoadOperatorsOutcome,
  type LoadPageInput,
  type LoadPageOutcome,
  NO_FILTER,
} from "../../../machines/admin/auditLogMachine.ts";
import type { AuditLogCsvFile } from "../../../src/contract/auditLog.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { settle } from "../support/settle.ts";
import {
  byAdmin,
  callThrew,
  csvMade,
  csvTooMany,
  demoOperators,
  lastPage,
  NEXT_CURSOR,
  operatorsLoaded,
  operatorsRefused,
  pageRefused,
  pageWithNext,
} from "../walks/auditLogWalk.ts";

interface Fakes {
  operators?: () => Promise<LoadOperatorsOutcome>;
  page?: (input: LoadPageInput) => Promise<LoadPageOutcome>;
  csv?: (input: ExportCsvInput) => Promise<ExportCsvOutcome>;
}

function startLog(fakes: Fakes = {}) {
  const pages: LoadPageInput[] = [];
  const exports: ExportCsvInput[] = [];
  const saved: AuditLogCsvFile[] = [];
  const machine = auditLogMachine.provide({
    actors: {
      loadOperators: fromPromise(() => (fakes.operators ?? (async () => operatorsLoaded))()),
      loadPage: fromPromise<LoadPageOutcome, LoadPageInput>(({ input }) => {
        pages.push(input);
        return (fakes.page ?? (async () => pageWithNext))(input);
      }),
      exportCsv: fromPromise<ExportCsvOutcome, ExportCsvInput>(({ input }) => {
        exports.push(input);
        return (fakes.csv ?? (async () => csvMade))(input);
      }),
    },
    actions: { saveCsv: (_, params) => saved.push(params.file) },
  });
  return { actor: createActor(machine).start(), pages, exports, saved };
}

async function opened(fakes: Fakes = {}) {
  const started = startLog(fakes);
  started.actor.send({ type: "list.load" });
  await settle();
  await settle();
  return started;
}

describe("auditLogMachine", () => {
  it("loads the operators, then the newest page without a filter, busy meanwhile", async () => {
    const { actor, pages } = startLog();
    actor.send({ type: "list.load" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe("showing");
    expect(actor.getSnapshot().context.operators).toEqual(demoOperators);
    expect(pages).toEqual([{ filter: NO_FILTER, after: null }]);
  });

  it("still reads the rows when the operators cannot be read", async () => {
    const { actor } = await opened({ operators: async () => operatorsRefused });
    expect(actor.getSnapshot().value).toBe("showing");
    expect(actor.getSnapshot().context.operators).toEqual([]);
  });

  it("pages forwards by the cursor and back to the cursor it came from", async () => {
    const { actor, pages } = await opened({
      page: async (input) => (input.after === NEXT_CURSOR ? lastPage : pageWithNext),
    });
    actor.send({ type: "page.next" });
    await settle();
    expect(actor.getSnapshot().context.page).toEqual(lastPage.ok ? lastPage.result : null);
    // The last page has no next one.
    expect(actor.getSnapshot().can({ type: "page.next" })).toBe(false);
    expect(actor.getSnapshot().can({ type: "page.previous" })).toBe(true);
    actor.send({ type: "page.previous" });
    await settle();
    expect(actor.getSnapshot().can({ type: "page.previous" })).toBe(false);
    expect(pages.map((page) => page.after)).toEqual([null, NEXT_CURSOR, null]);
  });

  it("reads a filter applied from its first page, and drops the answer of the filter before", async () => {
    const answers: ((outcome: LoadPageOutcome) => void)[] = [];
    const { actor, pages } = startLog({ page: () => new Promise((resolve) => answers.push(resolve)) });
    actor.send({ type: "list.load" });
    await settle();
    actor.send(byAdmin);
    answers[0]?.(pageWithNext);
    await settle();
    expect(actor.getSnapshot().value).toBe("loading");
    answers[1]?.(lastPage);
    await settle();
    expect(actor.getSnapshot().context.page).toEqual(lastPage.ok ? lastPage.result : null);
    expect(pages.at(-1)).toEqual({ filter: byAdmin.filter, after: null });
  });

  it("fails the list on a refused filter, with its errors, and reads again on a new one", async () => {
    let refuse = true;
    const { actor } = await opened({ page: async () => (refuse ? pageRefused : lastPage) });
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.errors.map((error) => error.code)).toEqual([ERROR.validation]);
    refuse = false;
    actor.send(byAdmin);
    await settle();
    expect(actor.getSnapshot().value).toBe("showing");
    expect(actor.getSnapshot().context.errors).toEqual([]);
  });

  it("retries the same page after a failure of the call", async () => {
    let attempt = 0;
    const { actor, pages } = await opened({
      page: async () => {
        attempt += 1;
        if (attempt === 1) throw callThrew;
        return pageWithNext;
      },
    });
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    actor.send({ type: "list.load" });
    await settle();
    expect(actor.getSnapshot().value).toBe("showing");
    expect(pages).toHaveLength(2);
  });

  it("exports the applied filter in the chosen encoding and saves the file", async () => {
    const { actor, exports, saved } = await opened();
    actor.send(byAdmin);
    await settle();
    actor.send({ type: "csv.export", encoding: "cp932" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    expect(exports).toEqual([{ filter: byAdmin.filter, encoding: "cp932" }]);
    expect(saved).toEqual([csvMade.ok ? csvMade.result : null]);
    expect(actor.getSnapshot().value).toBe("showing");
  });

  it("keeps the page and saves nothing when an export is refused or fails", async () => {
    for (const csv of [
      async () => csvTooMany,
      async (): Promise<ExportCsvOutcome> => Promise.reject(callThrew),
    ]) {
      const { actor, saved } = await opened({ csv });
      actor.send({ type: "csv.export", encoding: "utf8" });
      await settle();
      expect(actor.getSnapshot().value).toBe("showing");
      expect(actor.getSnapshot().context.page).toEqual(pageWithNext.ok ? pageWithNext.result : null);
      expect(saved).toEqual([]);
    }
  });
});
