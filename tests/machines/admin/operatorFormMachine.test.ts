import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  EMPTY_OPERATOR_FIELDS,
  type LoadFormOutcome,
  type OperatorFormFields,
  operatorFieldProblems,
  operatorFormMachine,
  type SaveOperatorInput,
  type SaveOperatorOutcome,
} from "../../../machines/admin/operatorFormMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { messageText } from "../../../src/contract/messages.ts";
import { operatorAdd } from "../../../src/contract/operators.ts";
import { fieldErrors } from "../../../src/contract/validation.ts";
import { settle } from "../support/settle.ts";
import {
  chooseRole,
  operatorLoaded,
  rolesLoaded,
  saveAccepted,
  saveDuplicate,
  saveStale,
  storedOperator,
  tickRule,
  typeEmail,
  typeName,
} from "../walks/operatorFormWalk.ts";

interface Fakes {
  load?: LoadFormOutcome[];
  confirmed?: boolean;
  save?: Array<SaveOperatorOutcome | Error>;
}

function startForm(operatorId: number | null, fakes: Fakes = {}) {
  const calls: string[] = [];
  const saves: SaveOperatorInput[] = [];
  const loads = [...(fakes.load ?? [operatorId === null ? rolesLoaded : operatorLoaded])];
  const answers = [...(fakes.save ?? [saveAccepted])];
  const left: unknown[] = [];
  const machine = operatorFormMachine.provide({
    actors: {
      loadForm: fromPromise(async () => {
        calls.push("load");
        return loads.shift() ?? operatorLoaded;
      }),
      confirmSave: fromPromise(async () => {
        calls.push("confirm");
        return fakes.confirmed ?? true;
      }),
      saveOperator: fromPromise(async ({ input }: { input: SaveOperatorInput }) => {
        calls.push("save");
        saves.push(input);
        const answer = answers.shift();
        if (answer === undefined || answer instanceof Error) throw answer ?? new Error("no answer");
        return answer;
      }),
    },
    actions: { leaveSaved: ({ context }) => left.push(context.saved) },
  });
  return { actor: createActor(machine, { input: { operatorId } }).start(), calls, saves, left };
}

const texts = (fields: OperatorFormFields) =>
  Object.fromEntries(
    operatorFieldProblems(fields).map((p) => [p.field, messageText("en", `validation.${p.key}`, p.params)]),
  );

describe("operatorFieldProblems", () => {
  it("says what the spec says for an empty form, a long name and a full-width @", () => {
    expect(texts(EMPTY_OPERATOR_FIELDS)).toEqual({
      name: messageText("en", "validation.required"),
      email: messageText("en", "validation.required"),
      roleId: messageText("en", "validation.required"),
    });
    const fields = {
      ...EMPTY_OPERATOR_FIELDS,
      name: "あ".repeat(31),
      email: "a＠b.example",
      roleId: "viewer",
    };
    expect(texts(fields)).toEqual({
      name: messageText("en", "validation.max", { max: 30 }),
      email: messageText("en", "validation.customEmail"),
    });
    expect(
      operatorFieldProblems({ ...fields, name: ` ${"あ".repeat(30)} `, email: " a@b.example " }),
    ).toEqual([]);
  });

  it("refuses exactly what the server's contract refuses, field by field", () => {
    const text = fc.oneof(
      fc.constantFrom("", " ", "a@b.example", "x@y", "ユーザー@b.example", "a b@c.example", "a@b.c"),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(
      fc.property(text, text, fc.constantFrom("", "viewer"), fc.boolean(), (name, email, roleId, flag) => {
        const fields = { name, email, roleId, notifyRule: flag, notifyUpload: !flag };
        const parsed = operatorAdd.request.safeParse(fields);
        const serverFields = parsed.success
          ? []
          : [...new Set(fieldErrors("en", parsed.error).map((error) => error.field))].sort();
        const machineFields = operatorFieldProblems(fields)
          .map((problem) => problem.field as string)
          .sort();
        expect(machineFields).toEqual(serverFields);
      }),
      { numRuns: 300 },
    );
  });
});

describe("operatorFormMachine", () => {
  it("adds: the problems first, then the dialog, then the fields as typed; ends with the operator", async () => {
    const { actor, calls, saves, left } = startForm(null);
    await settle();
    expect(actor.getSnapshot().context.roles.map((role) => role.roleId)).toEqual(["administrator", "viewer"]);
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().context.problems.map((p) => p.field)).toEqual(["name", "email", "roleId"]);
    expect(calls).toEqual(["load"]);
    actor.send(typeName);
    // Typing in a field takes its problem away, the others stay until the next submit.
    expect(actor.getSnapshot().context.problems.map((p) => p.field)).toEqual(["email", "roleId"]);
    actor.send(typeEmail);
    actor.send(chooseRole);
    actor.send(tickRule);
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().value).toBe("confirming");
    await settle();
    await settle();
    expect(calls).toEqual(["load", "confirm", "save"]);
    expect(saves).toEqual([
      {
        operatorId: null,
        version: null,
        fields: {
          name: "Taro",
          email: "taro@check.example",
          roleId: "viewer",
          notifyRule: true,
          notifyUpload: false,
        },
      },
    ]);
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().output).toEqual({
      operator: saveAccepted.ok ? saveAccepted.result.operator : null,
    });
    expect(left).toHaveLength(1);
  });

  it("edits at the version read and never saves when the operator says No", async () => {
    const { actor, calls } = startForm(storedOperator.operatorId, { confirmed: false });
    await settle();
    expect(actor.getSnapshot().context.fields.email).toBe(storedOperator.email);
    expect(actor.getSnapshot().context.version).toBe(3);
    actor.send({ type: "form.submit" });
    await settle();
    expect(actor.getSnapshot().value).toBe("editing");
    expect(calls).toEqual(["load", "confirm"]);
  });

  it("keeps a Duplicate refusal in the form; a stale save (015) waits for the reload", async () => {
    const { actor, saves } = startForm(storedOperator.operatorId, {
      load: [
        operatorLoaded,
        { ...operatorLoaded, ...{ result: { operator: { ...storedOperator, version: 4 }, roles: [] } } },
      ],
      save: [saveDuplicate, saveStale, saveAccepted],
    });
    await settle();
    actor.send({ type: "form.submit" });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.duplicate]);
    actor.send({ type: "text.change", field: "name", value: "Hanako S." });
    actor.send({ type: "form.submit" });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe("stale");
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.conflict]);
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().value).toBe("stale");
    actor.send({ type: "form.reload" });
    await settle();
    // The stored values replace the edit, at the version now stored.
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.fields.name).toBe(storedOperator.name);
    expect(actor.getSnapshot().context.version).toBe(4);
    actor.send({ type: "form.submit" });
    await settle();
    await settle();
    expect(saves.map((save) => save.version)).toEqual([3, 3, 4]);
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("is tagged saving while it saves, and retries a save that failed", async () => {
    const { actor, calls } = startForm(storedOperator.operatorId, {
      save: [new Error("network down"), saveAccepted],
    });
    await settle();
    actor.send({ type: "form.submit" });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe("saveFailed");
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    actor.send({ type: "step.retry" });
    expect(actor.getSnapshot().hasTag("saving")).toBe(true);
    await settle();
    expect(actor.getSnapshot().status).toBe("done");
    expect(calls).toEqual(["load", "confirm", "save", "save"]);
  });
});
