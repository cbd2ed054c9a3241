/**
 * The browser's Back and Forward within the console, for a screen with something to lose. The router
 * (wouter) follows `popstate` with a listener of its own, and React renders the new route in a
 * microtask right after that listener, before any listener added later by the screen could run (the
 * screen is gone by then). So one listener, added before the router's (installHistoryGuard, from
 * main.tsx before the first render), asks the guard of the screen shown now, if any: a guard that
 * takes the event (returns true) hides it from the router, so the route does not change.
 */
type PopGuard = (event: PopStateEvent) => boolean;

let current: PopGuard | null = null;
let installed = false;

export function installHistoryGuard(): void {
  if (installed) return;
  installed = true;
  window.addEventListener("popstate", (event) => {
    if (current?.(event)) event.stopImmediatePropagation();
  });
}

/** Makes `guard` the one asked on Back and Forward until the returned function takes it away. */
export function guardHistory(guard: PopGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}
