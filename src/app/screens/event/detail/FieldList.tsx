import { Badge, DataList, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ResultMark } from "../../../ui/ResultMark.tsx";
import type { ResultTone } from "../../../ui/resultTone.ts";

export interface ShownField {
  key: string;
  label: string;
  value: string;
  /** A result (aaresult, maresult): the value is shown as a result mark of this tone. */
  tone?: ResultTone;
  /** A remark read with the value (e.g. that it differs from the other party's). */
  note?: string;
}

/** Field names and values of one part of the event, in the operator's order. */
export function FieldList({ fields }: { fields: readonly ShownField[] }) {
  const { t } = useTranslation("eventDetail");
  if (fields.length === 0)
    return (
      <Text as="p" color="gray">
        {t("noData")}
      </Text>
    );
  return (
    <DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }} size="2">
      {fields.map((field) => (
        <DataList.Item key={field.key}>
          <DataList.Label minWidth="14rem">{field.label}</DataList.Label>
          <DataList.Value className="event-detail-value">
            {field.tone && field.value !== "" ? (
              <ResultMark tone={field.tone} label={field.value} />
            ) : (
              field.value
            )}
            {field.note ? (
              <Badge color="orange" variant="soft" ml="2" className="event-detail-note">
                {field.note}
              </Badge>
            ) : null}
          </DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
