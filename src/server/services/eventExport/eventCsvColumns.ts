import type { Lang } from "../../../contract/envelope.ts";
import { codeLabel, type EventCodeKind } from "../../../contract/eventCodeLabels.ts";
import {
  EVENT_FIELD_LABELS,
  EVENT_SECTION_LABELS,
  EVENT_SECTIONS,
  EXPORT_GROUPS,
  type ExportGroup,
  PURCHASER_ONLY,
  SHIPPING_ONLY,
} from "../../../contract/eventFields.ts";
import type { CsvCell } from "../csvSafe.ts";
import type { EventExportRecord } from "./eventExportRecord.ts";

/** One column of the event CSV file: its header in the operator's language and how a record fills it. */
export interface EventCsvColumn {
  header: string;
  value: (record: EventExportRecord) => CsvCell;
}

/**
 * Several values in one cell (an event's order items, fired rules, related events) are joined by this,
 * in the same order in every column of the group, so the n-th part of each cell belongs to one item.
 */
export const MULTI_VALUE_SEPARATOR = " | ";

/** Fields shown through the code master (spec section 7) rather than as stored codes. */
const CODE_FIELDS: Partial<Record<string, EventCodeKind>> = {
  authStatus: "authStatus",
  aaresult: "aaresult",
  maresult: "maresult",
  settleStatus: "settleStatus",
  method: "method",
  negatived: "negatived",
  sex: "sex",
  existingCustomerFlg: "existingCustomerFlg",
  stock: "stock",
  deviceType: "deviceType",
};
/** Codes whose "no value" has a name of its own (not screened, not reported). */
const NAMED_NONE: ReadonlySet<string> = new Set(["maresult", "settleStatus"]);
const DATE_FIELDS: ReadonlySet<string> = new Set(["createdAt", "requestedAt", "deadline"]);

/** yyyy/MM/dd HH:mm:ss in Japan time (the console's time zone), cheaper than Intl for 150,000 rows. */
export function jstDateTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const date = value instanceof Date ? value : new Date(value);
  const iso = new Date(date.getTime() + 9 * 3_600_000).toISOString();
  return `${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)} ${iso.slice(11, 19)}`;
}

/** camelCase field key to its snake_case column (lineJName -> line_j_name). */
const columnOf = (field: string): string => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function display(lang: Lang, field: string, raw: unknown): CsvCell {
  if (raw === null || raw === undefined) {
    const kind = CODE_FIELDS[field];
    return kind && NAMED_NONE.has(kind) ? codeLabel(lang, kind, "none") : "";
  }
  if (DATE_FIELDS.has(field)) return jstDateTime(raw as Date);
  const kind = CODE_FIELDS[field];
  if (kind) return codeLabel(lang, kind, raw as string | boolean);
  if (Array.isArray(raw)) return raw.join(MULTI_VALUE_SEPARATOR);
  if (typeof raw === "number" || typeof raw === "string" || typeof raw === "boolean") return raw;
  return String(raw);
}

const partsCell = (values: CsvCell[]): string =>
  values
    .map((value) => (value === null || value === undefined ? "" : String(value)))
    .join(MULTI_VALUE_SEPARATOR);

/** Field keys that appear in more than one group get the group's name in their header. */
function groupFields(group: ExportGroup): readonly string[] {
  switch (group) {
    case "basic":
      return EVENT_SECTIONS.basic;
    case "purchaser":
      return EVENT_SECTIONS.party.filter((field) => !SHIPPING_ONLY.includes(field));
    case "shipping":
      return EVENT_SECTIONS.party.filter((field) => !PURCHASER_ONLY.includes(field));
    case "order":
      return EVENT_SECTIONS.item;
    case "device":
      return EVENT_SECTIONS.device;
    case "card":
      return EVENT_SECTIONS.card;
    case "other":
      return EVENT_SECTIONS.other;
    case "firedRule":
      return EVENT_SECTIONS.firedRule;
    case "relatedEvent":
      // maAdditionAmountFlg is derived from each related event's own row (the detail reads them);
      // the CSV does not read the related events themselves.
      return EVENT_SECTIONS.relatedEvent.filter((field) => field !== "maAdditionAmountFlg");
  }
}

const SHARED_FIELDS: ReadonlySet<string> = (() => {
  const seen = new Map<string, number>();
  for (const group of EXPORT_GROUPS)
    for (const field of groupFields(group)) seen.set(field, (seen.get(field) ?? 0) + 1);
  return new Set([...seen].filter(([, count]) => count > 1).map(([field]) => field));
})();

function header(lang: Lang, group: ExportGroup, field: string): string {
  const label = (EVENT_FIELD_LABELS[lang] as Record<string, string>)[field] ?? field;
  if (!SHARED_FIELDS.has(field)) return label;
  const groupName = EVENT_SECTION_LABELS[lang][group];
  return lang === "ja" ? `${groupName}${label}` : `${groupName} ${label}`;
}

function cellReader(lang: Lang, group: ExportGroup, field: string): EventCsvColumn["value"] {
  const column = columnOf(field);
  switch (group) {
    case "basic":
    case "other":
      return (record) => display(lang, field, (record.event as unknown as Record<string, unknown>)[column]);
    case "purchaser":
    case "shipping":
      return (record) => {
        const party = record[group] as unknown as Record<string, unknown> | undefined;
        return party ? display(lang, field, party[column]) : "";
      };
    case "device":
    case "card":
      return (record) => {
        const part = record[group] as unknown as Record<string, unknown> | undefined;
        return part ? display(lang, field, part[column]) : "";
      };
    case "order":
      return (record) =>
        partsCell(
          record.items.map((item) =>
            display(lang, field, (item as unknown as Record<string, unknown>)[column]),
          ),
        );
    case "firedRule":
      if (field === "isReasonRule")
        // The codes of the rules that decided the result, a subset of the rule code column.
        return (record) =>
          partsCell(record.firedRules.filter((rule) => rule.is_reason_rule).map((rule) => rule.rule_code));
      return (record) =>
        partsCell(
          record.firedRules.map((rule) => (rule as unknown as Record<string, unknown>)[column] as CsvCell),
        );
    case "relatedEvent":
      if (field === "sharedKey")
        return (record) =>
          partsCell(record.related.map((link) => codeLabel(lang, "sharedKey", link.sharedKey)));
      return (record) => partsCell(record.related.map((link) => link.relatedEventId));
  }
}

/** The file's columns for the chosen groups, always in the order of EXPORT_GROUPS. */
export function eventCsvColumns(lang: Lang, groups: readonly ExportGroup[]): EventCsvColumn[] {
  const chosen = new Set(groups);
  return EXPORT_GROUPS.filter((group) => chosen.has(group)).flatMap((group) =>
    groupFields(group).map((field) => ({
      header: header(lang, group, field),
      value: cellReader(lang, group, field),
    })),
  );
}
