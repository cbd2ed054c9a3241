import { Flex } from "@radix-ui/themes";
import type { EventDetail } from "../../../../contract/eventDetail.ts";
import type { DisplayFormat } from "../../../../contract/eventDisplayFormat.ts";
import {
  type DetailCategory,
  EVENT_FIELD_LABELS,
  EVENT_SECTION_LABELS,
  type PartyField,
  PURCHASER_ONLY,
  SHIPPING_ONLY,
} from "../../../../contract/eventFields.ts";
import { currentLang } from "../../../i18n/i18n.ts";
import { DetailSection } from "./DetailSection.tsx";
import { FieldList, type ShownField } from "./FieldList.tsx";
import { FiredRulesTable } from "./FiredRulesTable.tsx";
import { basicFieldValue, formatFieldValue } from "./fieldValue.ts";
import { ItemsTable } from "./ItemsTable.tsx";
import { ManualHistoryTable } from "./ManualHistoryTable.tsx";
import { MemosTable } from "./MemosTable.tsx";
import { RelatedEventsTable } from "./RelatedEventsTable.tsx";

/** The fields of one part, in the layout's order, with their names and display values. */
function shownFields(part: object | null, fields: readonly string[]): ShownField[] {
  if (!part) return [];
  const lang = currentLang();
  const names: Record<string, string> = EVENT_FIELD_LABELS[lang];
  return fields.map((field) => ({
    key: field,
    label: names[field] ?? field,
    value: formatFieldValue(lang, field, Reflect.get(part, field)),
  }));
}

const partyFields = (fields: readonly PartyField[], party: "purchaser" | "shipping") =>
  fields.filter((field) => !(party === "purchaser" ? SHIPPING_ONLY : PURCHASER_ONLY).includes(field));

/**
 * Every section of the event in the operator's layout (spec sections 2 and 3): the categories in
 * their chosen order (a hidden one is left out), the basic fields and each part's fields as chosen.
 */
export function DetailSections({ detail, format }: { detail: EventDetail; format: DisplayFormat }) {
  const lang = currentLang();
  const titles = EVENT_SECTION_LABELS[lang];
  const basicNames: Record<string, string> = EVENT_FIELD_LABELS[lang];
  const section = (category: DetailCategory) => {
    switch (category) {
      case "basic":
        return (
          <FieldList
            fields={format.eventProperties.map((field) => ({
              key: field,
              label: basicNames[field] ?? field,
              value: formatFieldValue(lang, field, basicFieldValue(detail, field)),
            }))}
          />
        );
      case "purchaser":
      case "shipping":
        return (
          <FieldList fields={shownFields(detail[category], partyFields(format.otherItems.party, category))} />
        );
      case "items":
        return <ItemsTable items={detail.items} fields={format.otherItems.item} />;
      case "device":
        return <FieldList fields={shownFields(detail.device, format.otherItems.device)} />;
      case "card":
        return <FieldList fields={shownFields(detail.card, format.otherItems.card)} />;
      case "other":
        return <FieldList fields={shownFields(detail.other, ["memo"])} />;
      case "firedRules":
        return <FiredRulesTable detail={detail} />;
      case "manualHistory":
        return (
          <Flex direction="column" gap="3">
            <ManualHistoryTable history={detail.manualHistory} />
            <MemosTable memos={detail.memos} />
          </Flex>
        );
      case "relatedEvents":
        return <RelatedEventsTable related={detail.relatedEvents} />;
    }
  };
  return (
    <Flex direction="column" gap="5">
      {format.categories.map((category) => (
        <DetailSection key={category} title={titles[category]}>
          {section(category)}
        </DetailSection>
      ))}
    </Flex>
  );
}
