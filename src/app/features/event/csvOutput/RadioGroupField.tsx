import { Text } from "@radix-ui/themes";

/**
 * One choice among a few, as native radio buttons under a legend: arrow keys move between them and
 * each option's text is its accessible name.
 */
export function RadioGroupField({
  name,
  legend,
  value,
  options,
  onChange,
}: {
  name: string;
  legend: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="event-search-checks">
      <legend className="event-search-legend">{legend}</legend>
      <div className="event-search-check-options">
        {options.map((option) => (
          <label key={option.value} className="event-search-check">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <Text size="2">{option.label}</Text>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
