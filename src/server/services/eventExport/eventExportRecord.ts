import type { Selectable } from "kysely";
import type { LinkKey } from "../../../contract/rules.ts";
import type {
  EventCardsTable,
  EventDevicesTable,
  EventFiredRulesTable,
  EventItemsTable,
  EventPartiesTable,
} from "../../db/schema.ts";

/** The columns of `events` the CSV output reads (see EVENT_BASE_COLUMNS). */
export interface ExportEventRow {
  event_id: string;
  shop_event_id: string;
  model_id: string;
  rule_package_id: string | null;
  auth_kind: string | null;
  auth_status: string;
  aaresult: string;
  maresult: string | null;
  settle_status: string | null;
  created_at: Date;
  requested_at: Date;
  deadline: Date | null;
  assignee_name: string | null;
  total_amount: number | null;
  limit_price: number | null;
  rule_group_name: string | null;
  amount: number;
  method: string | null;
  days_to_payment: number | null;
  tenant_name: string | null;
  negatived: boolean;
  label_names: string[];
  memo: string | null;
}

export const EVENT_BASE_COLUMNS = [
  "e.event_id",
  "e.shop_event_id",
  "e.model_id",
  "e.rule_package_id",
  "e.auth_kind",
  "e.auth_status",
  "e.aaresult",
  "e.maresult",
  "e.settle_status",
  "e.created_at",
  "e.requested_at",
  "e.deadline",
  "e.assignee_name",
  "e.total_amount",
  "e.limit_price",
  "e.rule_group_name",
  "e.amount",
  "e.method",
  "e.days_to_payment",
  "e.tenant_name",
  "e.negatived",
  "e.label_names",
  "e.memo",
] as const;

export interface ExportRelatedLink {
  relatedEventId: string;
  sharedKey: LinkKey;
}

/** One event with the parts the chosen groups need (parts of unchosen groups stay empty). */
export interface EventExportRecord {
  event: ExportEventRow;
  purchaser: Selectable<EventPartiesTable> | undefined;
  shipping: Selectable<EventPartiesTable> | undefined;
  items: Selectable<EventItemsTable>[];
  device: Selectable<EventDevicesTable> | undefined;
  card: Selectable<EventCardsTable> | undefined;
  firedRules: Selectable<EventFiredRulesTable>[];
  related: ExportRelatedLink[];
}
