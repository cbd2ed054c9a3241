import { Card, Heading } from "@radix-ui/themes";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { EventDetail } from "../../../../contract/eventDetail.ts";
import { EVENT_FIELD_LABELS, EVENT_SECTION_LABELS } from "../../../../contract/eventFields.ts";
import { currentLang } from "../../../i18n/i18n.ts";
import { isOverdue } from "../manualDeadline.ts";
import { FieldList, type ShownField } from "./FieldList.tsx";
import { fieldSearchPath, type SearchablePart } from "./fieldSearch.ts";
import { type FixedItemSection, fieldTone, fixedItemValue, formatFieldValue } from "./fieldValue.ts";

const isFixedSection = (section: string): section is FixedItemSection =>
  ["basic", "purchaser", "shipping", "device", "card"].includes(section);

/** The kind of part a fixed item's section is, for its search link (none for basic). */
const SEARCHABLE_PART: Record<FixedItemSection, SearchablePart | undefined> = {
  basic: undefined,
  purchaser: "party",
  shipping: "party",
  device: "device",
  card: "card",
};

/** The fields the operator pinned at the top of every detail ("purchaser.tel" and the like). */
export function FixedItems({ detail, items }: { detail: EventDetail; items: readonly string[] }) {
  const { t } = useTranslation("eventDetail");
  const { t: nameItem } = useTranslation("eventDisplay");
  const headingId = useId();
  const lang = currentLang();
  const names: Record<string, string> = EVENT_FIELD_LABELS[lang];
  const rows = items.flatMap((item): ShownField[] => {
    const [section = "", field = ""] = item.split(".");
    if (!isFixedSection(section)) return [];
    // Composed as the display customisation names it (a full-width colon in Japanese).
    const label =
      section === "basic"
        ? names[field]
        : nameItem("fixedItemName", {
            section: EVENT_SECTION_LABELS[lang][section],
            field: names[field] ?? field,
          });
    const value = fixedItemValue(detail, section, field);
    const searchIn = SEARCHABLE_PART[section];
    const searchPath = searchIn && fieldSearchPath(searchIn, field, value);
    return [
      {
        key: item,
        label: label ?? item,
        value: formatFieldValue(lang, field, value),
        tone: section === "basic" ? fieldTone(field, value) : undefined,
        overdue: item === "basic.deadline" && isOverdue(detail.basic),
        ...(searchPath ? { searchPath } : {}),
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
        <FieldList fields={rows} />
      </section>
    </Card>
  );
}
