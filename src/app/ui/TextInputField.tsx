import { Text, TextField } from "@radix-ui/themes";

/**
 * A labelled text input: the visible label is the accessible name; an error is announced with the
 * field (aria-describedby) and marks it invalid. No maxLength: a longer paste is kept whole and refused
 * with the max-length message instead of being cut silently (a company ID cut at 50 names another).
 */
export function TextInputField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = "text",
  autoComplete,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  disabled?: boolean;
}) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <TextField.Root
        id={id}
        name={id}
        type={type}
        size="3"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={autoComplete}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <Text as="p" size="2" color="gray" id={`${id}-hint`} className="field-hint">
          {hint}
        </Text>
      )}
      {error && (
        <Text as="p" size="2" color="red" id={`${id}-error`} className="field-error">
          {error}
        </Text>
      )}
    </div>
  );
}
