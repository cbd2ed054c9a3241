import { Button, Spinner } from "@radix-ui/themes";
import type { ComponentPropsWithRef, MouseEvent } from "react";

type ButtonProps = ComponentPropsWithRef<typeof Button>;

export interface BusyButtonProps extends Omit<ButtonProps, "loading"> {
  /** Its own work runs: a spinner beside the label, presses ignored. */
  busy?: boolean;
  /** Another control's work runs (or nothing is to be done yet): presses ignored. */
  unavailable?: boolean;
}

/**
 * A button that stays focusable while it cannot be used. A `disabled` button hands the keyboard focus
 * to the page's body (Chrome moves it off at once), so after Show, Copy or Execute the operator would
 * Tab again from the top; this one looks disabled (Radix's data-disabled), says so to assistive
 * technology (aria-disabled) and ignores presses instead. The spinner sits beside the label: Radix's
 * `loading` would make the label the button's name twice. `disabled` stays for a button that has
 * nothing to do for a while (no rows to write).
 */
export function BusyButton({
  busy = false,
  unavailable = false,
  onClick,
  children,
  ...props
}: BusyButtonProps) {
  const inactive = busy || unavailable;
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (inactive) event.preventDefault();
    else onClick?.(event);
  };
  return (
    <Button
      type="button"
      {...props}
      aria-disabled={inactive || undefined}
      data-disabled={inactive || undefined}
      onClick={press}
    >
      {busy ? <Spinner size="1" /> : null}
      {children}
    </Button>
  );
}
