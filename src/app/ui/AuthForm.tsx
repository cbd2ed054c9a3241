import { Button, Flex, Link } from "@radix-ui/themes";
import type { FormEvent, ReactNode, RefObject } from "react";
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
  link: { href: string; label: string };
  children: ReactNode;
}) {
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
