import type { z } from "zod";
import type { ErrorItem } from "../../contract/envelope.ts";
import { fieldErrorsIn } from "../../contract/validation.ts";
import { translateKey } from "../i18n/i18n.ts";

/** First message per field, keyed by the field's dotted path. */
export type FieldErrors = Partial<Record<string, string>>;

/** Validates a form with the contract's schema; null when it passes (spec section 5 messages). */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: parseErrors(parsed.error) };
}

/** A failed parse's first message per field, in the language shown (spec section 5 texts). */
export function parseErrors(error: z.ZodError): FieldErrors {
  // The "messages" namespace is the contract's catalogue in the language shown.
  const text = (key: string, params?: Record<string, string | number>) =>
    translateKey(`messages:${key}`, params);
  return firstPerField(fieldErrorsIn(text, error));
}

/**
 * The server's validation refusals that name a field, as field errors keyed as the form's own fields
 * are: the server names them from the envelope ("telegram.memo"), so "telegram." is taken off, and
 * `within`'s prefix too for a form that edits a part of the telegram ("search" for
 * "telegram.search.tel").
 */
export function serverFieldErrors(errors: readonly ErrorItem[], within?: string): FieldErrors {
  const prefix = within === undefined ? "telegram." : `telegram.${within}.`;
  return firstPerField(
    errors.flatMap((error) =>
      error.field
        ? [
            {
              field: error.field.startsWith(prefix) ? error.field.slice(prefix.length) : error.field,
              message: error.message,
            },
          ]
        : [],
    ),
  );
}

/** First message per field; an element's ("labelIds.0") also stands for its list ("labelIds"). */
function firstPerField(list: readonly { field: string; message: string }[]): FieldErrors {
  const result: FieldErrors = {};
  for (const { field, message } of list) {
    result[field] ??= message;
    const parts = field.split(".");
    while (parts.length > 1 && /^\d+$/.test(parts.at(-1) as string)) {
      parts.pop();
      result[parts.join(".")] ??= message;
    }
  }
  return result;
}

/**
 * The first control of a form marked invalid: a field, or the first control of an invalid group (a
 * fieldset of checkboxes), which cannot take the focus itself.
 */
export function firstInvalidControl(form: HTMLFormElement | null): HTMLElement | null {
  const invalid = form?.querySelector<HTMLElement>("[aria-invalid='true']") ?? null;
  if (!(invalid instanceof HTMLFieldSetElement)) return invalid;
  return invalid.querySelector<HTMLElement>("input:enabled, select:enabled, textarea:enabled");
}

/** Moves focus to the first invalid field of a form, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  firstInvalidControl(form)?.focus();
}
