import { Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import type { Lang } from "../../../contract/envelope.ts";
import { codeLabel } from "../../../contract/eventCodeLabels.ts";
import { EVENT_FIELD_LABELS } from "../../../contract/eventFields.ts";
import { ASSIGNEE_NONE, type DetailSearch, PARTY_TARGETS } from "../../../contract/eventSearch.ts";
import { currentLang, translateKey } from "../../i18n/i18n.ts";
import type { FieldErrors } from "../../ui/fieldErrors.ts";
import { SelectField } from "../../ui/SelectField.tsx";
import { CheckboxGroupField } from "./CheckboxGroupField.tsx";
import { DETAIL_LAYOUT, type DetailControl, type FieldLabelKey } from "./detailSearchLayout.ts";
import { useEventSearchChoices } from "./EventSearchChoices.tsx";
import { modelChoices } from "./modelChoices.ts";
import { SearchField } from "./SearchField.tsx";

export type DetailValues = Omit<DetailSearch, "mode">;

interface FieldsProps {
  values: DetailValues;
  errors: FieldErrors;
  onChange: (patch: Partial<DetailValues>) => void;
}

/** The search form's field ids: the prefix, then the search field's name (unreadableDates.ts reads them back). */
export const SEARCH_FIELD_ID_PREFIX = "eventSearch-";
export const searchFieldId = (field: string) => `${SEARCH_FIELD_ID_PREFIX}${field}`;

/** Every field of the detailed search (spec section 5), grouped; each with its label and its message. */
export function DetailSearchFields(props: FieldsProps) {
  const { t } = useTranslation("eventList");
  return (
    <div className="event-search-groups">
      {DETAIL_LAYOUT.map(({ group, controls }) => (
        <fieldset key={group} className="event-search-group">
          <legend className="event-search-group-legend">
            <Text size="3" weight="bold">
              {t(`groups.${group}`)}
            </Text>
          </legend>
          <div className="event-search-grid">
            {controls.map((control) => (
              <DetailControlView key={controlKey(control)} control={control} {...props} />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

function controlKey(control: DetailControl): string {
  switch (control.kind) {
    case "multi":
    case "text":
    case "codes":
      return control.field;
    case "range":
      return control.from;
    case "dateTime":
      return control.range.from[0];
    default:
      return control.kind;
  }
}

function DetailControlView({ control, values, errors, onChange }: FieldsProps & { control: DetailControl }) {
  const { t } = useTranslation("eventList");
  const lang: Lang = currentLang();
  const { labels, assignees, models } = useEventSearchChoices();
  const name = (key: FieldLabelKey) => EVENT_FIELD_LABELS[lang][key];

  switch (control.kind) {
    case "multi":
    case "text":
      return (
        <SearchField
          id={searchFieldId(control.field)}
          label={name(control.label)}
          value={values[control.field]}
          onChange={(value) => onChange({ [control.field]: value })}
          error={errors[control.field]}
          hint={control.kind === "multi" ? t("multiHint") : undefined}
        />
      );
    case "range":
      return (
        <>
          {(["from", "to"] as const).map((end) => {
            const field = control[end];
            return (
              <SearchField
                key={field}
                id={searchFieldId(field)}
                label={t(end === "from" ? "rangeFrom" : "rangeTo", { field: name(control.label) })}
                value={values[field]}
                inputMode="numeric"
                onChange={(value) => onChange({ [field]: value })}
                error={errors[field]}
              />
            );
          })}
        </>
      );
    case "dateTime": {
      const [fromDate, fromTime] = control.range.from;
      const [toDate, toTime] = control.range.to;
      const parts = [
        { field: fromDate, type: "date", key: "dateFrom" },
        { field: fromTime, type: "time", key: "timeFrom" },
        { field: toDate, type: "date", key: "dateTo" },
        { field: toTime, type: "time", key: "timeTo" },
      ] as const;
      return (
        <>
          {parts.map((part) => (
            <SearchField
              key={part.field}
              id={searchFieldId(part.field)}
              type={part.type}
              label={t(part.key, { field: name(control.label) })}
              value={values[part.field]}
              onChange={(value) => onChange({ [part.field]: value })}
              error={errors[part.field]}
            />
          ))}
        </>
      );
    }
    case "codes":
      return (
        <CheckboxGroupField
          id={searchFieldId(control.field)}
          legend={name(control.label)}
          options={control.values.map((value) => ({
            value,
            label: codeLabel(lang, control.codeKind, value),
          }))}
          selected={values[control.field]}
          onChange={(selected) => onChange({ [control.field]: selected })}
          error={errors[control.field]}
        />
      );
    case "partyTarget":
      return (
        <SelectField
          id={searchFieldId("partyTarget")}
          label={t("partyTarget")}
          value={values.partyTarget}
          options={PARTY_TARGETS.map((value) => ({ value, label: t(`partyTargets.${value}`) }))}
          onChange={(value) => onChange({ partyTarget: value as DetailValues["partyTarget"] })}
          error={errors.partyTarget}
        />
      );
    case "negatived":
      return (
        <SelectField
          id={searchFieldId("negatived")}
          label={name("negatived")}
          value={values.negatived}
          options={[
            { value: "", label: t("any") },
            { value: "1", label: t("negativedValues.1") },
            { value: "0", label: t("negativedValues.0") },
          ]}
          onChange={(value) => onChange({ negatived: value as DetailValues["negatived"] })}
          error={errors.negatived}
        />
      );
    case "model":
      return (
        <SelectField
          id={searchFieldId("modelId")}
          label={name("modelId")}
          value={values.modelId}
          options={modelChoices(models, values.modelId, {
            any: t("any"),
            unknown: (modelId) => t("unknownModel", { modelId }),
          })}
          onChange={(value) => onChange({ modelId: value })}
          error={errors.modelId}
        />
      );
    case "assignee":
      return (
        <SelectField
          id={searchFieldId("assigneeId")}
          label={name("assigneeName")}
          value={values.assigneeId}
          options={[
            { value: "", label: t("any") },
            { value: ASSIGNEE_NONE, label: t("assigneeNone") },
            ...(assignees ?? []).map((a) => ({ value: String(a.operatorId), label: a.operatorName })),
          ]}
          onChange={(value) => onChange({ assigneeId: value })}
          error={errors.assigneeId}
        />
      );
    case "labels":
      if (labels === null) return null;
      if (labels.length === 0)
        return (
          <Text as="p" size="2" color="gray">
            {name("labelNames")}: {translateKey("messages:no.914")}
          </Text>
        );
      return (
        <CheckboxGroupField
          id={searchFieldId("labelIds")}
          legend={name("labelNames")}
          options={labels.map((label) => ({ value: label.labelId, label: label.name }))}
          selected={values.labelIds}
          onChange={(selected) => onChange({ labelIds: selected })}
          error={errors.labelIds}
        />
      );
  }
}
