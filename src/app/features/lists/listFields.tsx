import { Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

const inputStyle = {
  minHeight: "var(--space-6)",
  padding: "0 var(--space-2)",
  border: "1px solid var(--gray-a7)",
  borderRadius: "var(--radius-2)",
  background: "var(--color-surface)",
  color: "var(--gray-12)",
  font: "inherit",
} as const;

/** A field's label above it and its error under it, announced with it (aria-describedby). */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: "var(--space-1)" }}>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {children}
      {hint ? (
        <Text as="p" size="1" color="gray" id={`${id}-hint`}>
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text as="p" size="2" color="red" id={`${id}-error`}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
}

/** A labelled text or date input (a date as yyyy-MM-dd, the browser's own picker). */
export function ListInput({ type = "text", ...props }: FieldProps & { type?: "text" | "date" }) {
  const { id, label, value, onChange, hint, error } = props;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        style={inputStyle}
      />
    </Field>
  );
}

/** A labelled multi-line input, one value per line. */
export function ListTextArea(props: FieldProps) {
  const { id, label, value, onChange, hint, error } = props;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        rows={8}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        style={{ ...inputStyle, padding: "var(--space-2)", minWidth: "24rem", fontFamily: "monospace" }}
      />
    </Field>
  );
}

/** A labelled native select. */
export function ListSelect(props: FieldProps & { options: readonly { value: string; label: string }[] }) {
  const { id, label, value, onChange, hint, error, options } = props;
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        style={{ ...inputStyle, minWidth: "12rem" }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A yyyy-MM-dd of the Japan day as an instant: its start, or its last millisecond. */
export const japanDayStart = (ymd: string): string | undefined =>
  ymd === "" ? undefined : `${ymd}T00:00:00.000+09:00`;
export const japanDayEnd = (ymd: string): string | undefined =>
  ymd === "" ? undefined : `${ymd}T23:59:59.999+09:00`;
