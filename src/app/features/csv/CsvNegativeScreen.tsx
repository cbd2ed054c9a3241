import { Card, Heading, Text } from "@radix-ui/themes";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { UploadOptionValues } from "../../../../machines/csv/csvUploadFormMachine.ts";
import { NEGATIVE_OTHER_CATEGORIES, NEGATIVE_SETTLE_CATEGORIES } from "../../../contract/eventActions.ts";
import { EVENT_CODE_LABELS } from "../../../contract/eventCodeLabels.ts";
import {
  CSV_CUSTOMER_TYPES,
  CSV_NEGATIVE_UPLOAD_TYPES,
  type CsvNegativeEventOptions,
  TYPED_VALUE_COLUMN,
} from "../../../contract/uploadOptions.ts";
import { currentLang } from "../../i18n/i18n.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { SelectField } from "../../ui/SelectField.tsx";
import { ChoiceField } from "./ChoiceField.tsx";
import { CsvUploadPanel, useUploadOptions } from "./CsvUploadPanel.tsx";
import "./csvScreens.css";

const START: CsvNegativeEventOptions = {
  uploadType: "10",
  customerType: "30",
  settleCategory: "",
  otherCategory: "",
  register: "1",
};

/** By event ID, merchant management ID or member ID the values are typed on the screen; 30 is a CSV. */
export const negativeTypedValues = (options: UploadOptionValues) => {
  const { uploadType } = options as CsvNegativeEventOptions;
  return uploadType === "30" ? null : { type: uploadType, column: TYPED_VALUE_COLUMN[uploadType] };
};
const FIELD_CLASSES = { field: "csv-field", select: "csv-select" };

/**
 * CSV negative (spec section 2): events by event ID, merchant management ID, member ID on screen, or
 * a CSV of negative items; settle and other category; customer type (purchaser, shipping, both); and
 * unregister, which removes both the purchaser and the shipping registration.
 */
export function CsvNegativeScreen() {
  const { t } = useTranslation("csvScreens");
  usePageTitle(t("negative.heading"));
  return (
    <Card size="4">
      <Heading as="h1" size="6" mb="4">
        {t("negative.heading")}
      </Heading>
      <CsvUploadPanel
        fileType="CsvNegativeEvent"
        options={START}
        history={{ path: "/NegativeHistory", label: t("negative.toHistory") }}
        typedValues={negativeTypedValues}
      >
        <NegativeOptions />
      </CsvUploadPanel>
    </Card>
  );
}

function NegativeOptions() {
  const { t } = useTranslation("csvScreens");
  const { options, change } = useUploadOptions<CsvNegativeEventOptions>();
  const id = useId();
  const labels = EVENT_CODE_LABELS[currentLang()];
  const set = (patch: Partial<CsvNegativeEventOptions>) => change({ ...options, ...patch });
  return (
    <>
      <ChoiceField
        name="uploadType"
        legend={t("negative.uploadType")}
        value={options.uploadType}
        options={CSV_NEGATIVE_UPLOAD_TYPES.map((value) => ({
          value,
          label: t(`negative.uploadTypes.${value}`),
        }))}
        onChange={(value) => set({ uploadType: value as CsvNegativeEventOptions["uploadType"] })}
      />
      <SelectField
        id={`${id}-settle`}
        label={t("negative.settleCategory")}
        value={options.settleCategory}
        classes={FIELD_CLASSES}
        options={[
          { value: "", label: t("negative.none") },
          ...NEGATIVE_SETTLE_CATEGORIES.map((value) => ({
            value,
            label: labels.negativeSettleCategory[value],
          })),
        ]}
        onChange={(value) => set({ settleCategory: value as CsvNegativeEventOptions["settleCategory"] })}
      />
      <SelectField
        id={`${id}-other`}
        label={t("negative.otherCategory")}
        value={options.otherCategory}
        classes={FIELD_CLASSES}
        options={[
          { value: "", label: t("negative.none") },
          ...NEGATIVE_OTHER_CATEGORIES.map((value) => ({
            value,
            label: labels.negativeOtherCategory[value],
          })),
        ]}
        onChange={(value) => set({ otherCategory: value as CsvNegativeEventOptions["otherCategory"] })}
      />
      <ChoiceField
        name="customerType"
        legend={t("negative.customerType")}
        value={options.customerType}
        options={CSV_CUSTOMER_TYPES.map((value) => ({
          value,
          label: t(`negative.customerTypes.${value}`),
        }))}
        onChange={(value) => set({ customerType: value as CsvNegativeEventOptions["customerType"] })}
      />
      <Text as="label" size="2" className="csv-choice">
        <input
          type="checkbox"
          checked={options.register === "0"}
          onChange={(event) => set({ register: event.target.checked ? "0" : "1" })}
        />
        {t("negative.unregister")}
      </Text>
    </>
  );
}
