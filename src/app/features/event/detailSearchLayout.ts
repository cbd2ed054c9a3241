import type { EventCodeKind } from "../../../contract/eventCodeLabels.ts";
import type { EVENT_FIELD_LABELS } from "../../../contract/eventFields.ts";
import {
  DATE_TIME_RANGES,
  type DetailSearchField,
  MANUAL_RESULT_NONE,
  SETTLE_STATUS_NONE,
} from "../../../contract/eventSearch.ts";
import { AUTH_STATUS, AUTO_RESULTS, MANUAL_RESULT } from "../../../contract/screening.ts";
import { SETTLE_STATUSES } from "../../../contract/screeningApi.ts";

/** A field's name in the event's field catalogue, so the form names it as the detail and the CSV do. */
export type FieldLabelKey = keyof (typeof EVENT_FIELD_LABELS)["en"];

export type CodeListField = "aaresult" | "maresult" | "authStatus" | "settleStatus";
/** The fields that hold one string (typed text, a date, a time). */
export type StringField = Exclude<
  DetailSearchField,
  CodeListField | "labelIds" | "negatived" | "partyTarget"
>;

/** One control of the detailed search form (spec section 5 fields, each with its maximum length). */
export type DetailControl =
  | { kind: "multi"; field: StringField; label: FieldLabelKey }
  | { kind: "text"; field: StringField; label: FieldLabelKey }
  | { kind: "range"; from: StringField; to: StringField; label: FieldLabelKey }
  | { kind: "dateTime"; range: (typeof DATE_TIME_RANGES)[number]; label: FieldLabelKey }
  | {
      kind: "codes";
      field: CodeListField;
      codeKind: EventCodeKind;
      values: readonly string[];
      label: FieldLabelKey;
    }
  | { kind: "partyTarget" }
  | { kind: "negatived" }
  | { kind: "assignee" }
  | { kind: "model" }
  | { kind: "labels" };

export type DetailGroup = "identifiers" | "party" | "item" | "device" | "ranges" | "status";

const multi = (field: StringField, label: FieldLabelKey = field as FieldLabelKey): DetailControl => ({
  kind: "multi",
  field,
  label,
});
const text = (field: StringField, label: FieldLabelKey = field as FieldLabelKey): DetailControl => ({
  kind: "text",
  field,
  label,
});

const [createdRange, requestedRange] = DATE_TIME_RANGES;

/** The detailed search form, group by group. */
export const DETAIL_LAYOUT: readonly { group: DetailGroup; controls: readonly DetailControl[] }[] = [
  {
    group: "identifiers",
    controls: [
      multi("eventId"),
      multi("shopEventId"),
      multi("ruleCode"),
      text("ruleDescription"),
      text("tenantName"),
      { kind: "model" },
    ],
  },
  {
    group: "party",
    controls: [
      { kind: "partyTarget" },
      multi("shopMemberId"),
      multi("lastNameHash"),
      multi("firstNameHash"),
      multi("zipcode"),
      text("fullAddress"),
      multi("tel"),
      multi("mailAccountHash"),
      multi("mailDomain"),
      text("company"),
      text("depart"),
      text("deliveryCompany"),
    ],
  },
  {
    group: "item",
    controls: [
      multi("shopItemId"),
      text("itemName"),
      text("itemCategory", "category"),
      { kind: "range", from: "priceFrom", to: "priceTo", label: "price" },
      { kind: "range", from: "quantityFrom", to: "quantityTo", label: "quantity" },
    ],
  },
  {
    group: "device",
    controls: [
      multi("ipaddress"),
      multi("cookie"),
      multi("primaryDid"),
      multi("userDeviceId"),
      multi("didShort"),
      multi("didMiddle"),
      multi("authoriId"),
      multi("cchash"),
    ],
  },
  {
    group: "ranges",
    controls: [
      { kind: "range", from: "amountFrom", to: "amountTo", label: "amount" },
      { kind: "dateTime", range: createdRange, label: "createdAt" },
      { kind: "dateTime", range: requestedRange, label: "requestedAt" },
    ],
  },
  {
    group: "status",
    controls: [
      { kind: "codes", field: "aaresult", codeKind: "aaresult", values: AUTO_RESULTS, label: "aaresult" },
      {
        kind: "codes",
        field: "maresult",
        codeKind: "maresult",
        values: [MANUAL_RESULT.ok, MANUAL_RESULT.ng, MANUAL_RESULT.hold, MANUAL_RESULT_NONE],
        label: "maresult",
      },
      {
        kind: "codes",
        field: "authStatus",
        codeKind: "authStatus",
        values: [AUTH_STATUS.authori, AUTH_STATUS.escalation, AUTH_STATUS.unfixed],
        label: "authStatus",
      },
      {
        kind: "codes",
        field: "settleStatus",
        codeKind: "settleStatus",
        values: [...SETTLE_STATUSES, SETTLE_STATUS_NONE],
        label: "settleStatus",
      },
      { kind: "negatived" },
      { kind: "assignee" },
      { kind: "labels" },
    ],
  },
];
