import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  type FieldsInput,
  listAddFormMachine,
  type SaveEntriesOutcome,
} from "../../../machines/lists/listAddFormMachine.ts";
import {
  type DeleteRowsInput,
  type DeleteRowsOutcome,
  listSearchMachine,
  type SearchRowsOutcome,
} from "../../../machines/lists/listSearchMachine.ts";
import { settle } from "../support/settle.ts";
import { entriesSaved, fieldsPass, saveRefused, typeMissing } from "../walks/listAddFormWalk.ts";
import {
  deleteRefused,
  noneFound,
  rowsDeleted,
  rowsFound,
  searchIp,
  whiteRows,
} from "../walks/listSearchWalk.ts";

function startSearch(fakes: {
  search?: () => Promise<SearchRowsOutcome>;
  confirm?: boolean;
  remove?: () => Promise<DeleteRowsOutcome>;
}) {
  const calls: string[] = [];
  const machine = listSearchMachine.provide({
    actors: {
      searchRows: fromPromise(({ input }) => {
        calls.push(`search ${JSON.stringify(input.criteria)}`);
        return (fakes.search ?? (async () => rowsFound))();
      }),
      confirmDelete: fromPromise(async ({ input }) => {
        calls.push(`confirm ${input.count}`);
        return fakes.confirm ?? true;
      }),
      deleteRows: fromPromise<DeleteRowsOutcome, DeleteRowsInput>(({ input }) => {
        calls.push(`delete ${input.rows.map((row) => row.cells.value).join(",")}`);
        return (fakes.remove ?? (async () => rowsDeleted))();
      }),
    },
  });
  return { actor: createActor(machine).start(), calls };
}

describe("listSearchMachine", () => {
  it("says no data (676) for an empty answer, never for a refusal", async () => {
    const empty = startSearch({ search: async () => noneFound });
    empty.actor.send(searchIp);
    await settle();
    expect(empty.actor.getSnapshot().value).toBe("noData");
    const refused = startSearch({
      search: async () => ({ ok: false, errors: [{ code: "962", message: "Forbidden" }] }),
    });
    refused.actor.send(searchIp);
    await settle();
    expect(refused.actor.getSnapshot().value).toBe("failed");
    expect(refused.actor.getSnapshot().context.errors.map((error) => error.code)).toEqual(["962"]);
  });

  it("deletes only the selected rows after Yes, then searches again with the same conditions", async () => {
    const { actor, calls } = startSearch({});
    actor.send(searchIp);
    await settle();
    actor.send({ type: "row.toggle", key: whiteRows[1]?.key ?? "" });
    actor.send({ type: "row.toggle", key: "not a row" });
    expect(actor.getSnapshot().context.selected).toEqual([whiteRows[1]?.key]);
    actor.send({ type: "delete.request" });
    await settle();
    await settle();
    await settle();
    expect(calls).toEqual([
      `search ${JSON.stringify(searchIp.criteria)}`,
      "confirm 1",
      "delete 0355550100",
      `search ${JSON.stringify(searchIp.criteria)}`,
    ]);
    expect(actor.getSnapshot().value).toBe("showing");
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it("select all twice clears the selection; No or a refused delete keeps rows and selection", async () => {
    for (const fakes of [{ confirm: false }, { remove: async () => deleteRefused }]) {
      const { actor, calls } = startSearch(fakes);
      actor.send(searchIp);
      await settle();
      actor.send({ type: "rows.toggleAll" });
      actor.send({ type: "rows.toggleAll" });
      expect(actor.getSnapshot().context.selected).toEqual([]);
      actor.send({ type: "rows.toggleAll" });
      actor.send({ type: "delete.request" });
      await settle();
      await settle();
      expect(actor.getSnapshot().value).toBe("showing");
      expect(actor.getSnapshot().context.rows).toEqual(whiteRows);
      expect(actor.getSnapshot().context.selected).toHaveLength(2);
      expect(calls.filter((call) => call.startsWith("search"))).toHaveLength(1);
    }
  });
});

describe("listAddFormMachine", () => {
  function startForm(check: typeof fieldsPass, confirm: boolean, save: SaveEntriesOutcome) {
    const calls: string[] = [];
    const machine = listAddFormMachine.provide({
      actors: {
        checkFields: fromPromise(async ({ input }: { input: FieldsInput }) => {
          calls.push(`check ${input.fields.values}`);
          return check;
        }),
        confirmSave: fromPromise(async () => {
          calls.push("confirm");
          return confirm;
        }),
        saveEntries: fromPromise(async ({ input }: { input: FieldsInput }) => {
          calls.push(`save ${input.fields.type} ${input.fields.values}`);
          return save;
        }),
      },
      actions: { saved: () => calls.push("saved") },
    });
    const actor = createActor(machine, { input: { fields: { type: "", values: "" } } }).start();
    return { actor, calls };
  }

  it("checks, asks, saves the fields as entered and ends", async () => {
    const { actor, calls } = startForm(fieldsPass, true, entriesSaved);
    actor.send({ type: "field.change", name: "type", value: "ip" });
    actor.send({ type: "field.change", name: "values", value: "10.0.0.1\n10.0.0.2" });
    actor.send({ type: "form.submit" });
    await settle();
    await settle();
    await settle();
    expect(calls).toEqual(["check 10.0.0.1\n10.0.0.2", "confirm", "save ip 10.0.0.1\n10.0.0.2", "saved"]);
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("a rule's refusal asks nothing; a server refusal keeps the form with its message", async () => {
    const rules = startForm(typeMissing, true, entriesSaved);
    rules.actor.send({ type: "form.submit" });
    await settle();
    expect(rules.calls).toEqual(["check "]);
    expect(rules.actor.getSnapshot().context.errors[0]?.message).toBe("Type is required.");

    const server = startForm(fieldsPass, true, saveRefused);
    server.actor.send({ type: "field.change", name: "values", value: "x" });
    server.actor.send({ type: "form.submit" });
    await settle();
    await settle();
    await settle();
    expect(server.actor.getSnapshot().value).toBe("editing");
    expect(server.actor.getSnapshot().context.fields.values).toBe("x");
    expect(server.calls).not.toContain("saved");
    // Another submit clears the old message before it checks again.
    server.actor.send({ type: "form.submit" });
    expect(server.actor.getSnapshot().context.errors).toEqual([]);
  });
});
