import { z } from "zod";
import { defineCall } from "./call.ts";
import { NEGATIVE_ITEMS } from "./rules.ts";
import { AUTO_RESULTS } from "./screening.ts";

/**
 * Event detail (spec sections 2 and 3, issue 4): every part of one event, its fired rules, manual
 * screening history, screening memos and related events, with the version that every edit must
 * present (a stale version answers 015). An unknown event ID, or one of another tenant, answers 963.
 */

export const eventIdField = z.string().trim().min(1).max(47);

const text = z.string().nullable();
const int = z.number().int().nullable();

export const eventBasicSchema = z.object({
  eventId: z.string(),
  shopEventId: z.string(),
  modelId: z.string(),
  modelName: text,
  rulePackageId: text,
  authKind: text,
  authStatus: z.string(),
  aaresult: z.enum(AUTO_RESULTS),
  maresult: text,
  settleStatus: text,
  createdAt: z.string(),
  requestedAt: z.string(),
  deadline: text,
  assigneeId: int,
  assigneeName: text,
  totalAmount: int,
  limitPrice: int,
  ruleGroupName: text,
  amount: z.number().int(),
  method: text,
  daysToPayment: int,
  tenantName: text,
  negatived: z.boolean(),
  labelIds: z.array(z.string()),
  labelNames: z.array(z.string()),
  logicallyDeleted: z.boolean(),
});
export type EventBasic = z.infer<typeof eventBasicSchema>;

export const eventPartySchema = z.object({
  shopMemberId: text,
  lastNameHash: text,
  firstNameHash: text,
  zipcode: text,
  fullAddress: text,
  tel: text,
  telStatus: text,
  mobileTel: text,
  mobileTelStatus: text,
  mailAccountHash: text,
  mailDomain: text,
  mobileMailAccountHash: text,
  mobileMailDomain: text,
  birthdate: text,
  sex: text,
  company: text,
  depart: text,
  post: text,
  existingCustomerFlg: text,
  mediaCode: text,
  deliveryCompany: text,
});
export type EventParty = z.infer<typeof eventPartySchema>;

export const eventItemSchema = z.object({
  shopItemId: text,
  itemName: text,
  price: z.number().int(),
  quantity: z.number().int(),
  category: text,
  stock: text,
});

export const eventDeviceSchema = z.object({
  cookie: text,
  primaryDid: text,
  ipaddress: text,
  domainName: text,
  lineJName: text,
  countryJName: text,
  prefCityJName: text,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: text,
  deviceType: text,
  useragent: text,
  browserLanguage: text,
  authoriId: text,
  result: text,
  userDeviceId: text,
  didShort: text,
  didMiddle: text,
  countryAName: text,
  prefAName: text,
});

export const eventCardSchema = z.object({
  issuer: text,
  cardBrand: text,
  bincode: text,
  cchash: text,
  expirationDate: text,
  authoriCode: text,
  authoriComment: text,
  paymentCount: int,
});

export const eventFiredRuleSchema = z.object({
  ruleCode: z.string(),
  ruleDescription: z.string(),
  ruleGroupName: z.string(),
  isReasonRule: z.boolean(),
});

/** Manual screening history (spec section 3), newest first. */
export const manualHistoryEntrySchema = z.object({
  updatedAt: z.string(),
  result: z.string(),
  reason: text,
  operatorName: text,
  memo: text,
  labelNames: z.array(z.string()),
});

/** Screening memos added from the detail (up to 500 characters each), newest first. */
export const screeningMemoSchema = z.object({ createdAt: z.string(), operatorName: text, memo: z.string() });

/** A related event and every key it shares with this one (LINK_KEYS of src/contract/rules.ts). */
export const relatedEventSchema = z.object({
  relatedEventId: z.string(),
  sharedKeys: z.array(z.string()),
  createdAt: z.string(),
  aaresult: z.enum(AUTO_RESULTS),
  maresult: text,
  amount: z.number().int(),
  maAdditionAmountFlg: z.boolean(),
});

/**
 * Why the event cannot be edited now: another operator holds its edit lock (688), a screening job is
 * screening it (999), an update job is updating it (1000), or a CSV update logically deleted it (for
 * good, until another CSV update restores it). Null: editable (permission permitting).
 */
export const editBlockSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("deleted") }),
    z.object({ kind: z.literal("lockedByOther"), operatorName: z.string(), since: z.string() }),
    z.object({ kind: z.literal("underScreening") }),
    z.object({ kind: z.literal("underUpdate") }),
  ])
  .nullable();
export type EditBlock = z.infer<typeof editBlockSchema>;

/**
 * One value that registering a party as negative puts on the list, as the engine will match it: the
 * item and the event's value (hashes as the event holds them; the name's two separated by a space).
 */
export const negativeCoverageSchema = z.object({ item: z.enum(NEGATIVE_ITEMS), value: z.string() });
export type NegativeCoverage = z.infer<typeof negativeCoverageSchema>;

export const eventDetailSchema = z.object({
  version: z.number().int(),
  basic: eventBasicSchema,
  purchaser: eventPartySchema.nullable(),
  shipping: eventPartySchema.nullable(),
  items: z.array(eventItemSchema),
  device: eventDeviceSchema.nullable(),
  card: eventCardSchema.nullable(),
  other: z.object({ memo: text }),
  firedRules: z.array(eventFiredRuleSchema),
  /** The shadow Simulation release's verdict, when one was evaluated. */
  simulation: z
    .object({
      releaseId: z.string(),
      aaresult: z.enum(AUTO_RESULTS),
      firedRules: z.array(eventFiredRuleSchema),
    })
    .nullable(),
  manualHistory: z.array(manualHistoryEntrySchema),
  memos: z.array(screeningMemoSchema),
  relatedEvents: z.array(relatedEventSchema),
  /** Whether the negative list holds an entry this event registered for each party (update negative). */
  negativeParties: z.object({ purchaser: z.boolean(), shipping: z.boolean() }),
  /** What registering each party would put on the negative list (empty when the event lacks the party). */
  negativeCoverage: z.object({
    purchaser: z.array(negativeCoverageSchema),
    shipping: z.array(negativeCoverageSchema),
  }),
  editBlock: editBlockSchema,
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

export const eventDetail = defineCall({
  name: "eventDetail",
  method: "POST",
  path: "/api/v3/screen/event/detail",
  access: { kind: "read", screenId: "EventDetail" },
  request: z.object({ eventId: eventIdField }).strict(),
  response: eventDetailSchema,
});
