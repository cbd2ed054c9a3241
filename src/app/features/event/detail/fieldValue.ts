import type { Lang } from "../../../../contract/envelope.ts";
import { codeLabel, EVENT_CODE_FIELDS } from "../../../../contract/eventCodeLabels.ts";
import type { EventDetail } from "../../../../contract/eventDetail.ts";
import type { FIXED_ITEM_SECTIONS } from "../../../../contract/eventDisplayFormat.ts";
import { formatCurrency, formatDateTime } from "../../../i18n/format.ts";
import { isResultField, type ResultTone, resultTone } from "../../../ui/resultTone.ts";

export type FixedItemSection = (typeof FIXED_ITEM_SECTIONS)[number];

/** How a field's value reads on the detail: a date-time, an amount, a code's name or the text itself. */
const DATE_TIME_FIELDS: ReadonlySet<string> = new Set(["createdAt", "requestedAt", "deadline"]);
const AMOUNT_FIELDS: ReadonlySet<string> = new Set(["totalAmount", "limitPrice", "amount", "price"]);

export function formatFieldValue(lang: Lang, field: string, value: unknown): string {
  const kind = EVENT_CODE_FIELDS[field];
  if (kind)
    return typeof value === "string" || typeof value === "boolean" || value === null || value === undefined
      ? codeLabel(lang, kind, value)
      : "";
  if (value === null || value === undefined || value === "") return "";
  if (DATE_TIME_FIELDS.has(field) && typeof value === "string") return formatDateTime(value);
  if (AMOUNT_FIELDS.has(field) && typeof value === "number") return formatCurrency(value, lang);
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** The result mark's tone of a result field's value (aaresult, maresult); undefined for any other field. */
export const fieldTone = (field: string, value: unknown): ResultTone | undefined =>
  isResultField(field) ? resultTone(field, value) : undefined;

/** A basic field's raw value: the screening model shows its name beside the ID. */
export function basicFieldValue(detail: EventDetail, field: string): unknown {
  const basic = detail.basic;
  if (field === "modelId") return basic.modelName ? `${basic.modelName} (${basic.modelId})` : basic.modelId;
  return Reflect.get(basic, field);
}

/** The raw value of a fixed item ("purchaser.tel"); undefined when the event has no such part. */
export function fixedItemValue(detail: EventDetail, section: FixedItemSection, field: string): unknown {
  if (section === "basic") return basicFieldValue(detail, field);
  const part = detail[section];
  return part ? Reflect.get(part, field) : undefined;
}
