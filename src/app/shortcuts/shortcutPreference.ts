import { useSyncExternalStore } from "react";

/**
 * Whether single-key shortcuts are on in this browser (localStorage; on unless turned off). They can
 * be turned off (WCAG 2.1.4 Character Key Shortcuts) for speech input and for those who press keys
 * by accident.
 */
const STORAGE_KEY = "console.shortcuts";
const listeners = new Set<() => void>();
/** The choice when storage is refused (a private window may): kept until the page reloads. */
let unstored: boolean | undefined;

export function shortcutsEnabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== "off";
  } catch {
    return unstored ?? true;
  }
}

export function setShortcutsEnabled(enabled: boolean): void {
  try {
    if (enabled) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, "off");
  } catch {
    unstored = enabled;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another tab applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useShortcutsEnabled(): boolean {
  return useSyncExternalStore(subscribe, shortcutsEnabled);
}
