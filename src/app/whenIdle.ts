/** Runs `task` once the browser is idle (within 5 s at the latest); returns the cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(task, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  // Safari has no requestIdleCallback.
  const id = setTimeout(task, 1000);
  return () => clearTimeout(id);
}
