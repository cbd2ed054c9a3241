import { clearTransit, getTransit, setTransit } from "../../client/transit.ts";
import { type MenuItem, menuScreenIds } from "../../contract/menu.ts";
import { IMPLEMENTED_SCREENS } from "../implementedScreens.ts";
import { protectedScreenAt } from "../screenPaths.ts";

/**
 * The protected screen (path and query) an operator was on, or opened, when the console sent them
 * to login because no session was there (timed out, ended elsewhere, a link opened signed out):
 * signing in again returns there instead of to the first screen of the menu.
 */
const DESTINATION = "LoginReturn";

/** Remembers `location` ("/EventList?mode=0&q=...") when it is a protected screen of this build. */
export function rememberLoginReturn(location: string): void {
  const screen = protectedScreenAt(location);
  if (screen === undefined || !IMPLEMENTED_SCREENS.has(screen)) return;
  setTransit(DESTINATION, location, location);
}

export const forgetLoginReturn = (): void => clearTransit(DESTINATION);

/**
 * The remembered location, when this operator may open it: a menu screen must be in their menu
 * (`visibleMenu`); a screen outside the menu (an event's detail) checks its own permission, as it
 * does when a signed-in operator opens the same link.
 */
export function loginReturnFor(visibleMenu: readonly MenuItem[]): string | undefined {
  const location = getTransit(DESTINATION)?.data;
  if (typeof location !== "string" || !location.startsWith("/") || location.startsWith("//"))
    return undefined;
  const screen = protectedScreenAt(location);
  if (screen === undefined || !IMPLEMENTED_SCREENS.has(screen)) return undefined;
  if (menuScreenIds().includes(screen) && !menuScreenIds(visibleMenu).includes(screen)) return undefined;
  return location;
}
