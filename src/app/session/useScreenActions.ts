import { MenuPermissionsActor } from "../actors/MenuPermissionsActor.tsx";
import type { ScreenPermissions } from "./screenAccess.ts";

/**
 * A screen's controls derived from the session's permissions: `derive` gets them (the screen IDs it
 * reads must be in CONTROL_SCREEN_IDS or the menu, asked at sign-in). Re-renders only when a flag changes.
 */
export function useScreenActions<T extends Record<string, boolean>>(
  derive: (permissions: ScreenPermissions) => T,
): T {
  return MenuPermissionsActor.useSelector((snapshot) => derive(snapshot.context.permissions), shallowFlags);
}

const shallowFlags = (a: Record<string, boolean>, b: Record<string, boolean>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => a[key] === b[key]);
