import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import { type NegativeAddForm, negativeAddMachine } from "../../../machines/lists/negativeAddMachine.ts";
import { negativeDetailMachine } from "../../../machines/lists/negativeDetailMachine.ts";
import {
  type CsvInput,
  type DeleteInput,
  type LoadPageInput,
  type LoadPageOutcome,
  negativeListMachine,
} from "../../../machines/lists/negativeListMachine.ts";
import { settle } from "../support/settle.ts";
import { added, lineRefused } from "../walks/negativeAddWalk.ts";
import { deleteGone, detailLoaded } from "../walks/negativeDetailWalk.ts";
import {
  csvMade,
  deleted,
  firstPage,
  lastPageLoaded,
  nothingFound,
  pageLoaded,
} from "../walks/negativeListWalk.ts";

function startList(pages: (input: LoadPageInput) => LoadPageOutcome, confirmed = true) {
  const calls: unknown[] = [];
  const saved: string[] = [];
  const machine = negativeListMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }: { input: LoadPageInput }) => {
        calls.push({ page: input });
        return pages(input);
      }),
      confirmDelete: fromPromise(async () => confirmed),
      deleteEntries: fromPromise(async ({ input }: { input: DeleteInput }) => {
        calls.push({ delete: input.selection });
        return deleted;
      }),
      confirmCsv: fromPromise(async () => confirmed),
      exportCsv: fromPromise(async ({ input }: { input: CsvInput }) => {
        calls.push({ csv: input.encoding });
        return csvMade;
      }),
    },
    actions: { saveCsv: (_, params) => saved.push(params.file.fileName) },
  });
  return { actor: createActor(machine).start(), calls, saved };
}

const search = { item: "tel", values: "09012345678" } as const;

describe("negativeListMachine", () => {
  it("pages forward by the page's keyset position and back to the one before", async () => {
    const { actor, calls } = startList((input) => (input.after === null ? pageLoaded : lastPageLoaded));
    actor.send({ type: "search.submit", search });
    await settle();
    expect(actor.getSnapshot().can({ type: "page.previous" })).toBe(false);
    actor.send({ type: "page.next" });
    await settle();
    expect(actor.getSnapshot().context.page?.next).toBeNull();
    expect(actor.getSnapshot().can({ type: "page.next" })).toBe(false);
    actor.send({ type: "page.previous" });
    await settle();
    expect(calls.map((call) => (call as { page: LoadPageInput }).page.after)).toEqual([
      null,
      firstPage.next,
      null,
    ]);
    actor.send({ type: "pageSize.change", pageSize: 50 });
    await settle();
    expect((calls.at(-1) as { page: LoadPageInput }).page).toEqual({ search, pageSize: 50, after: null });
  });

  it("deletes the ticked rows or every result, only once confirmed, then shows the first page", async () => {
    const { actor, calls } = startList(() => pageLoaded);
    actor.send({ type: "search.submit", search });
    await settle();
    expect(actor.getSnapshot().can({ type: "delete.request" })).toBe(false);
    actor.send({ type: "row.toggle", negativeId: "101" });
    actor.send({ type: "delete.request" });
    await settle();
    await settle();
    actor.send({ type: "selection.all" });
    actor.send({ type: "delete.request" });
    await settle();
    await settle();
    expect(calls.filter((call) => "delete" in (call as object))).toEqual([
      { delete: { kind: "ids", ids: ["101"] } },
      { delete: { kind: "all" } },
    ]);
    expect(actor.getSnapshot().context.selection).toEqual({ kind: "ids", ids: [] });
    expect(actor.getSnapshot().value).toBe("showing");

    const declined = startList(() => pageLoaded, false);
    declined.actor.send({ type: "search.submit", search });
    await settle();
    declined.actor.send({ type: "selection.all" });
    declined.actor.send({ type: "delete.request" });
    await settle();
    expect(declined.calls.some((call) => "delete" in (call as object))).toBe(false);
    expect(declined.actor.getSnapshot().context.selection).toEqual({ kind: "all" });
  });

  it("writes the CSV in the chosen encoding after the confirmation; a search without results is empty", async () => {
    const { actor, calls, saved } = startList(() => pageLoaded);
    actor.send({ type: "search.submit", search });
    await settle();
    actor.send({ type: "csv.request", encoding: "cp932" });
    await settle();
    await settle();
    expect(calls.at(-1)).toEqual({ csv: "cp932" });
    expect(saved).toEqual(["negativeList_202611301000.csv"]);

    const none = startList(() => nothingFound);
    none.actor.send({ type: "search.submit", search });
    await settle();
    expect(none.actor.getSnapshot().value).toBe("empty");
    expect(none.actor.getSnapshot().can({ type: "csv.request", encoding: "utf8" })).toBe(false);
  });
});

describe("negativeAddMachine", () => {
  it("empties the values once registered, and keeps the form with every bad line refused", async () => {
    const answers = [lineRefused, added];
    const sent: NegativeAddForm[] = [];
    const actor = createActor(
      negativeAddMachine.provide({
        actors: {
          confirmAdd: fromPromise(async () => true),
          addEntries: fromPromise(async ({ input }: { input: NegativeAddForm }) => {
            sent.push(input);
            return answers.shift() ?? added;
          }),
        },
      }),
    ).start();
    actor.send({ type: "field.change", field: "item", value: "tel" });
    actor.send({ type: "field.change", field: "values", value: "0312345678\nabc" });
    actor.send({ type: "form.submit" });
    await settle();
    await settle();
    expect(actor.getSnapshot().context.errors).toHaveLength(2);
    expect(actor.getSnapshot().context.form.values).toBe("0312345678\nabc");
    actor.send({ type: "form.submit" });
    await settle();
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({
      errors: [],
      added: 1,
      form: { item: "tel", values: "" },
    });
    expect(sent[0]?.item).toBe("tel");
  });
});

describe("negativeDetailMachine", () => {
  it("says the entry is gone when a delete finds it gone", async () => {
    const back: string[] = [];
    const actor = createActor(
      negativeDetailMachine.provide({
        actors: {
          loadDetail: fromPromise(async () => detailLoaded),
          confirmDelete: fromPromise(async () => true),
          deleteEntry: fromPromise(async () => deleteGone),
        },
        actions: { backToList: () => back.push("back") },
      }),
      { input: { negativeId: "101" } },
    ).start();
    actor.send({ type: "detail.load" });
    await settle();
    actor.send({ type: "delete.request" });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe("notFound");
    expect(back).toEqual([]);
  });
});
