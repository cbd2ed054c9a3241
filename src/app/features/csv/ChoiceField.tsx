import { Text } from "@radix-ui/themes";

/** One choice among a few as native radio buttons under a legend; each option's text is its name. */
export function ChoiceField({
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
    <fieldset className="csv-choices">
      <legend>{legend}</legend>
      <div className="csv-choice-options">
        {options.map((option) => (
          <label key={option.value} className="csv-choice">
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
