import { Card, Heading, Text } from "@radix-ui/themes";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { UploadOptionValues } from "../../../../machines/csv/csvUploadFormMachine.ts";
import type { Label } from "../../../contract/eventActions.ts";
import { EVENT_CODE_LABELS } from "../../../contract/eventCodeLabels.ts";
import { MANUAL_RESULTS } from "../../../contract/screening.ts";
import { SETTLE_STATUSES } from "../../../contract/screeningApi.ts";
import {
  CSV_UPDATE_UPLOAD_TYPES,
  type CsvUpdateOptions,
  TYPED_VALUE_COLUMN,
} from "../../../contract/uploadOptions.ts";
import { currentLang } from "../../i18n/i18n.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { SelectField } from "../../ui/SelectField.tsx";
import { ChoiceField } from "./ChoiceField.tsx";
import { CsvUploadPanel, useUploadOptions } from "./CsvUploadPanel.tsx";
import { useTenantLabels } from "./useTenantLabels.ts";
import "./csvScreens.css";

const START: CsvUpdateOptions = {
  uploadType: "10",
  logicalDelete: "0",
  settleStatus: null,
  manualResult: null,
  reason: "",
  labelIds: [],
  labelUnregister: "0",
};
const FIELD_CLASSES = { field: "csv-field", select: "csv-select" };
const FLAGS = ["0", "1"] as const;

/** By event ID (10) or merchant management ID (00) the IDs are typed on the screen; 30 is a CSV file. */
export const updateTypedValues = (options: UploadOptionValues) => {
  const { uploadType } = options as CsvUpdateOptions;
  return uploadType === "30" ? null : { type: uploadType, column: TYPED_VALUE_COLUMN[uploadType] };
};

/**
 * CSV update (spec section 2): events by event ID, merchant management ID or a CSV; logical delete do
 * or do not, settle status, manual screening result with its reason, labels registered or taken off.
 * At least one must change (902).
 */
export function CsvUpdateScreen() {
  const { t } = useTranslation("csvScreens");
  usePageTitle(t("update.heading"));
  return (
    <Card size="4">
      <Heading as="h1" size="6" mb="4">
        {t("update.heading")}
      </Heading>
      <CsvUploadPanel
        fileType="CsvUpdate"
        options={START}
        history={{ path: "/CsvAuthoriHistory", label: t("panel.toHistory") }}
        typedValues={updateTypedValues}
      >
        <UpdateOptions />
      </CsvUploadPanel>
    </Card>
  );
}

/**
 * The labels to register or take off, several at once: a group of native checkboxes under a legend,
 * each named by its label's visible name (Tab moves between them, Space ticks one). The chosen IDs
 * keep the tenant's order of labels, whatever order they were ticked in.
 */
export function LabelChoices({
  legend,
  empty,
  labels,
  chosen,
  onChange,
}: {
  legend: string;
  empty: string;
  labels: readonly Label[];
  chosen: readonly string[];
  onChange: (labelIds: string[]) => void;
}) {
  const picked = new Set(chosen);
  const toggle = (labelId: string, on: boolean) => {
    if (on) picked.add(labelId);
    else picked.delete(labelId);
    onChange(labels.flatMap((label) => (picked.has(label.labelId) ? [label.labelId] : [])));
  };
  return (
    <fieldset className="csv-choices">
      <legend>{legend}</legend>
      {labels.length === 0 ? (
        <Text size="2" color="gray">
          {empty}
        </Text>
      ) : (
        <div className="csv-choice-options">
          {labels.map((label) => (
            <label key={label.labelId} className="csv-choice">
              <input
                type="checkbox"
                name="labelIds"
                value={label.labelId}
                checked={picked.has(label.labelId)}
                onChange={(event) => toggle(label.labelId, event.target.checked)}
              />
              <Text size="2">{label.name}</Text>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function UpdateOptions() {
  const { t } = useTranslation("csvScreens");
  const { options, change } = useUploadOptions<CsvUpdateOptions>();
  const id = useId();
  const labels = EVENT_CODE_LABELS[currentLang()];
  const tenantLabels = useTenantLabels();
  const set = (patch: Partial<CsvUpdateOptions>) => change({ ...options, ...patch });
  return (
    <>
      <ChoiceField
        name="uploadType"
        legend={t("update.uploadType")}
        value={options.uploadType}
        options={CSV_UPDATE_UPLOAD_TYPES.map((value) => ({ value, label: t(`update.uploadTypes.${value}`) }))}
        onChange={(value) => set({ uploadType: value as CsvUpdateOptions["uploadType"] })}
      />
      <ChoiceField
        name="logicalDelete"
        legend={t("update.logicalDelete")}
        value={options.logicalDelete}
        options={FLAGS.map((value) => ({ value, label: t(`update.deleteChoices.${value}` as const) }))}
        onChange={(value) => set({ logicalDelete: value as CsvUpdateOptions["logicalDelete"] })}
      />
      <SelectField
        id={`${id}-settle`}
        label={t("update.settleStatus")}
        value={options.settleStatus ?? ""}
        classes={FIELD_CLASSES}
        options={[
          { value: "", label: t("update.noChange") },
          ...SETTLE_STATUSES.map((value) => ({ value, label: labels.settleStatus[value] })),
        ]}
        onChange={(value) => set({ settleStatus: (value || null) as CsvUpdateOptions["settleStatus"] })}
      />
      <SelectField
        id={`${id}-result`}
        label={t("update.manualResult")}
        value={options.manualResult ?? ""}
        classes={FIELD_CLASSES}
        options={[
          { value: "", label: t("update.noChange") },
          ...MANUAL_RESULTS.map((value) => ({ value, label: labels.maresult[value] })),
        ]}
        onChange={(value) => set({ manualResult: (value || null) as CsvUpdateOptions["manualResult"] })}
      />
      <div className="csv-field">
        <Text as="label" htmlFor={`${id}-reason`} size="2" weight="medium">
          {t("update.reason")}
        </Text>
        <input
          id={`${id}-reason`}
          className="csv-input"
          maxLength={500}
          value={options.reason}
          disabled={options.manualResult === null}
          onChange={(event) => set({ reason: event.target.value })}
        />
      </div>
      <LabelChoices
        legend={t("update.label")}
        empty={t("update.noLabel")}
        labels={tenantLabels}
        chosen={options.labelIds}
        onChange={(labelIds) => set({ labelIds })}
      />
      <ChoiceField
        name="labelUnregister"
        legend={t("update.labelAction")}
        value={options.labelUnregister}
        options={FLAGS.map((value) => ({ value, label: t(`update.labelActions.${value}` as const) }))}
        onChange={(value) => set({ labelUnregister: value as CsvUpdateOptions["labelUnregister"] })}
      />
    </>
  );
}
