import { assertEvent, assign, setup } from "xstate";
import type { Permission } from "../../src/contract/codes.ts";
import type { ErrorItem } from "../../src/contract/envelope.ts";
import type { ScreenPermission } from "../../src/contract/permissions.ts";
import { callSteps, outcomeAccepted } from "../shared/callStep.ts";
import { internalFailure } from "../shared/internalFailure.ts";
import { notProvided } from "../shared/notProvided.ts";
import type { CallOutcome } from "../shared/outcome.ts";

export interface MenuPermissionsContext {
  /** Permission per screen ID; a screen missing here counts as "20" (not available). */
  permissions: Record<string, Permission>;
  errors: ErrorItem[];
}

export type MenuPermissionsEvent =
  | { type: "permissions.load"; screenIds: string[] }
  | { type: "permissions.reset" };

export type LoadPermissionsOutcome = CallOutcome<{ screenPermissions: ScreenPermission[] }>;

const byScreenId = (list: ScreenPermission[]): Record<string, Permission> =>
  Object.fromEntries(list.map((entry) => [entry.screenId, entry.permission]));

/**
 * The signed-in operator's permissions for the menu's screens (spec sections 2 and 6). The menu
 * becomes visible only in `ready`; the view derives it there with `visibleMenu`.
 */
const menuPermissionsSetup = setup({
  types: {
    context: {} as MenuPermissionsContext,
    events: {} as MenuPermissionsEvent,
  },
  actors: {
    loadPermissions: notProvided<LoadPermissionsOutcome, { screenIds: string[] }>("loadPermissions"),
  },
  guards: {
    outcomeAccepted,
  },
  actions: {
    recordPermissions: assign((_, params: { result: { screenPermissions: ScreenPermission[] } }) => ({
      permissions: byScreenId(params.result.screenPermissions),
      errors: [],
    })),
    recordErrors: assign((_, params: { errors: ErrorItem[] }) => ({
      permissions: {},
      errors: params.errors,
    })),
    recordException: assign((_, params: { error: unknown }) => ({
      permissions: {},
      errors: [internalFailure(params.error)],
    })),
    forgetPermissions: assign({ permissions: {}, errors: [] }),
  },
});

const callStep = callSteps(menuPermissionsSetup);

export const menuPermissionsMachine = menuPermissionsSetup.createMachine({
  id: "menuPermissions",
  context: { permissions: {}, errors: [] },
  initial: "idle",
  on: {
    // Signing out: the next operator must not see this one's menu.
    "permissions.reset": { target: ".idle", actions: "forgetPermissions" },
  },
  states: {
    idle: {
      on: { "permissions.load": "loading" },
    },
    loading: {
      tags: ["busy"],
      invoke: callStep({
        src: "loadPermissions",
        input: ({ event }) => {
          assertEvent(event, "permissions.load");
          return { screenIds: event.screenIds };
        },
        accepted: { target: "ready", actions: "recordPermissions" },
        refused: { target: "failed", actions: "recordErrors" },
        exception: { target: "failed", actions: "recordException" },
      }),
    },
    ready: {
      // Reloaded when another operator signs in or a role changes.
      on: { "permissions.load": "loading" },
    },
    failed: {
      on: { "permissions.load": "loading" },
    },
  },
});
