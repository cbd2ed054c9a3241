import { Text } from "@radix-ui/themes";

/**
 * A labelled native select (keyboard and screen readers handle it as they know it), its error under
 * it. `classes` fit it to where it stands (the search form, a dialog).
 */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  error,
  disabled,
  classes = { field: "event-search-field", select: "event-select" },
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  classes?: { field: string; select: string };
}) {
  return (
    <div className={classes.field}>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <select
        id={id}
        className={classes.select}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <Text as="p" size="1" color="red" id={`${id}-error`}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}
