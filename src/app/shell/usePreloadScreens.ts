import { useEffect } from "react";
import { SCREEN_COMPONENTS } from "../screenRegistry.ts";
import { whenIdle } from "../whenIdle.ts";
import { ConfirmDialog } from "./ConfirmDialogHost.tsx";

/**
 * Once the signed-in shell is up and the browser idle, the chunks of every screen and of the
 * confirmation dialog load, so that each opens at once the first time too (lazyScreen.tsx).
 */
export function usePreloadScreens(): void {
  useEffect(
    () =>
      whenIdle(() => {
        for (const screen of Object.values(SCREEN_COMPONENTS)) void screen.preload();
        void ConfirmDialog.preload();
      }),
    [],
  );
}
