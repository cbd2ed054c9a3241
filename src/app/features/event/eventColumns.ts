import type { Lang } from "../../../contract/envelope.ts";
import { codeLabel } from "../../../contract/eventCodeLabels.ts";
import { EVENT_FIELD_LABELS } from "../../../contract/eventFields.ts";
import type { EventListRow } from "../../../contract/eventSearch.ts";
import { formatCurrency, formatDateTime } from "../../i18n/format.ts";
import { type ResultTone, resultTone } from "../../ui/resultTone.ts";
import type { FieldLabelKey } from "./detailSearchLayout.ts";

/** A result column after the event ID: its header (the field's catalogue name), width and text. */
export interface EventColumn {
  key: Exclude<keyof EventListRow, "eventId">;
  label: FieldLabelKey;
  width: number;
  text: (row: EventListRow, lang: Lang) => string;
  numeric?: boolean;
  /** A result column: its text is shown as a result mark of this tone. */
  tone?: (row: EventListRow) => ResultTone;
  /** The manual screening deadline: marked when it has passed without a manual result (isOverdue). */
  marksOverdue?: true;
}

const dateTime = (value: string | null) => (value ? formatDateTime(value) : "");

export const EVENT_COLUMNS: readonly EventColumn[] = [
  { key: "shopEventId", label: "shopEventId", width: 180, text: (row) => row.shopEventId },
  { key: "createdAt", label: "createdAt", width: 170, text: (row) => dateTime(row.createdAt) },
  {
    key: "aaresult",
    label: "aaresult",
    width: 110,
    text: (row, lang) => codeLabel(lang, "aaresult", row.aaresult),
    tone: (row) => resultTone("aaresult", row.aaresult),
  },
  {
    key: "maresult",
    label: "maresult",
    width: 110,
    text: (row, lang) => codeLabel(lang, "maresult", row.maresult),
    tone: (row) => resultTone("maresult", row.maresult),
  },
  {
    key: "authStatus",
    label: "authStatus",
    width: 130,
    text: (row, lang) => codeLabel(lang, "authStatus", row.authStatus),
  },
  {
    key: "settleStatus",
    label: "settleStatus",
    width: 130,
    text: (row, lang) => codeLabel(lang, "settleStatus", row.settleStatus),
  },
  {
    key: "amount",
    label: "amount",
    width: 120,
    numeric: true,
    text: (row, lang) => formatCurrency(row.amount, lang),
  },
  { key: "modelId", label: "modelId", width: 110, text: (row) => row.modelId },
  { key: "ruleGroupName", label: "ruleGroupName", width: 150, text: (row) => row.ruleGroupName ?? "" },
  { key: "purchaserTel", label: "tel", width: 130, text: (row) => row.purchaserTel ?? "" },
  { key: "purchaserAddress", label: "fullAddress", width: 220, text: (row) => row.purchaserAddress ?? "" },
  {
    key: "purchaserMailDomain",
    label: "mailDomain",
    width: 150,
    text: (row) => row.purchaserMailDomain ?? "",
  },
  { key: "ipaddress", label: "ipaddress", width: 130, text: (row) => row.ipaddress ?? "" },
  { key: "assigneeName", label: "assigneeName", width: 130, text: (row) => row.assigneeName ?? "" },
  { key: "labelNames", label: "labelNames", width: 150, text: (row) => row.labelNames.join(", ") },
  {
    key: "negatived",
    label: "negatived",
    width: 120,
    text: (row, lang) => codeLabel(lang, "negatived", row.negatived),
  },
  {
    key: "deadline",
    label: "deadline",
    width: 260,
    text: (row) => dateTime(row.deadline),
    marksOverdue: true,
  },
];

export const columnHeader = (column: EventColumn, lang: Lang): string =>
  EVENT_FIELD_LABELS[lang][column.label];
export const eventIdHeader = (lang: Lang): string => EVENT_FIELD_LABELS[lang].eventId;
