import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import {
  type ConfirmSaveInput,
  type DeleteRoleInput,
  type DeleteRoleOutcome,
  draftOf,
  type LoadRolesOutcome,
  nameProblems,
  roleEditorMachine,
  type SaveRoleInput,
  type SaveRoleOutcome,
} from "../../../machines/admin/roleEditorMachine.ts";
import { PERMISSION } from "../../../src/contract/codes.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { messageText } from "../../../src/contract/messages.ts";
import { SCREEN_IDS } from "../../../src/contract/screens.ts";
import { settle } from "../support/settle.ts";
import {
  callThrew,
  customRole,
  deleteInUse,
  roleDeleted,
  roleSaved,
  rolesLoaded,
  saveLastAdministrator,
} from "../walks/roleEditorWalk.ts";

interface Fakes {
  load?: () => Promise<LoadRolesOutcome>;
  confirmSave?: () => Promise<boolean>;
  save?: () => Promise<SaveRoleOutcome>;
  confirmDelete?: () => Promise<boolean>;
  remove?: () => Promise<DeleteRoleOutcome>;
}

function startEditor(fakes: Fakes = {}) {
  const calls: string[] = [];
  const saves: SaveRoleInput[] = [];
  const deletes: DeleteRoleInput[] = [];
  const asked: ConfirmSaveInput[] = [];
  const machine = roleEditorMachine.provide({
    actors: {
      loadRoles: fromPromise(() => {
        calls.push("load");
        return (fakes.load ?? (async () => rolesLoaded))();
      }),
      confirmSave: fromPromise(({ input }: { input: ConfirmSaveInput }) => {
        calls.push("confirmSave");
        asked.push(input);
        return (fakes.confirmSave ?? (async () => true))();
      }),
      saveRole: fromPromise(({ input }: { input: SaveRoleInput }) => {
        calls.push("save");
        saves.push(input);
        return (fakes.save ?? (async () => roleSaved))();
      }),
      confirmDelete: fromPromise(() => {
        calls.push("confirmDelete");
        return (fakes.confirmDelete ?? (async () => true))();
      }),
      deleteRole: fromPromise(({ input }: { input: DeleteRoleInput }) => {
        calls.push("delete");
        deletes.push(input);
        return (fakes.remove ?? (async () => roleDeleted))();
      }),
    },
  });
  return { actor: createActor(machine).start(), calls, saves, deletes, asked };
}

describe("roleEditorMachine", () => {
  it("loads the roles and shows the list", async () => {
    const { actor } = startEditor();
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe("list");
    expect(actor.getSnapshot().context.roles.map((role) => role.roleId)).toEqual([
      "administrator",
      "custom_reports",
    ]);
  });

  it("creates a role: every screen starts not available, the name is checked, then saved and reloaded", async () => {
    const { actor, calls, saves, asked } = startEditor();
    await settle();
    actor.send({ type: "role.create" });
    const draft = actor.getSnapshot().context.draft;
    expect(draft?.roleId).toBeNull();
    expect(new Set(Object.values(draft?.permissions ?? {}))).toEqual(new Set([PERMISSION.none]));
    expect(Object.keys(draft?.permissions ?? {})).toEqual(SCREEN_IDS);
    actor.send({ type: "draft.save" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(
      actor.getSnapshot().context.nameProblems.map((p) => messageText("en", `validation.${p.key}`)),
    ).toEqual([messageText("en", "validation.required")]);
    actor.send({ type: "draft.name", name: " Lists " });
    actor.send({ type: "draft.permission", screenId: "NegativeList", permission: PERMISSION.writable });
    actor.send({ type: "draft.permission", screenId: "WhiteList", permission: PERMISSION.readable });
    actor.send({ type: "draft.save" });
    await settle();
    expect(asked).toEqual([{ creating: true }]);
    expect(calls).toEqual(["load", "confirmSave", "save", "load"]);
    expect(saves[0]?.name).toBe(" Lists ");
    expect(saves[0]?.permissions.NegativeList).toBe(PERMISSION.writable);
    expect(saves[0]?.permissions.WhiteList).toBe(PERMISSION.readable);
    expect(saves[0]?.permissions.EventList).toBe(PERMISSION.none);
    expect(actor.getSnapshot().value).toBe("list");
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it("checks a name's length as the contract does", () => {
    expect(nameProblems("x".repeat(30))).toEqual([]);
    expect(nameProblems("x".repeat(31))).toEqual([{ key: "max", params: { max: 30 } }]);
    expect(nameProblems("   ")).toEqual([{ key: "required" }]);
  });

  it("edits a custom role from its permissions and version, and never a standard one", async () => {
    const { actor, saves, asked } = startEditor();
    await settle();
    actor.send({ type: "role.edit", roleId: "administrator" });
    expect(actor.getSnapshot().value).toBe("list");
    actor.send({ type: "role.delete", roleId: "administrator" });
    expect(actor.getSnapshot().value).toBe("list");
    actor.send({ type: "role.edit", roleId: customRole.roleId });
    expect(actor.getSnapshot().context.draft).toEqual(draftOf(customRole));
    actor.send({ type: "draft.permission", screenId: "EventReportNegative", permission: PERMISSION.none });
    actor.send({ type: "draft.save" });
    await settle();
    expect(asked).toEqual([{ creating: false }]);
    expect(saves[0]).toMatchObject({ roleId: customRole.roleId, version: 3, name: customRole.name });
    expect(saves[0]?.permissions.EventReportNegative).toBe(PERMISSION.none);
  });

  it("cancel drops the draft and nothing is saved", async () => {
    const { actor, calls } = startEditor();
    await settle();
    actor.send({ type: "role.edit", roleId: customRole.roleId });
    actor.send({ type: "draft.name", name: "Changed" });
    actor.send({ type: "draft.cancel" });
    expect(actor.getSnapshot().value).toBe("list");
    expect(actor.getSnapshot().context.draft).toBeNull();
    expect(calls).toEqual(["load"]);
  });

  it("never saves when the operator backs out of the confirmation", async () => {
    const { actor, calls } = startEditor({ confirmSave: async () => false });
    await settle();
    actor.send({ type: "role.create" });
    actor.send({ type: "draft.name", name: "X" });
    actor.send({ type: "draft.save" });
    await settle();
    expect(actor.getSnapshot().value).toBe("editing");
    expect(calls).toEqual(["load", "confirmSave"]);
  });

  it("keeps the draft with the server's refusal (last administrator)", async () => {
    const { actor } = startEditor({ save: async () => saveLastAdministrator });
    await settle();
    actor.send({ type: "role.edit", roleId: customRole.roleId });
    actor.send({ type: "draft.name", name: "Renamed" });
    actor.send({ type: "draft.save" });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe("editing");
    expect(snapshot.context.errors.map((e) => e.code)).toEqual([ERROR.lastAdministrator]);
    expect(snapshot.context.draft?.name).toBe("Renamed");
  });

  it("offers a retry of a save that failed, and cancel back to the draft", async () => {
    let fail = true;
    const { actor, calls } = startEditor({
      save: async () => {
        if (fail) throw callThrew;
        return roleSaved;
      },
    });
    await settle();
    actor.send({ type: "role.edit", roleId: customRole.roleId });
    actor.send({ type: "draft.save" });
    await settle();
    expect(actor.getSnapshot().value).toBe("saveFailed");
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    actor.send({ type: "step.cancel" });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send({ type: "draft.save" });
    await settle();
    fail = false;
    actor.send({ type: "step.retry" });
    await settle();
    expect(actor.getSnapshot().value).toBe("list");
    expect(calls).toEqual(["load", "confirmSave", "save", "confirmSave", "save", "save", "load"]);
  });

  it("deletes a custom role after the confirmation, with its version, and reloads", async () => {
    const { actor, calls, deletes } = startEditor();
    await settle();
    actor.send({ type: "role.delete", roleId: customRole.roleId });
    await settle();
    expect(deletes).toEqual([{ roleId: customRole.roleId, version: 3 }]);
    expect(calls).toEqual(["load", "confirmDelete", "delete", "load"]);
    expect(actor.getSnapshot().value).toBe("list");
    expect(actor.getSnapshot().context.deleting).toBeNull();
  });

  it("shows a delete's refusal (role in use) on the list, and never deletes when backed out", async () => {
    const refused = startEditor({ remove: async () => deleteInUse });
    await settle();
    refused.actor.send({ type: "role.delete", roleId: customRole.roleId });
    await settle();
    expect(refused.actor.getSnapshot().value).toBe("list");
    expect(refused.actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.roleInUse]);
    // The next action clears it.
    refused.actor.send({ type: "role.create" });
    expect(refused.actor.getSnapshot().context.errors).toEqual([]);

    const backedOut = startEditor({ confirmDelete: async () => false });
    await settle();
    backedOut.actor.send({ type: "role.delete", roleId: customRole.roleId });
    await settle();
    expect(backedOut.calls).toEqual(["load", "confirmDelete"]);
  });

  it("offers a retry of the load after it failed", async () => {
    let loads = 0;
    const { actor } = startEditor({
      load: async () => {
        if (++loads === 1) throw callThrew;
        return rolesLoaded;
      },
    });
    await settle();
    expect(actor.getSnapshot().value).toBe("loadFailed");
    actor.send({ type: "step.retry" });
    await settle();
    expect(actor.getSnapshot().value).toBe("list");
  });
});
