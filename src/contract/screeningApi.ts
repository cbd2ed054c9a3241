import { z } from "zod";
import { requestHeaderSchema } from "./envelope.ts";
import { AUTH_STATUS, AUTO_RESULTS, MANUAL_RESULTS, transactionSchema } from "./screening.ts";
import { SCREEN_TRANSACTION_PATH } from "./screeningPaths.ts";
import { isStorableText } from "./storableText.ts";
import { companyIdField, issue, optionalText, requiredText } from "./validation.ts";

/**
 * The screening API: the calls a shop's system makes (not the console's). Same envelope as the
 * console (spec section 7), but `info` names the shop's company and application instead of a session,
 * and every request is signed: X-Signature is the hex HMAC-SHA256, under the application's secret key,
 * of `X-Timestamp + "." + raw body`; X-Timestamp is unix seconds and may be at most 5 minutes off.
 * Checked by src/server/plugins/shopSignature.ts, never by the console's session guard.
 */

export const SHOP_HEADERS = { timestamp: "x-timestamp", signature: "x-signature" } as const;
/** A request signed longer ago (or further ahead) than this is refused as a replay. */
export const REPLAY_WINDOW_SECONDS = 300;

/**
 * Settlement status code master (settle_status; its values are "not shown" in the spec): what the
 * shop reports after screening. An event starts without one (null) until the shop reports it.
 */
export const SETTLE_STATUS = {
  authorised: "10",
  captured: "20",
  cancelled: "30",
  chargeback: "40",
} as const;
export const SETTLE_STATUSES = [
  SETTLE_STATUS.authorised,
  SETTLE_STATUS.captured,
  SETTLE_STATUS.cancelled,
  SETTLE_STATUS.chargeback,
] as const;
export type SettleStatus = (typeof SETTLE_STATUSES)[number];

const AUTH_STATUSES = [AUTH_STATUS.authori, AUTH_STATUS.escalation, AUTH_STATUS.unfixed] as const;

/** Who calls: the company and its application (the connection source ID of /apiConnectionInfo). */
export const shopInfoSchema = z
  .object({
    companyId: companyIdField,
    // Compared in a query before anything else is checked: text the database refuses is refused here.
    applicationId: requiredText(100).refine(isStorableText),
  })
  .strict();
export type ShopInfo = z.infer<typeof shopInfoSchema>;

export const shopEnvelopeSchema = z
  .object({
    header: requestHeaderSchema,
    info: shopInfoSchema,
    telegram: z.unknown().optional(),
  })
  .strict();

/** One screening call of a shop: like a console CallSpec, but authenticated by signature. */
export interface ShopCallSpec<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  name: string;
  method: "POST";
  path: `/api/v3/screening/${string}`;
  summary: string;
  request: Req;
  response: Res;
}
const defineShopCall = <Req extends z.ZodType, Res extends z.ZodType>(spec: ShopCallSpec<Req, Res>) => spec;

export const firedRuleSchema = z.object({
  ruleCode: z.string(),
  ruleDescription: z.string(),
  ruleGroupName: z.string(),
  /** A rule of the group that decided aaresult. */
  isReasonRule: z.boolean(),
});

export const screeningOutcomeSchema = z.object({
  eventId: z.string(),
  shopEventId: z.string(),
  aaresult: z.enum(AUTO_RESULTS),
  authStatus: z.enum(AUTH_STATUSES),
  firedRules: z.array(firedRuleSchema),
  /** True when this shopEventId was screened before: the stored outcome, nothing stored again. */
  duplicate: z.boolean(),
});
export type ScreeningOutcomeTelegram = z.infer<typeof screeningOutcomeSchema>;

/** An event named by our eventId or by the shop's shopEventId (both: they must name the same one). */
const eventRefShape = {
  eventId: optionalText(47).optional(),
  shopEventId: optionalText(100).optional(),
};
const namesAnEvent = (ref: { eventId?: string | undefined; shopEventId?: string | undefined }) =>
  Boolean(ref.eventId) || Boolean(ref.shopEventId);
const eventRefIssue = {
  ...issue("required"),
  path: ["eventId"],
  // Also when another field is wrong (zod skips a refinement after any issue by default): the error
  // list names every bad field at once, a missing event reference beside a bad settleStatus.
  when: (payload: { value: unknown }) =>
    payload.value !== null && typeof payload.value === "object" && !Array.isArray(payload.value),
};
/**
 * namesAnEvent for the OpenAPI document (refinements do not reach its JSON Schema). A reference of
 * white space alone is trimmed to "" and names nothing, so the one given must hold a non-space.
 */
const namedBy = (key: keyof typeof eventRefShape) => ({
  required: [key],
  properties: { [key]: { pattern: "\\S" } },
});
const NAMES_AN_EVENT = { anyOf: [namedBy("eventId"), namedBy("shopEventId")] };

export const eventRefSchema = z
  .object(eventRefShape)
  .strict()
  .refine(namesAnEvent, eventRefIssue)
  .meta(NAMES_AN_EVENT);
export type EventRef = z.infer<typeof eventRefSchema>;

export const settleStatusRequestSchema = z
  .object({ ...eventRefShape, settleStatus: z.enum(SETTLE_STATUSES) })
  .strict()
  .refine(namesAnEvent, eventRefIssue)
  .meta(NAMES_AN_EVENT);

export const settleStatusResultSchema = z.object({
  eventId: z.string(),
  shopEventId: z.string(),
  settleStatus: z.enum(SETTLE_STATUSES),
  previousSettleStatus: z.enum(SETTLE_STATUSES).nullable(),
});

export const eventResultSchema = z.object({
  eventId: z.string(),
  shopEventId: z.string(),
  modelId: z.string(),
  /** Automatic screening time, ISO 8601. */
  createdAt: z.string(),
  aaresult: z.enum(AUTO_RESULTS),
  /** Manual result (10 OK, 20 NG, 30 hold); null until an operator gives one. */
  maresult: z.enum(MANUAL_RESULTS).nullable(),
  authStatus: z.enum(AUTH_STATUSES),
  settleStatus: z.enum(SETTLE_STATUSES).nullable(),
  firedRules: z.array(firedRuleSchema),
});
export type EventResultTelegram = z.infer<typeof eventResultSchema>;

export const screenTransactionCall = defineShopCall({
  name: "screenTransaction",
  method: "POST",
  path: SCREEN_TRANSACTION_PATH,
  summary:
    "Screen one transaction. Idempotent by shopEventId: a retry answers the stored outcome with duplicate: true.",
  request: transactionSchema,
  response: screeningOutcomeSchema,
});

export const updateSettleStatusCall = defineShopCall({
  name: "updateSettleStatus",
  method: "POST",
  path: "/api/v3/screening/settleStatus",
  summary: "Report an event's settlement status (10 authorised, 20 captured, 30 cancelled, 40 chargeback).",
  request: settleStatusRequestSchema,
  response: settleStatusResultSchema,
});

export const eventResultCall = defineShopCall({
  name: "eventResult",
  method: "POST",
  path: "/api/v3/screening/result",
  summary: "Read an event's current result: automatic and manual result, status and fired rules.",
  request: eventRefSchema,
  response: eventResultSchema,
});

export const SHOP_CALLS = [screenTransactionCall, updateSettleStatusCall, eventResultCall] as const;
