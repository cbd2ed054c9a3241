import { PERMISSION, type Permission } from "../../contract/codes.ts";
import {
  SCREEN_GROUPS,
  SCREEN_IDS,
  SCREENS,
  type ScreenGroup,
  type ScreenId,
} from "../../contract/screens.ts";

/** The three roles every new tenant starts with (docs/architecture.md, "Decisions"). */
export interface StandardRole {
  roleId: string;
  name: string;
  levels: Record<ScreenGroup, Permission>;
  /** Screens that differ from their group's level. */
  screens?: Partial<Record<ScreenId, Permission>>;
}

const allGroups = (level: Permission): Record<ScreenGroup, Permission> =>
  Object.fromEntries(SCREEN_GROUPS.map((group) => [group, level])) as Record<ScreenGroup, Permission>;

export const STANDARD_ROLES = {
  administrator: { roleId: "administrator", name: "Administrator", levels: allGroups(PERMISSION.writable) },
  reviewer: {
    roleId: "reviewer",
    name: "Reviewer",
    levels: {
      ...allGroups(PERMISSION.writable),
      rule: PERMISSION.readable,
      keyword: PERMISSION.readable,
      apiInfo: PERMISSION.readable,
      admin: PERMISSION.none,
    },
  },
  viewer: {
    roleId: "viewer",
    name: "Viewer",
    levels: { ...allGroups(PERMISSION.readable), admin: PERMISSION.none },
    // Reading on screen, not taking the events' personal data out of the console in bulk.
    screens: { EventDialogCsvDownload: PERMISSION.none },
  },
} as const satisfies Record<string, StandardRole>;

/** One permission row per screen ID, from the screen's group. */
export const rolePermissionRows = (companyId: string, role: StandardRole) =>
  SCREEN_IDS.map((screenId) => ({
    company_id: companyId,
    role_id: role.roleId,
    screen_id: screenId,
    permission: role.screens?.[screenId] ?? role.levels[SCREENS[screenId].group],
  }));
