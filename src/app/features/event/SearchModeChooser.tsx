import { Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { SEARCH_MODE } from "../../../contract/eventSearch.ts";

export type SearchMode = (typeof SEARCH_MODE)[keyof typeof SEARCH_MODE];

/** Quick (mode 0) or detailed (mode 1) search, as two radio buttons (arrow keys move between them). */
export function SearchModeChooser({
  mode,
  onChange,
}: {
  mode: SearchMode;
  onChange: (mode: SearchMode) => void;
}) {
  const { t } = useTranslation("eventList");
  const choices = [
    { value: SEARCH_MODE.quick, label: t("modeQuick") },
    { value: SEARCH_MODE.detail, label: t("modeDetail") },
  ] as const;
  return (
    <fieldset className="event-search-mode">
      <legend className="event-search-legend">{t("searchMode")}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="event-search-check">
          <input
            type="radio"
            name="eventSearchMode"
            value={choice.value}
            checked={mode === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <Text size="2">{choice.label}</Text>
        </label>
      ))}
    </fieldset>
  );
}
