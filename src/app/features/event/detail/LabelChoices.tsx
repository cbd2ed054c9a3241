import { useTranslation } from "react-i18next";
import type { Label } from "../../../../contract/eventActions.ts";
import { DialogChoice, DialogChoices } from "./DialogFields.tsx";

/** The tenant's labels as checkboxes; the ticked ones are the event's labels. */
export function LabelChoices({
  labels,
  chosen,
  onChange,
  error,
}: {
  labels: readonly Label[];
  chosen: readonly string[];
  onChange: (labelIds: string[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation("eventDetail");
  if (labels.length === 0) return null;
  const toggle = (labelId: string) => (checked: boolean) =>
    onChange(checked ? [...chosen, labelId] : chosen.filter((id) => id !== labelId));
  return (
    <DialogChoices legend={t("fields.labels")} error={error} errorId="event-dialog-labels">
      {labels.map((label) => (
        <DialogChoice
          key={label.labelId}
          type="checkbox"
          name="labelIds"
          label={label.name}
          checked={chosen.includes(label.labelId)}
          onChange={toggle(label.labelId)}
        />
      ))}
    </DialogChoices>
  );
}
