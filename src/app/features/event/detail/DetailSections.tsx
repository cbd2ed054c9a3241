import { Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import type { EventDetail } from "../../../../contract/eventDetail.ts";
import type { DisplayFormat } from "../../../../contract/eventDisplayFormat.ts";
import {
  type DetailCategory,
  EVENT_FIELD_LABELS,
  EVENT_SECTION_LABELS,
  fieldsOfParty,
} from "../../../../contract/eventFields.ts";
import { currentLang } from "../../../i18n/i18n.ts";
import { isOverdue } from "../manualDeadline.ts";
import { DetailSection } from "./DetailSection.tsx";
import { detailLayoutRows } from "./detailLayout.ts";
import { FieldList, type ShownField } from "./FieldList.tsx";
import { FiredRulesTable } from "./FiredRulesTable.tsx";
import { fieldSearchPath, type SearchablePart } from "./fieldSearch.ts";
import { basicFieldValue, fieldTone, formatFieldValue } from "./fieldValue.ts";
import { ItemsTable } from "./ItemsTable.tsx";
import { ManualHistoryTable } from "./ManualHistoryTable.tsx";
import { MemosTable } from "./MemosTable.tsx";
import { RelatedEventsTable } from "./RelatedEventsTable.tsx";

/**
 * The fields of one part, in the layout's order, with their names and display values; `searchIn`:
 * the part's kind, whose quick-searchable values link to their search.
 */
function shownFields(
  part: object | null,
  fields: readonly string[],
  searchIn?: SearchablePart,
): ShownField[] {
  if (!part) return [];
  const lang = currentLang();
  const names: Record<string, string> = EVENT_FIELD_LABELS[lang];
  return fields.map((field) => {
    const value = Reflect.get(part, field);
    const searchPath = searchIn && fieldSearchPath(searchIn, field, value);
    return {
      key: field,
      label: names[field] ?? field,
      value: formatFieldValue(lang, field, value),
      ...(searchPath ? { searchPath } : {}),
    };
  });
}

type Party = "purchaser" | "shipping";

/**
 * A party's fields, each noted where both parties have a value and the other's differs. The note
 * goes on the party shown second, naming the first ("購入者と異なる").
 */
function partyShownFields(
  detail: EventDetail,
  format: DisplayFormat,
  party: Party,
  comparedWith: { party: Party; note: string } | undefined,
): ShownField[] {
  const shown = shownFields(detail[party], fieldsOfParty(party, format.otherItems.party), "party");
  if (!comparedWith) return shown;
  const other = new Map(
    shownFields(detail[comparedWith.party], fieldsOfParty(comparedWith.party, format.otherItems.party)).map(
      (field) => [field.key, field.value],
    ),
  );
  return shown.map((field) => {
    const otherValue = other.get(field.key);
    return field.value !== "" && otherValue && otherValue !== field.value
      ? { ...field, note: comparedWith.note }
      : field;
  });
}

/**
 * Every section of the event in the operator's layout (spec sections 2 and 3): the categories in
 * their chosen order (a hidden one is left out), the basic fields and each part's fields as chosen.
 * On a wide screen field lists stand two abreast (detailLayout.ts); purchaser beside shipping, the
 * second noting each value that differs from the first; a long list alone in its row takes two columns.
 */
export function DetailSections({ detail, format }: { detail: EventDetail; format: DisplayFormat }) {
  const { t } = useTranslation("eventDetail");
  const lang = currentLang();
  const titles = EVENT_SECTION_LABELS[lang];
  const basicNames: Record<string, string> = EVENT_FIELD_LABELS[lang];
  const rows = detailLayoutRows(format.categories);
  /** The party shown just before this one in the same row, if any. */
  const shownBefore = (party: Party): Party | undefined => {
    const row = rows.find((candidate) => candidate[1] === party);
    return row?.[0] === "purchaser" || row?.[0] === "shipping" ? row[0] : undefined;
  };
  /** A section's content; `wide`: the section has its row to itself. */
  const section = (category: DetailCategory, wide: boolean) => {
    switch (category) {
      case "basic":
        return (
          <FieldList
            wide={wide}
            allHidden={format.eventProperties.length === 0}
            fields={format.eventProperties.map((field) => {
              const value = basicFieldValue(detail, field);
              return {
                key: field,
                label: basicNames[field] ?? field,
                value: formatFieldValue(lang, field, value),
                tone: fieldTone(field, value),
                overdue: field === "deadline" && isOverdue(detail.basic),
              };
            })}
          />
        );
      case "purchaser":
      case "shipping": {
        const before = shownBefore(category);
        const comparedWith = before && {
          party: before,
          note: t(`differsFrom.${before}`),
        };
        return (
          <FieldList
            wide={wide}
            allHidden={fieldsOfParty(category, format.otherItems.party).length === 0}
            fields={partyShownFields(detail, format, category, comparedWith)}
          />
        );
      }
      case "items":
        return <ItemsTable items={detail.items} fields={format.otherItems.item} />;
      case "device":
        return (
          <FieldList
            wide={wide}
            allHidden={format.otherItems.device.length === 0}
            fields={shownFields(detail.device, format.otherItems.device, "device")}
          />
        );
      case "card":
        return (
          <FieldList
            wide={wide}
            allHidden={format.otherItems.card.length === 0}
            fields={shownFields(detail.card, format.otherItems.card, "card")}
          />
        );
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
      {rows.map((row) => (
        <div key={row.join(" ")} className={row.length === 2 ? "event-detail-pair" : undefined}>
          {row.map((category) => (
            <DetailSection key={category} title={titles[category]}>
              {section(category, row.length === 1)}
            </DetailSection>
          ))}
        </div>
      ))}
    </Flex>
  );
}
