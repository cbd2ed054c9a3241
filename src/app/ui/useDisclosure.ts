import { type FocusEvent, type KeyboardEvent, useCallback, useId, useRef, useState } from "react";

/**
 * A disclosure (button + panel) that works by keyboard: Escape closes it and gives focus back to its
 * button; moving focus out of it closes it.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !open) return;
      event.stopPropagation();
      // Focus first: a button that opens on focus (the account menu) would otherwise reopen.
      buttonRef.current?.focus();
      setOpen(false);
    },
    [open],
  );
  const onBlur = useCallback((event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }, []);

  return { open, setOpen, buttonRef, panelId, containerProps: { onKeyDown, onBlur } };
}
