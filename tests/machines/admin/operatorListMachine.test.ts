import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  type DeleteOperatorsOutcome,
  type LoadOperatorsInput,
  type LoadOperatorsOutcome,
  lastPage,
  operatorListMachine,
} from "../../../machines/admin/operatorListMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { settle } from "../support/settle.ts";
import { deleted, firstPage, lastAdministrator, pageLoaded } from "../walks/operatorListWalk.ts";

function startList(
  fakes: { load?: LoadOperatorsOutcome[]; confirmed?: boolean; remove?: DeleteOperatorsOutcome[] } = {},
) {
  const loads: LoadOperatorsInput[] = [];
  const deletes: number[][] = [];
  const answers = [...(fakes.load ?? [])];
  const removals = [...(fakes.remove ?? [deleted])];
  const machine = operatorListMachine.provide({
    actors: {
      loadOperators: fromPromise(async ({ input }: { input: LoadOperatorsInput }) => {
        loads.push(input);
        return answers.shift() ?? pageLoaded;
      }),
      confirmDelete: fromPromise(async () => fakes.confirmed ?? true),
      deleteOperators: fromPromise(async ({ input }: { input: { operatorIds: number[] } }) => {
        deletes.push(input.operatorIds);
        return removals.shift() ?? deleted;
      }),
    },
  });
  const actor = createActor(machine).start();
  actor.send({ type: "list.load" });
  return { actor, loads, deletes };
}

describe("lastPage", () => {
  it("counts whole pages, at least one", () => {
    expect([lastPage(0, 50), lastPage(50, 50), lastPage(51, 50), lastPage(60, 200)]).toEqual([1, 1, 2, 1]);
  });
});

describe("operatorListMachine", () => {
  it("loads 200 a page by default; the page size starts again at page 1; only existing pages are asked", async () => {
    const { actor, loads } = startList();
    await settle();
    actor.send({ type: "page.go", page: 2 });
    expect(actor.getSnapshot().value).toBe("browsing");
    actor.send({ type: "pageSize.change", pageSize: 50 });
    await settle();
    actor.send({ type: "page.go", page: 2 });
    await settle();
    actor.send({ type: "page.go", page: 3 });
    actor.send({ type: "page.go", page: 2 });
    expect(actor.getSnapshot().value).toBe("browsing");
    expect(loads.map(({ pageSize, page }) => [pageSize, page])).toEqual([
      [200, 1],
      [50, 1],
      [50, 2],
    ]);
  });

  it("a search starts at page 1 with its filter and drops the ticks", async () => {
    const { actor, loads } = startList();
    await settle();
    actor.send({ type: "pageSize.change", pageSize: 50 });
    await settle();
    actor.send({ type: "page.go", page: 2 });
    await settle();
    actor.send({ type: "row.toggle", operatorId: 3 });
    actor.send({ type: "search.submit", filter: { name: "田中", email: "", roleId: "viewer" } });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    await settle();
    expect(loads.at(-1)).toEqual({ name: "田中", email: "", roleId: "viewer", pageSize: 50, page: 1 });
  });

  it("ticks and unticks rows across pages, selects all search results, deselects", async () => {
    const { actor } = startList();
    await settle();
    actor.send({ type: "row.toggle", operatorId: 3 });
    actor.send({ type: "row.toggle", operatorId: 5 });
    actor.send({ type: "row.toggle", operatorId: 3 });
    expect(actor.getSnapshot().context.selected).toEqual([5]);
    actor.send({ type: "all.select" });
    expect(actor.getSnapshot().context.selected).toEqual(firstPage.matchingIds);
    actor.send({ type: "selection.clear" });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it("deletes the selected after Yes, then loads page 1 again without ticks", async () => {
    const { actor, deletes, loads } = startList();
    await settle();
    actor.send({ type: "row.toggle", operatorId: 5 });
    actor.send({ type: "row.toggle", operatorId: 55 });
    actor.send({ type: "delete.request" });
    await settle();
    await settle();
    await settle();
    expect(deletes).toEqual([[5, 55]]);
    expect(actor.getSnapshot().value).toBe("browsing");
    expect(actor.getSnapshot().context.selected).toEqual([]);
    expect(loads).toHaveLength(2);
  });

  it("never deletes on No or with nothing ticked; a refusal keeps the ticks and says why", async () => {
    const no = startList({ confirmed: false });
    await settle();
    no.actor.send({ type: "delete.request" });
    expect(no.actor.getSnapshot().value).toBe("browsing");
    no.actor.send({ type: "row.toggle", operatorId: 1 });
    no.actor.send({ type: "delete.request" });
    await settle();
    expect(no.deletes).toEqual([]);
    expect(no.actor.getSnapshot().context.selected).toEqual([1]);

    const refused = startList({ remove: [lastAdministrator] });
    await settle();
    refused.actor.send({ type: "all.select" });
    refused.actor.send({ type: "delete.request" });
    await settle();
    await settle();
    expect(refused.actor.getSnapshot().value).toBe("browsing");
    expect(refused.actor.getSnapshot().context.selected).toHaveLength(60);
    expect(refused.actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.lastAdministrator]);
  });

  it("drops ticks of operators no longer in the search when the list comes back", async () => {
    const fewer = { ...firstPage, count: 1, operators: firstPage.operators.slice(0, 1), matchingIds: [1] };
    const { actor } = startList({ load: [pageLoaded, { ok: true, result: fewer, messages: [] }] });
    await settle();
    actor.send({ type: "row.toggle", operatorId: 1 });
    actor.send({ type: "row.toggle", operatorId: 2 });
    actor.send({ type: "pageSize.change", pageSize: 100 });
    await settle();
    expect(actor.getSnapshot().context.selected).toEqual([1]);
  });
});
