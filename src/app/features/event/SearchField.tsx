import { Text, TextField } from "@radix-ui/themes";

/**
 * One labelled input of the event search (text, date or time): the visible label is its accessible
 * name; its message (spec section 5) is announced with it and marks it invalid. No maxLength, so an
 * over-long value gets the spec's message instead of being cut silently.
 */
export function SearchField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = "text",
  inputMode,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  type?: "text" | "date" | "time";
  inputMode?: "numeric";
}) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="event-search-field">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        id={id}
        name={id}
        type={type}
        size="2"
        value={value}
        inputMode={inputMode}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <Text as="p" size="1" color="gray" id={`${id}-hint`}>
          {hint}
        </Text>
      ) : null}
      {error ? (
        <Text as="p" size="1" color="red" id={`${id}-error`}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}
