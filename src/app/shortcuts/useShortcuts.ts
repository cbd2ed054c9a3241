import { useEffect, useRef } from "react";
import { pressContext, shortcutKey } from "./shortcutKey.ts";
import { shortcutsEnabled } from "./shortcutPreference.ts";

/** Per key, what it does now; undefined while the control it stands for is absent or disabled. */
export type ShortcutMap = Readonly<Record<string, (() => void) | undefined>>;

/**
 * Single-key shortcuts while the calling component is shown: a key of `map` pressed outside fields
 * and dialogs (shortcutKey) runs its action, unless the operator turned shortcuts off. Give each
 * key the same action as its button, and none while the button is disabled, so a shortcut never
 * does what the screen would not let a click do.
 */
export function useShortcuts(map: ShortcutMap): void {
  const latest = useRef(map);
  latest.current = map;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const key = shortcutKey(event, pressContext(event));
      const run = key === null ? undefined : latest.current[key];
      if (!run || !shortcutsEnabled()) return;
      event.preventDefault();
      run();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}
