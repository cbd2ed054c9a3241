import { useRef, useState } from "react";
import { type FieldErrors, focusFirstInvalid } from "./fieldErrors.ts";

/** A form's text values and the errors found before sending, with the form element to focus in. */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [rejected, setRejected] = useState(false);
  return {
    form,
    values,
    clientErrors,
    /**
     * The last submit was stopped before sending: the server's answer to an earlier one is stale and
     * the caller hides it (a 903 beside "required" would say the new attempt failed at the server).
     */
    rejected,
    /** The change handler of one field. */
    set: (field: keyof T) => (value: string) => setValues({ ...values, [field]: value }),
    /** Shows the errors found before sending and moves focus to the first invalid field. */
    reject(errors: FieldErrors) {
      setClientErrors(errors);
      setRejected(true);
      queueMicrotask(() => focusFirstInvalid(form.current));
    },
    /** Clears the errors found before sending (the form is about to be sent). */
    accept() {
      setClientErrors({});
      setRejected(false);
    },
  };
}
