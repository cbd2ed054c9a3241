import { useCallback, useEffect, useRef } from "react";

/**
 * An abort signal for what a component asks while it is shown (a confirmation, say): aborted when the
 * component goes (its screen left by Back, its dialog closed), so the question goes with it. A fresh
 * one per mount, so React's StrictMode remount does not leave it aborted.
 */
export function useLeaveSignal(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const mounted = new AbortController();
    controller.current = mounted;
    return () => mounted.abort();
  }, []);
  return useCallback(() => controller.current?.signal ?? AbortSignal.abort(), []);
}
