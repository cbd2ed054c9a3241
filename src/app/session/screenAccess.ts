import { PERMISSION, type Permission } from "../../contract/codes.ts";
import type { ScreenId } from "../../contract/screens.ts";

/** What a control needs: to read a screen's data or to change it (the server's check, spec section 6). */
export type AccessLevel = "read" | "write";

/** The signed-in operator's permission per screen ID, as the menu's permissions actor holds them. */
export type ScreenPermissions = Readonly<Record<string, Permission>>;

/**
 * Whether the role may call `screenId` at `level`: write needs writable ("00"), read writable or
 * readable ("10"); a screen not asked or unknown counts as not available ("20"), as on the server.
 */
export const mayOn = (permissions: ScreenPermissions, screenId: ScreenId, level: AccessLevel): boolean => {
  const permission = permissions[screenId] ?? PERMISSION.none;
  return level === "write"
    ? permission === PERMISSION.writable
    : permission === PERMISSION.writable || permission === PERMISSION.readable;
};
