const CONTROLS = "button, select, input, textarea, a[href]";

const isDisabled = (element: HTMLElement): boolean =>
  element.matches(":disabled") || element.getAttribute("aria-disabled") === "true";

const controlsOf = (group: HTMLElement) => [...group.querySelectorAll<HTMLElement>(CONTROLS)];

/**
 * A control that its own use disables or removes (Next on reaching the last page, Deselect all once
 * nothing is selected, an action refused because another operator edits the event, Reload once the
 * event may be edited again) would drop the keyboard focus to the page's body, and the operator would
 * have to Tab back from the top. Given as the `ref` of a group's element, this moves the focus instead
 * to the nearest enabled control of the group after it (else before it); for a removed control, from
 * where it stood. Focus already elsewhere is left alone. (A ref callback returning its cleanup, as
 * React 19 takes it.)
 */
export function keepFocusInGroup(group: HTMLElement | null): (() => void) | undefined {
  if (!group) return undefined;
  let lastFocused: HTMLElement | null = null;
  /** Its place among the group's controls when it took the focus. */
  let lastPlace = 0;
  const remember = (event: FocusEvent) => {
    if (!(event.target instanceof HTMLElement)) return;
    lastFocused = event.target;
    lastPlace = Math.max(0, controlsOf(group).indexOf(event.target));
  };
  // Whichever component disables or removes the control, the group sees the change.
  const keepFocus = () => {
    const lost = lastFocused;
    if (!lost) return;
    const removed = !group.contains(lost);
    // Only a real `disabled` loses the focus: an aria-disabled control (BusyButton) keeps it.
    if (!removed && !lost.matches(":disabled")) return;
    const active = document.activeElement;
    // Chrome moves the focus off a disabled or removed control to the body, at once or at its next rendering.
    if (active !== lost && active !== null && active !== document.body) return;
    const controls = controlsOf(group);
    const at = removed ? lastPlace - 1 : controls.indexOf(lost);
    const nearest = [...controls.slice(at + 1), ...controls.slice(0, Math.max(at, 0)).reverse()].find(
      (control) => !isDisabled(control),
    );
    if (nearest) lastFocused = null;
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
