import { Card, DataList, Heading } from "@radix-ui/themes";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { EventDetail } from "../../../../contract/eventDetail.ts";
import { EVENT_FIELD_LABELS, EVENT_SECTION_LABELS } from "../../../../contract/eventFields.ts";
import { currentLang } from "../../../i18n/i18n.ts";
import { type FixedItemSection, fixedItemValue, formatFieldValue } from "./fieldValue.ts";

const isFixedSection = (section: string): section is FixedItemSection =>
  ["basic", "purchaser", "shipping", "device", "card"].includes(section);

/** The fields the operator pinned at the top of every detail ("purchaser.tel" and the like). */
export function FixedItems({ detail, items }: { detail: EventDetail; items: readonly string[] }) {
  const { t } = useTranslation("eventDetail");
  const headingId = useId();
  const lang = currentLang();
  const names: Record<string, string> = EVENT_FIELD_LABELS[lang];
  const rows = items.flatMap((item) => {
    const [section = "", field = ""] = item.split(".");
    if (!isFixedSection(section)) return [];
    const label =
      section === "basic" ? names[field] : `${EVENT_SECTION_LABELS[lang][section]}: ${names[field]}`;
    return [
      {
        item,
        label: label ?? item,
        value: formatFieldValue(lang, field, fixedItemValue(detail, section, field)),
      },
    ];
  });
  if (rows.length === 0) return null;
  return (
    <Card asChild variant="surface">
      <section aria-labelledby={headingId}>
        <Heading as="h2" size="3" mb="2" id={headingId}>
          {t("fixedItems")}
        </Heading>
        <DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }} size="2">
          {rows.map((row) => (
            <DataList.Item key={row.item}>
              <DataList.Label minWidth="14rem">{row.label}</DataList.Label>
              <DataList.Value>{row.value}</DataList.Value>
            </DataList.Item>
          ))}
        </DataList.Root>
      </section>
    </Card>
  );
}
