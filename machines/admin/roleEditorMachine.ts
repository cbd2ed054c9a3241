import { assertEvent, assign, setup } from "xstate";
import { PERMISSION, type Permission } from "../../src/contract/codes.ts";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import type { MessageParams, ValidationKey } from "../../src/contract/messages.ts";
import type { Role } from "../../src/contract/roles.ts";
import { SCREEN_IDS, type ScreenId } from "../../src/contract/screens.ts";
import { rules } from "../../src/contract/validation.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import type { CallOutcome } from "../shared/outcome.ts";

/** The longest role name (roleNameField). */
export const ROLE_NAME_MAX = 30;

/** A role as edited: a new one has no roleId; every screen of the catalogue has a permission. */
export interface RoleDraft {
  roleId: string | null;
  version: number;
  name: string;
  permissions: Record<ScreenId, Permission>;
}

export interface NameProblem {
  key: ValidationKey;
  params?: MessageParams;
}

export interface RoleEditorContext {
  /** The tenant's roles as last loaded. */
  roles: Role[];
  /** The role being created or edited; null on the list. */
  draft: RoleDraft | null;
  /** What the rules say of the draft's name at the last save. */
  nameProblems: NameProblem[];
  /** The role a delete asks about. */
  deleting: { roleId: string; version: number } | null;
  /** The server's refusal (validation, role in use, last administrator, 015) or an exception. */
  errors: ErrorItem[];
}

export type RoleEditorEvent =
  | { type: "role.create" }
  | { type: "role.edit"; roleId: string }
  | { type: "role.delete"; roleId: string }
  | { type: "draft.name"; name: string }
  | { type: "draft.permission"; screenId: ScreenId; permission: Permission }
  | { type: "draft.save" }
  | { type: "draft.cancel" }
  | { type: "step.retry" }
  | { type: "step.cancel" };

/** roleList's answer. */
export type LoadRolesOutcome = CallOutcome<{ roles: Role[] }>;
/** roleAdd's or roleEdit's answer. */
export type SaveRoleOutcome = CallOutcome<{ role: Role }>;
/** roleDelete's answer. */
export type DeleteRoleOutcome = CallOutcome<Record<string, never>>;
export type SaveRoleInput = RoleDraft;
export interface DeleteRoleInput {
  roleId: string;
  version: number;
}
/** Which confirmation the app asks: a new role's register or an edit's update. */
export interface ConfirmSaveInput {
  creating: boolean;
}

/** What the contract's rules (roleNameField: required, up to 30) say of a role name. */
export function nameProblems(name: string): NameProblem[] {
  const trimmed = name.trim();
  if (!rules.required(trimmed)) return [{ key: "required" }];
  if (!rules.max(trimmed, ROLE_NAME_MAX)) return [{ key: "max", params: { max: ROLE_NAME_MAX } }];
  return [];
}

const allScreens = (permission: Permission) =>
  Object.fromEntries(SCREEN_IDS.map((screenId) => [screenId, permission])) as Record<ScreenId, Permission>;

/** A role's permissions as the draft keeps them: one per screen, a screen not named not available. */
export function draftOf(role: Role): RoleDraft {
  const permissions = allScreens(PERMISSION.none);
  for (const entry of role.permissions) permissions[entry.screenId] = entry.permission;
  return { roleId: role.roleId, version: role.version, name: role.name, permissions };
}

const newDraft = (): RoleDraft => ({
  roleId: null,
  version: 1,
  name: "",
  permissions: allScreens(PERMISSION.none),
});

const customRole = (roles: readonly Role[], roleId: string) =>
  roles.find((role) => role.roleId === roleId && !role.standard);

/**
 * Roles (spec section 2, /OperatorRoleList; beyond the spec, custom roles): loads the tenant's roles;
 * creates a role or edits a custom one as a draft (name, each screen writable, readable or not
 * available) saved after the confirmation dialog (the app's `confirmSave`, its 50 ms close delay
 * included) and deletes a custom role after its own. A standard role is never edited or deleted. An
 * accepted save or delete reloads the list; a refusal (validation, role in use, last administrator,
 * 015) keeps the draft or the list with the server's errors; an exception offers a retry.
 */
const roleEditorSetup = setup({
  types: {
    context: {} as RoleEditorContext,
    events: {} as RoleEditorEvent,
  },
  actors: {
    loadRoles: notProvided<LoadRolesOutcome>("loadRoles"),
    confirmSave: notProvided<boolean, ConfirmSaveInput>("confirmSave"),
    saveRole: notProvided<SaveRoleOutcome, SaveRoleInput>("saveRole"),
    confirmDelete: notProvided<boolean>("confirmDelete"),
    deleteRole: notProvided<DeleteRoleOutcome, DeleteRoleInput>("deleteRole"),
  },
  guards: {
    outcomeAccepted,
    confirmed: (_, params: { confirmed: boolean }) => params.confirmed,
    customRoleNamed: ({ context, event }) => {
      assertEvent(event, ["role.edit", "role.delete"]);
      return customRole(context.roles, event.roleId) !== undefined;
    },
    nameAcceptable: ({ context }) => context.draft !== null && nameProblems(context.draft.name).length === 0,
  },
  actions: {
    recordRoles: assign((_, params: { result: { roles: Role[] } }) => ({ roles: params.result.roles })),
    startNew: assign({ draft: () => newDraft(), nameProblems: [], errors: [] }),
    startEdit: assign(({ context, event }) => {
      assertEvent(event, "role.edit");
      const role = customRole(context.roles, event.roleId);
      return { draft: role ? draftOf(role) : null, nameProblems: [], errors: [] };
    }),
    setName: assign(({ context, event }) => {
      assertEvent(event, "draft.name");
      return { draft: context.draft && { ...context.draft, name: event.name } };
    }),
    setPermission: assign(({ context, event }) => {
      assertEvent(event, "draft.permission");
      return {
        draft: context.draft && {
          ...context.draft,
          permissions: { ...context.draft.permissions, [event.screenId]: event.permission },
        },
      };
    }),
    recordNameProblems: assign(({ context }) => ({ nameProblems: nameProblems(context.draft?.name ?? "") })),
    dropDraft: assign({ draft: null, nameProblems: [] }),
    chooseDeleting: assign(({ context, event }) => {
      assertEvent(event, "role.delete");
      const role = customRole(context.roles, event.roleId);
      return { deleting: role ? { roleId: role.roleId, version: role.version } : null, errors: [] };
    }),
    dropDeleting: assign({ deleting: null }),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({ errors: params.errors })),
    recordException: assign((_, params: { error: unknown }) => ({ errors: [internalFailure(params.error)] })),
    clearErrors: assign({ errors: [] }),
  },
});

const callStep = callSteps(roleEditorSetup);

export const roleEditorMachine = roleEditorSetup.createMachine({
  id: "roleEditor",
  context: { roles: [], draft: null, nameProblems: [], deleting: null, errors: [] },
  initial: "loading",
  states: {
    loading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadRoles",
        accepted: { target: "list", actions: "recordRoles" },
        refused: { target: "loadFailed", actions: "recordErrors" },
        exception: { target: "loadFailed", actions: "recordException" },
      }),
    },
    loadFailed: {
      on: { "step.retry": { target: "loading", actions: "clearErrors" } },
    },
    list: {
      on: {
        "role.create": { target: "editing", actions: "startNew" },
        "role.edit": { guard: "customRoleNamed", target: "editing", actions: "startEdit" },
        "role.delete": { guard: "customRoleNamed", target: "confirmingDelete", actions: "chooseDeleting" },
      },
    },
    editing: {
      tags: ["editing"],
      on: {
        "draft.name": { actions: "setName" },
        "draft.permission": { actions: "setPermission" },
        "draft.save": [
          { guard: "nameAcceptable", target: "confirmingSave", actions: "clearErrors" },
          { actions: "recordNameProblems" },
        ],
        "draft.cancel": { target: "list", actions: ["dropDraft", "clearErrors"] },
      },
    },
    confirmingSave: {
      tags: ["editing"],
      invoke: {
        id: "confirmSave",
        src: "confirmSave",
        input: ({ context }) => ({ creating: context.draft?.roleId === null }),
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "saving",
          },
          { target: "editing" },
        ],
        onError: {
          target: "editing",
          actions: { type: "recordException", params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saving: {
      tags: ["editing", "busy"],
      invoke: callStep({
        src: "saveRole",
        input: ({ context }) => context.draft ?? newDraft(),
        accepted: { target: "loading", actions: "dropDraft" },
        // Validation, a name in use, last administrator, 015: the draft stays with the errors beside it.
        refused: { target: "editing", actions: "recordErrors" },
        exception: { target: "saveFailed", actions: "recordException" },
      }),
    },
    saveFailed: {
      tags: ["editing"],
      on: {
        "step.retry": { target: "saving", actions: "clearErrors" },
        "step.cancel": "editing",
      },
    },
    confirmingDelete: {
      invoke: {
        id: "confirmDelete",
        src: "confirmDelete",
        onDone: [
          {
            guard: { type: "confirmed", params: ({ event }) => ({ confirmed: event.output }) },
            target: "deleting",
          },
          { target: "list", actions: "dropDeleting" },
        ],
        onError: {
          target: "list",
          actions: [
            "dropDeleting",
            { type: "recordException", params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    deleting: {
      tags: ["busy"],
      invoke: callStep({
        src: "deleteRole",
        input: ({ context }) => context.deleting ?? { roleId: "", version: 1 },
        accepted: { target: "loading", actions: "dropDeleting" },
        // The role is in use, or it was the last that administers operators, or 015.
        refused: { target: "list", actions: ["dropDeleting", "recordErrors"] },
        exception: { target: "list", actions: ["dropDeleting", "recordException"] },
      }),
    },
  },
});
