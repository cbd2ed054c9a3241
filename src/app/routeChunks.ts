import { SCREEN_IDS, SCREENS, type ScreenId } from "../contract/screens.ts";
import { lazyScreen } from "./lazyScreen.tsx";
import { SCREEN_COMPONENTS } from "./screenRegistry.ts";

/**
 * The signed-in shell (top bar with menu, trial and account menu, and the screens' loader): a chunk
 * of its own, so that /login loads only what it shows.
 */
export const ProtectedRoute = lazyScreen(
  () => import("./shell/ProtectedRoute.tsx"),
  (m) => m.ProtectedRoute,
);

/** The protected screens of spec section 2 with their paths (screens without a path open as dialogs). */
const PROTECTED_PATHS = SCREEN_IDS.flatMap((id) => {
  const path = SCREENS[id].path;
  return path === null ? [] : [{ id, path: path.toLowerCase() }];
});

/**
 * The protected screen at a path inside the base (its query aside), matched as the router matches a
 * route without parameters: letter case and one trailing slash do not count.
 */
export function protectedScreenAt(location: string): ScreenId | undefined {
  const path = (location.split("?")[0] ?? "").toLowerCase().replace(/(.)\/$/, "$1");
  return PROTECTED_PATHS.find((screen) => screen.path === path)?.id;
}

/**
 * Loads the chunks a path shows (the shell and its screen) before the route is rendered, so it
 * renders at once rather than through a chunk's fallback and React's reveal throttle (lazyScreen).
 * Never rejects: a failed chunk is reported when the route shows it.
 */
export async function preloadRoute(location: string): Promise<void> {
  const id = protectedScreenAt(location);
  if (id === undefined) return;
  await Promise.all([ProtectedRoute.preload(), SCREEN_COMPONENTS[id]?.preload()]);
}
