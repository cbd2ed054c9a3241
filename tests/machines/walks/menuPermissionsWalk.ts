import {
  type LoadPermissionsOutcome,
  type MenuPermissionsEvent,
  menuPermissionsMachine,
} from "../../../machines/menu/menuPermissionsMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { MachineWalk } from "../support/walkTypes.ts";

export const permissionsLoaded: LoadPermissionsOutcome = {
  ok: true,
  result: {
    screenPermissions: [
      { screenId: "EventList", permission: "00" },
      { screenId: "OperatorList", permission: "20" },
    ],
  },
  messages: [],
};
export const permissionsRefused: LoadPermissionsOutcome = {
  ok: false,
  errors: [{ code: ERROR.forbidden, message: "Forbidden" }],
};
export const permissionsThrew = new Error("network down");

const load = {
  type: "permissions.load",
  screenIds: ["EventList", "OperatorList"],
} satisfies MenuPermissionsEvent;

export const menuPermissionsWalk = {
  machine: menuPermissionsMachine,
  events: {
    "permissions.load": [load],
    "permissions.reset": [{ type: "permissions.reset" }],
  },
  outputs: { loadPermissions: [permissionsLoaded, permissionsRefused] },
  failures: { loadPermissions: [permissionsThrew] },
  recordedActions: [],
  journeys: [
    {
      description: "a failed load is retried and the menu becomes ready",
      events: [
        load,
        { type: "xstate.error.actor.loadPermissions", error: permissionsThrew },
        load,
        { type: "xstate.done.actor.loadPermissions", output: permissionsLoaded },
      ],
      endState: "ready",
    },
    {
      description: "signing out forgets the permissions",
      events: [
        load,
        { type: "xstate.done.actor.loadPermissions", output: permissionsLoaded },
        { type: "permissions.reset" },
      ],
      endState: "idle",
    },
  ],
} satisfies MachineWalk<typeof menuPermissionsMachine>;
