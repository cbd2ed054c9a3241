import { useSyncExternalStore } from "react";
import type { KeyValueStorage } from "../../client/browserStorage.ts";
import { operatorPreferenceKey } from "../../client/operatorPreferenceKey.ts";
import { PRODUCT_KEY } from "../../contract/auth.ts";

/**
 * Whether single-key shortcuts are on for the signed-in operator in this browser (localStorage, keyed
 * by tenant and operator, so an analyst who turned them off does not turn them off for the next one
 * at a shared PC; on unless turned off). They can be turned off (WCAG 2.1.4 Character Key Shortcuts)
 * for speech input and for those who press keys by accident.
 */
const STORAGE_NAME = "console.shortcuts";
const listeners = new Set<() => void>();
/**
 * The choice when it cannot be stored (storage refused, as a private window may, or no operator
 * signed in): kept until the page reloads, which signing in does.
 */
let unstored: boolean | undefined;

export function shortcutsEnabled(storage: KeyValueStorage = localStorage): boolean {
  try {
    const key = operatorPreferenceKey(STORAGE_NAME, storage);
    if (key !== null) return storage.getItem(key) !== "off";
  } catch {
    // Read as not stored.
  }
  return unstored ?? true;
}

export function setShortcutsEnabled(enabled: boolean, storage: KeyValueStorage = localStorage): void {
  try {
    const key = operatorPreferenceKey(STORAGE_NAME, storage);
    if (key === null) unstored = enabled;
    else if (enabled) storage.removeItem(key);
    else storage.setItem(key, "off");
  } catch {
    unstored = enabled;
  }
  for (const listener of listeners) listener();
}

/**
 * Calls `listener` when the choice may have changed: here, or in another tab (a storage event for a
 * shortcut choice, or for the login info, which says whose choice applies; null: storage cleared).
 */
export function subscribeShortcutPreference(
  listener: () => void,
  tabs: Pick<EventTarget, "addEventListener" | "removeEventListener"> = window,
): () => void {
  listeners.add(listener);
  const onStorage = (event: Event) => {
    const { key } = event as StorageEvent;
    if (key === null || key === PRODUCT_KEY || key.startsWith(`${STORAGE_NAME}:`)) listener();
  };
  tabs.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    tabs.removeEventListener("storage", onStorage);
  };
}

export function useShortcutsEnabled(): boolean {
  return useSyncExternalStore(subscribeShortcutPreference, () => shortcutsEnabled());
}
