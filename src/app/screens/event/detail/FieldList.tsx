import { DataList, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";

export interface ShownField {
  key: string;
  label: string;
  value: string;
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
          <DataList.Value className="event-detail-value">{field.value}</DataList.Value>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
