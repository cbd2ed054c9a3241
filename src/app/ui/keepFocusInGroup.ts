const CONTROLS = "button, select, input, textarea, a[href]";

const isDisabled = (element: HTMLElement): boolean =>
  element.matches(":disabled") || element.getAttribute("aria-disabled") === "true";

/**
 * A control that its own use disables (Next on reaching the last page, Deselect all once nothing is
 * selected, an action refused because another operator edits the event) would drop the keyboard
 * focus to the page's body, and the operator would have to Tab back from the top. Given as the `ref`
 * of a group's element, this moves the focus instead to the nearest enabled control of the group
 * after it (else before it). Focus already elsewhere is left alone. (A ref callback returning its
 * cleanup, as React 19 takes it.)
 */
export function keepFocusInGroup(group: HTMLElement | null): (() => void) | undefined {
  if (!group) return undefined;
  let lastFocused: HTMLElement | null = null;
  const remember = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement) lastFocused = event.target;
  };
  // Whichever component disables the control, the group sees the attribute change.
  const keepFocus = () => {
    const lost = lastFocused;
    if (!lost || !group.contains(lost) || !isDisabled(lost)) return;
    const active = document.activeElement;
    // Chrome moves the focus off a disabled control to the body, at once or at its next rendering.
    if (active !== lost && active !== null && active !== document.body) return;
    const controls = [...group.querySelectorAll<HTMLElement>(CONTROLS)];
    const at = controls.indexOf(lost);
    const nearest = [...controls.slice(at + 1), ...controls.slice(0, Math.max(at, 0)).reverse()].find(
      (control) => !isDisabled(control),
    );
    nearest?.focus();
  };
  const observer = new MutationObserver(keepFocus);
  observer.observe(group, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["disabled", "aria-disabled"],
  });
  group.addEventListener("focusin", remember);
  return () => {
    observer.disconnect();
    group.removeEventListener("focusin", remember);
  };
}
