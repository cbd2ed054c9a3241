import { type RefObject, useEffect, useRef } from "react";
import { firstInvalidControl } from "./fieldErrors.ts";

/**
 * The submit button is disabled while the form is sent, and a disabled button drops the keyboard
 * focus to the page's body: a keyboard or screen-reader user who pressed it would then start again
 * from the top of the page after a refusal. Once the button is enabled again, a focus that was lost
 * goes to the first field marked invalid (a group's first control), else to `refusalFocus` when
 * given; a focus still in a field (Enter pressed there) stays where it is.
 */
export function useFocusAfterSending(
  form: RefObject<HTMLFormElement | null>,
  submitDisabled: boolean,
  refusalFocus?: string,
): void {
  const sending = useRef(false);
  useEffect(() => {
    if (submitDisabled) {
      sending.current = true;
      return;
    }
    if (!sending.current) return;
    sending.current = false;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const fields = form.current;
    const target =
      firstInvalidControl(fields) ??
      (refusalFocus === undefined
        ? null
        : fields?.querySelector<HTMLElement>(`#${CSS.escape(refusalFocus)}`));
    target?.focus();
  }, [form, submitDisabled, refusalFocus]);
}
