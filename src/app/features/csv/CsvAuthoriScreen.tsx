import { Card, Heading } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import {
  CSV_SCREENING_PRIORITIES,
  CSV_SCREENING_PRIORITY,
  type CsvAuthoriOptions,
} from "../../../contract/uploadOptions.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { ChoiceField } from "./ChoiceField.tsx";
import { CsvUploadPanel, useUploadOptions } from "./CsvUploadPanel.tsx";
import "./csvScreens.css";

const START: CsvAuthoriOptions = { priority: CSV_SCREENING_PRIORITY.speed };

/** CSV screening registration (spec section 2): the method (speed or accuracy priority) and the CSV file. */
export function CsvAuthoriScreen() {
  const { t } = useTranslation("csvScreens");
  usePageTitle(t("authori.heading"));
  return (
    <Card size="4">
      <Heading as="h1" size="6" mb="4">
        {t("authori.heading")}
      </Heading>
      <CsvUploadPanel
        fileType="CsvAuthori"
        options={START}
        history={{ path: "/CsvAuthoriHistory", label: t("panel.toHistory") }}
      >
        <PriorityField />
      </CsvUploadPanel>
    </Card>
  );
}

function PriorityField() {
  const { t } = useTranslation("csvScreens");
  const { options, change } = useUploadOptions<CsvAuthoriOptions>();
  return (
    <ChoiceField
      name="priority"
      legend={t("authori.method")}
      value={options.priority}
      options={CSV_SCREENING_PRIORITIES.map((value) => ({ value, label: t(`authori.priority.${value}`) }))}
      onChange={(value) => change({ priority: value as CsvAuthoriOptions["priority"] })}
    />
  );
}
