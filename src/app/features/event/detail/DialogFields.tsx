import { Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A field's error line, announced with the control through aria-describedby. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <Text as="p" size="1" color="red" id={`${id}-error`}>
      {error}
    </Text>
  );
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

/**
 * A labelled text line (the reason of a manual result). No maxlength: the browser would count UTF-16
 * units, cutting 𠮷 or an emoji at half the limit; the form's check counts code points as the server.
 */
export function DialogTextField({
  id,
  label,
  value,
  onChange,
  error,
  required,
  suggestions = [],
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  required?: boolean;
  /** Values the browser offers as the operator types (a datalist); free text stays allowed. */
  suggestions?: readonly string[];
}) {
  const listId = suggestions.length > 0 ? `${id}-suggestions` : undefined;
  return (
    <div className="event-dialog-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <input
        id={id}
        className="event-dialog-select"
        value={value}
        required={required}
        list={listId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        onChange={(event) => onChange(event.target.value)}
      />
      {listId ? (
        <datalist id={listId}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A labelled memo with its character counter (spec section 9: up to 500 characters). */
export function DialogMemoField({
  id,
  label,
  value,
  onChange,
  error,
  max,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  max: number;
}) {
  const { t } = useTranslation("eventDetail");
  // Counted as it will be saved: the memo is trimmed first (spec section 5).
  const count = [...value.trim()].length;
  return (
    <div className="event-dialog-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <textarea
        id={id}
        className="event-dialog-textarea"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-count`, error && `${id}-error`)}
        onChange={(event) => onChange(event.target.value)}
      />
      <Text as="p" size="1" color={count > max ? "red" : "gray"} id={`${id}-count`}>
        {t("characterCount", { count, max })}
      </Text>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The shared SelectField (src/app/ui) as it stands in a dialog. */
export const DIALOG_SELECT_CLASSES = { field: "event-dialog-field", select: "event-dialog-select" };

/** A group of checkboxes or radio buttons under its legend. */
export function DialogChoices({
  legend,
  status,
  error,
  errorId,
  children,
}: {
  legend: string;
  /** Lines under the legend on how things stand now (read with the group). */
  status?: string | readonly string[];
  error?: string | undefined;
  errorId: string;
  children: ReactNode;
}) {
  const describedBy = [status ? `${errorId}-status` : "", error ? `${errorId}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      className="event-dialog-fieldset"
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      {status ? (
        <p id={`${errorId}-status`} className="event-dialog-status">
          {typeof status === "string"
            ? status
            : status.map((line) => (
                <span key={line} className="event-dialog-status-line">
                  {line}
                </span>
              ))}
        </p>
      ) : null}
      {children}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/** One checkbox or radio button with its label. */
export function DialogChoice({
  type,
  name,
  label,
  checked,
  disabled,
  onChange,
}: {
  type: "checkbox" | "radio";
  name: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="event-dialog-choice">
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
