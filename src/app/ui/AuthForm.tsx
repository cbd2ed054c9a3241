import { Button, Flex, Link } from "@radix-ui/themes";
import type { FormEvent, ReactNode, RefObject } from "react";
import type { ErrorItem } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import { translateKey } from "../i18n/i18n.ts";
import { FormMessage } from "./FormMessage.tsx";
import { useFocusAfterSending } from "./useFocusAfterSending.ts";

/**
 * The form of a signed-out page: the messages about the whole form, then the fields in one column,
 * the submit button and one link onwards (validation is the caller's: the form is noValidate).
 */
export function AuthForm(props: {
  form: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent) => void;
  /** Refusals that name no field, or the call's own failure (the network), which reads as 697. */
  messages: readonly ErrorItem[];
  submitLabel: string;
  submitDisabled: boolean;
  /**
   * The field (its id) the keyboard focus goes to when the server refused the form as a whole (903,
   * 921) or the call failed (697) after the focus was lost with the disabled submit button; a field
   * the refusal names goes first.
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
          {/* As shownErrorText reads them; its module would join the script /login loads (bench (a)). */}
          {error.code === ERROR.internalFailure ? translateKey("messages:no.697") : error.message}
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
