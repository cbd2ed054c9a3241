import type { FieldErrors } from "../../ui/fieldErrors.ts";
import { SEARCH_FIELD_ID_PREFIX } from "./DetailSearchFields.tsx";

/**
 * The search form's date and time boxes holding what the browser cannot read as a date or a time:
 * a date typed in part ("2026/01/" with the day still blank) or one that does not exist (February 30).
 * Such a box's value is "" (the browser's value sanitisation), so the search would run as if no
 * date had been given at all, over every day; instead the field gets the format message (spec
 * section 5 dateFormat), keyed by its field name. `text` words the message in the language shown.
 */
export function unreadableDateErrors(
  form: HTMLFormElement | null,
  text: (key: "validation.dateFormat" | "validation.timeFormat", params: { format: string }) => string,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const input of unreadableInputs(form)) {
    const field = input.id.slice(SEARCH_FIELD_ID_PREFIX.length);
    errors[field] =
      input.type === "date"
        ? text("validation.dateFormat", { format: "YYYY-MM-DD" })
        : text("validation.timeFormat", { format: "HH:mm" });
  }
  return errors;
}

/** Empties the boxes holding a date or time typed in part, which their value ("") does not show. */
export function clearUnreadableDates(form: HTMLFormElement | null): void {
  for (const input of unreadableInputs(form)) input.value = "";
}

function unreadableInputs(form: HTMLFormElement | null): HTMLInputElement[] {
  if (!form) return [];
  return [
    ...form.querySelectorAll<HTMLInputElement>(
      `input[type='date'][id^='${SEARCH_FIELD_ID_PREFIX}'], input[type='time'][id^='${SEARCH_FIELD_ID_PREFIX}']`,
    ),
  ].filter((input) => input.validity.badInput);
}
