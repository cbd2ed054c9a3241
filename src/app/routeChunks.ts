import { lazyScreen } from "./lazyScreen.tsx";
import { protectedScreenAt } from "./screenPaths.ts";
import { SCREEN_COMPONENTS } from "./screenRegistry.ts";

/**
 * The signed-in shell (top bar with menu, trial and account menu, and the screens' loader): a chunk
 * of its own, so that /login loads only what it shows.
 */
export const ProtectedRoute = lazyScreen(
  () => import("./shell/ProtectedRoute.tsx"),
  (m) => m.ProtectedRoute,
);

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
