import { type RefObject, useEffect, useRef } from "react";

const CONTROLS = "button, select, input, textarea, a[href]";

const isDisabled = (element: HTMLElement): boolean =>
  element.matches(":disabled") || element.getAttribute("aria-disabled") === "true";

/**
 * A control that its own use disables (Next on reaching the last page, Deselect all once nothing is
 * selected) would drop the keyboard focus to the page's body, and the operator would have to Tab
 * back from the top. Within the group whose element gets the returned ref, the focus moves instead
 * to the nearest enabled control after it (else before it). Focus already elsewhere is left alone.
 */
export function useFocusKeptInGroup<T extends HTMLElement>(): RefObject<T | null> {
  const group = useRef<T>(null);
  const lastFocused = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = group.current;
    if (!element) return;
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) lastFocused.current = event.target;
    };
    element.addEventListener("focusin", remember);
    return () => element.removeEventListener("focusin", remember);
  }, []);

  // After every render: a render is what disables a control of the group.
  useEffect(() => {
    const element = group.current;
    const lost = lastFocused.current;
    if (!element || !lost || !element.contains(lost) || !isDisabled(lost)) return;
    const active = document.activeElement;
    // Chrome moves the focus off a disabled control to the body, at once or at its next rendering.
    if (active !== lost && active !== null && active !== document.body) return;
    const controls = [...element.querySelectorAll<HTMLElement>(CONTROLS)];
    const at = controls.indexOf(lost);
    const nearest = [...controls.slice(at + 1), ...controls.slice(0, Math.max(at, 0)).reverse()].find(
      (control) => !isDisabled(control),
    );
    nearest?.focus();
  });

  return group;
}
