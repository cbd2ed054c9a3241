import { navigate as pushBrowserLocation } from "wouter/use-browser-location";
import { PUBLIC_PATHS } from "../contract/screens.ts";

/** The console is served under /v3/ (spec section 1); wouter's Router uses the same base. */
export const BASE = "/v3";

const RELOADING_PATHS: ReadonlySet<string> = new Set(["/", ...Object.values(PUBLIC_PATHS)]);

/** Public routes reload on entry (spec section 2), which also drops every in-memory actor state. */
export const isPublicPath = (path: string): boolean => RELOADING_PATHS.has(path.split("?")[0] ?? path);

export const appUrl = (path: string): string => `${BASE}${path}`;

/**
 * A link's click the console follows in place: the main button without a modifier key. With Ctrl,
 * Meta or Shift, or another button, the browser opens the link its own way (new tab, new window).
 */
export const followsInPlace = (event: {
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  button: number;
}): boolean => !(event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0);

/** The current path inside the base, e.g. "/login". */
export function currentPath(): string {
  const { pathname } = window.location;
  return pathname.startsWith(BASE) ? pathname.slice(BASE.length) || "/" : pathname;
}

/**
 * Navigation for actions and effects outside React's tree of hooks: a full page load for public
 * routes, a history push (which wouter observes) for protected ones.
 */
export function navigateTo(path: string, options: { replace?: boolean } = {}): void {
  if (isPublicPath(path)) {
    if (options.replace) window.location.replace(appUrl(path));
    else window.location.assign(appUrl(path));
    return;
  }
  pushBrowserLocation(appUrl(path), { replace: options.replace ?? false });
}
