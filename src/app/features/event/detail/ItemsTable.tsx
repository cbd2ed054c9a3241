import { useTranslation } from "react-i18next";
import type { EventDetail } from "../../../../contract/eventDetail.ts";
import { EVENT_FIELD_LABELS, type ItemField } from "../../../../contract/eventFields.ts";
import { currentLang } from "../../../i18n/i18n.ts";
import { type Column, DetailTable } from "./DetailTable.tsx";
import { HiddenByLayout } from "./FieldList.tsx";
import { formatFieldValue } from "./fieldValue.ts";

type Item = EventDetail["items"][number];

/**
 * The order's items with the columns the operator's layout shows; with none shown, a line says the
 * layout hides them (a table without columns would read as empty, like an order without items).
 */
export function ItemsTable({ items, fields }: { items: EventDetail["items"]; fields: readonly ItemField[] }) {
  const { t } = useTranslation("eventDetail");
  const lang = currentLang();
  if (fields.length === 0) return <HiddenByLayout text={t("allColumnsHidden")} />;
  const columns: Column<Item>[] = fields.map((field) => ({
    key: field,
    header: EVENT_FIELD_LABELS[lang][field],
    cell: (item) => formatFieldValue(lang, field, item[field]),
  }));
  return (
    <DetailTable
      caption={t("tables.items")}
      columns={columns}
      rows={items}
      rowKey={(item, index) => `${item.shopItemId ?? ""}-${index}`}
    />
  );
}
