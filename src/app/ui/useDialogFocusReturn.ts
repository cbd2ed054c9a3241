import { useMemo, useRef } from "react";

interface FocusReturnHandlers {
  onOpenAutoFocus: (event: Event) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Where the focus goes when a dialog closes. Radix gives it back to the dialog's Trigger, but ours
 * open from state (a machine), without a Trigger, so the focus would drop to the page's body and a
 * keyboard user would start again from the top. Spread on Dialog.Content, these give it back to the
 * element that had it as the dialog opened (the button that opened it), once that is enabled again.
 */
export function useDialogFocusReturn(): FocusReturnHandlers {
  const opener = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      // Called as the dialog mounts, before it moves the focus inside.
      onOpenAutoFocus: () => {
        const active = document.activeElement;
        opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      },
      onCloseAutoFocus: (event) => {
        event.preventDefault();
        const element = opener.current;
        opener.current = null;
        if (!element?.isConnected) return;
        element.focus();
        // Disabled while the dialog's work finished (a save), it is enabled by the next frame; unless
        // the focus went elsewhere meanwhile (a refused save's invalid field).
        if (document.activeElement !== element)
          requestAnimationFrame(() => {
            const active = document.activeElement;
            if (element.isConnected && (active === null || active === document.body)) element.focus();
          });
      },
    }),
    [],
  );
}
