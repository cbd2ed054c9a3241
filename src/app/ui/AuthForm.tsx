import { Button, Flex, Link } from "@radix-ui/themes";
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef } from "react";
import type { ErrorItem } from "../../contract/envelope.ts";
import { FormMessage } from "./FormMessage.tsx";

/**
 * The form of a signed-out page: the messages about the whole form, then the fields in one column,
 * the submit button and one link onwards (validation is the caller's: the form is noValidate).
 */
export function AuthForm(props: {
  form: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent) => void;
  /** Refusals that name no field. */
  messages: readonly ErrorItem[];
  submitLabel: string;
  submitDisabled: boolean;
  /**
   * The field (its id) the keyboard focus goes to when the server refused the form as a whole (903,
   * 921) after the focus was lost with the disabled submit button; a field the refusal names goes first.
   */
  refusalFocus: string;
  link: { href: string; label: string };
  children: ReactNode;
}) {
  useFocusAfterSending(props.form, props.submitDisabled, props.refusalFocus);
  return (
    <>
      {props.messages.map((error) => (
        <FormMessage key={error.code} tone="error">
          {error.message}
        </FormMessage>
      ))}
      <form ref={props.form} onSubmit={props.onSubmit} noValidate>
        <Flex direction="column" gap="4">
          {props.children}
          <Button type="submit" size="3" disabled={props.submitDisabled}>
            {props.submitLabel}
          </Button>
          <Link href={props.link.href}>{props.link.label}</Link>
        </Flex>
      </form>
    </>
  );
}

/**
 * The submit button is disabled while the form is sent, and a disabled button drops the keyboard
 * focus to the page's body: a keyboard or screen-reader user who pressed it would then start again
 * from the top of the page after a refusal. Once the button is enabled again, a focus that was lost
 * goes to the first field marked invalid, else to `refusalFocus`; a focus still in a field (Enter
 * pressed there) stays where it is.
 */
function useFocusAfterSending(
  form: RefObject<HTMLFormElement | null>,
  submitDisabled: boolean,
  refusalFocus: string,
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
      fields?.querySelector<HTMLElement>("[aria-invalid='true']") ??
      fields?.querySelector<HTMLElement>(`#${CSS.escape(refusalFocus)}`);
    target?.focus();
  }, [form, submitDisabled, refusalFocus]);
}
