import { Text } from "@radix-ui/themes";

/**
 * A multi-select as a group of native checkboxes under a legend: each is reached by Tab and toggled by
 * Space, and each option's text is its accessible name.
 */
export function CheckboxGroupField({
  id,
  legend,
  options,
  selected,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  error?: string | undefined;
}) {
  const toggle = (value: string, checked: boolean) =>
    onChange(
      checked
        ? options.map((option) => option.value).filter((v) => v === value || selected.includes(v))
        : selected.filter((v) => v !== value),
    );
  return (
    <fieldset
      className="event-search-checks"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="event-search-legend">{legend}</legend>
      <div className="event-search-check-options">
        {options.map((option) => (
          <label key={option.value} className="event-search-check">
            <input
              type="checkbox"
              name={id}
              value={option.value}
              checked={selected.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <Text size="2">{option.label}</Text>
          </label>
        ))}
      </div>
      {error ? (
        <Text as="p" size="1" color="red" id={`${id}-error`}>
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
