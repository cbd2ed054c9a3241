import {
  type DeleteRoleOutcome,
  type LoadRolesOutcome,
  type RoleEditorEvent,
  roleEditorMachine,
  type SaveRoleOutcome,
} from "../../../machines/admin/roleEditorMachine.ts";
import { PERMISSION } from "../../../src/contract/codes.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { Role } from "../../../src/contract/roles.ts";
import { SCREEN_IDS } from "../../../src/contract/screens.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

const every = (permission: Role["permissions"][number]["permission"]) =>
  SCREEN_IDS.map((screenId) => ({ screenId, permission }));

export const administratorRole: Role = {
  roleId: "administrator",
  name: "Administrator",
  version: 1,
  standard: true,
  operatorCount: 1,
  permissions: every(PERMISSION.writable),
};
export const customRole: Role = {
  roleId: "custom_reports",
  name: "Report reader",
  version: 3,
  standard: false,
  operatorCount: 0,
  permissions: SCREEN_IDS.map((screenId) => ({
    screenId,
    permission: screenId === "EventReportNegative" ? PERMISSION.readable : PERMISSION.none,
  })),
};

export const rolesLoaded: LoadRolesOutcome = {
  ok: true,
  result: { roles: [administratorRole, customRole] },
  messages: [],
};
export const rolesRefused: LoadRolesOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const roleSaved: SaveRoleOutcome = {
  ok: true,
  result: { role: { ...customRole, version: 4 } },
  messages: [{ code: "002", message: "Update is complete." }],
};
export const saveLastAdministrator: SaveRoleOutcome = {
  ok: false,
  errors: [{ code: ERROR.lastAdministrator, message: "This would leave the company without..." }],
};
export const roleDeleted: DeleteRoleOutcome = {
  ok: true,
  result: {},
  messages: [{ code: "003", message: "Deletion is complete." }],
};
export const deleteInUse: DeleteRoleOutcome = {
  ok: false,
  errors: [{ code: ERROR.roleInUse, message: "This role is assigned to operators and cannot be deleted." }],
};
export const callThrew = new Error("network down");

export const createRole = { type: "role.create" } satisfies RoleEditorEvent;
export const editCustom = { type: "role.edit", roleId: customRole.roleId } satisfies RoleEditorEvent;
export const editStandard = { type: "role.edit", roleId: "administrator" } satisfies RoleEditorEvent;
export const deleteCustom = { type: "role.delete", roleId: customRole.roleId } satisfies RoleEditorEvent;
export const nameRole = { type: "draft.name", name: "List keeper" } satisfies RoleEditorEvent;
export const nameEmpty = { type: "draft.name", name: "  " } satisfies RoleEditorEvent;
export const writeNegative = {
  type: "draft.permission",
  screenId: "NegativeList",
  permission: PERMISSION.writable,
} satisfies RoleEditorEvent;
export const save = { type: "draft.save" } satisfies RoleEditorEvent;
const cancel = { type: "draft.cancel" } satisfies RoleEditorEvent;
const retry = { type: "step.retry" } satisfies RoleEditorEvent;

const loaded = { type: "xstate.done.actor.loadRoles", output: rolesLoaded } as const;

export const roleEditorWalk = {
  machine: roleEditorMachine,
  events: {
    "role.create": [createRole],
    "role.edit": [editCustom, editStandard],
    "role.delete": [deleteCustom],
    "draft.name": [nameRole, nameEmpty],
    "draft.permission": [writeNegative],
    "draft.save": [save],
    "draft.cancel": [cancel],
    "step.retry": [retry],
    "step.cancel": [{ type: "step.cancel" }],
  },
  outputs: {
    loadRoles: [rolesLoaded, rolesRefused],
    confirmSave: [true, false],
    saveRole: [roleSaved, saveLastAdministrator],
    confirmDelete: [true, false],
    deleteRole: [roleDeleted, deleteInUse],
  },
  failures: {
    loadRoles: [callThrew],
    confirmSave: [callThrew],
    saveRole: [callThrew],
    confirmDelete: [callThrew],
    deleteRole: [callThrew],
  },
  // One change to a draft at most, and no second save after an outcome: the graph stays small.
  filterEvents: (snapshot, event) => {
    const { draft, errors, nameProblems } = snapshot.context;
    if (event.type === "draft.name" || event.type === "draft.permission")
      return draft !== null && draft.name === "" && errors.length === 0 && nameProblems.length === 0;
    if (event.type === "draft.save") return errors.length === 0 && nameProblems.length === 0;
    return true;
  },
  recordedActions: [],
  journeys: [
    {
      description: "create a role with a name and a writable screen, confirm: the list is loaded again",
      events: [
        loaded,
        createRole,
        nameRole,
        writeNegative,
        save,
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.saveRole", output: roleSaved },
        loaded,
      ],
      endState: "list",
    },
    {
      description: "a save without a name stays in editing with the name's problem, then saves named",
      events: [
        loaded,
        createRole,
        save,
        nameRole,
        save,
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.saveRole", output: roleSaved },
      ],
      endState: "loading",
    },
    {
      description: "a standard role is never edited: the list stays",
      events: [loaded, editStandard],
      endState: "list",
    },
    {
      description: "an edit refused as the last administrator keeps the draft with the error",
      events: [
        loaded,
        editCustom,
        writeNegative,
        save,
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.done.actor.saveRole", output: saveLastAdministrator },
      ],
      endState: "editing",
    },
    {
      description: "a role in use is refused on delete: the list stays with the error",
      events: [
        loaded,
        deleteCustom,
        { type: "xstate.done.actor.confirmDelete", output: true },
        { type: "xstate.done.actor.deleteRole", output: deleteInUse },
      ],
      endState: "list",
    },
    {
      description: "a save that failed is retried and saved",
      events: [
        loaded,
        editCustom,
        save,
        { type: "xstate.done.actor.confirmSave", output: true },
        { type: "xstate.error.actor.saveRole", error: callThrew },
        retry,
        { type: "xstate.done.actor.saveRole", output: roleSaved },
      ],
      endState: "loading",
    },
  ],
} satisfies MachineWalk<typeof roleEditorMachine>;
