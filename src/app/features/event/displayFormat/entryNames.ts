import { useTranslation } from "react-i18next";
import type { DraftList } from "../../../../../machines/event/displayFormatDraft.ts";
import type { Lang } from "../../../../contract/envelope.ts";
import { EVENT_FIELD_LABELS, EVENT_SECTION_LABELS } from "../../../../contract/eventFields.ts";

type FieldKey = keyof (typeof EVENT_FIELD_LABELS)["en"];
type SectionKey = keyof (typeof EVENT_SECTION_LABELS)["en"];

const fieldName = (lang: Lang, field: string): string =>
  Object.hasOwn(EVENT_FIELD_LABELS[lang], field) ? EVENT_FIELD_LABELS[lang][field as FieldKey] : field;
const sectionName = (lang: Lang, section: string): string =>
  Object.hasOwn(EVENT_SECTION_LABELS[lang], section)
    ? EVENT_SECTION_LABELS[lang][section as SectionKey]
    : section;

/** The language the screen is shown in (i18next's, Japanese as the fallback). */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === "en" ? "en" : "ja";
}

/**
 * The name of a list entry as the event detail shows it: a field or a section by the contract's
 * catalogue (src/contract/eventFields.ts), a fixed item as "Section: Field".
 */
export function useEntryName(): (list: DraftList, entry: string) => string {
  const lang = useLang();
  const { t } = useTranslation("eventDisplay");
  return (list, entry) => {
    if (list === "categories") return sectionName(lang, entry);
    if (list === "fixedItems") {
      const [section = "", field = ""] = entry.split(".");
      return t("fixedItemName", { section: sectionName(lang, section), field: fieldName(lang, field) });
    }
    return fieldName(lang, entry);
  };
}

/** Section names for the fixed-item picker. */
export const useSectionName = (): ((section: string) => string) => {
  const lang = useLang();
  return (section) => sectionName(lang, section);
};

export const useFieldName = (): ((field: string) => string) => {
  const lang = useLang();
  return (field) => fieldName(lang, field);
};
