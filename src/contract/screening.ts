import { z } from "zod";
import type { Lang } from "./envelope.ts";
import {
  DATE_RANGE,
  dateText,
  inInstantRange,
  issue,
  optionalText,
  requiredText,
  rules,
} from "./validation.ts";

/**
 * One payment as a shop sends it to the screening API (spec section 3: event, purchaser and shipping,
 * order items, device, card, other). The engine screens exactly this shape, the events tables store
 * it, and the demo generator produces it. Names and e-mail accounts arrive only as SHA-256 hashes
 * (64 hex characters, spec section 5); field limits follow the event list search limits.
 */

export const AUTO_RESULTS = ["OK", "NG", "HOLD", "REVIEW"] as const;
export type AutoResult = (typeof AUTO_RESULTS)[number];

/** Event authentication status (spec section 4): 00 authori, 10 escalation, 30 unfixed. */
export const AUTH_STATUS = { authori: "00", escalation: "10", unfixed: "30" } as const;
export type AuthStatus = (typeof AUTH_STATUS)[keyof typeof AUTH_STATUS];

/**
 * How an event was screened (events.auth_kind, the spec's authKind): "api" in real time through the
 * screening API, "csv" by a CSV detection upload (/CsvAuthori). Set by the channel, never by the shop.
 */
export const AUTH_KINDS = ["api", "csv"] as const;
export type AuthKind = (typeof AUTH_KINDS)[number];

/** Manual result (spec section 4): 10 OK, 20 NG, 30 hold. */
export const MANUAL_RESULT = { ok: "10", ng: "20", hold: "30" } as const;
export const MANUAL_RESULTS = [MANUAL_RESULT.ok, MANUAL_RESULT.ng, MANUAL_RESULT.hold] as const;
export type ManualResult = (typeof MANUAL_RESULT)[keyof typeof MANUAL_RESULT];

export const FORCED_NG_RULE_CODE = "FORCED_EVENT_NG";
/** FORCED_EVENT_NG's description: an event stores the Japanese; the console shows the operator's language. */
export const FORCED_NG_DESCRIPTION: Record<Lang, string> = {
  ja: "加盟店指定の強制NG (forcedNg)",
  en: "NG forced by the shop (forcedNg)",
};

/**
 * A fired rule's description as an operator reads it: the system's forced NG in their language, a
 * tenant's rule as its author wrote it.
 */
export const firedRuleDescription = (lang: Lang, ruleCode: string, stored: string): string =>
  ruleCode === FORCED_NG_RULE_CODE ? FORCED_NG_DESCRIPTION[lang] : stored;

const hash64 = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{64}$/, issue("delimiterItemHash"))
  .transform((v) => v.toUpperCase());
/** Up to 9 digits; a larger number gets the one message (abort: not also the safe-integer one). */
const digits9 = z.number().min(0).max(999_999_999, { abort: true }).int();
const BIN_CODE = /^[0-9]{6,8}$/;
const EXPIRY_MM_YY = /^(0[1-9]|1[0-2])\/[0-9]{2}$/;
// The meta below is for the OpenAPI document: refinements do not reach its JSON Schema.
const domainField = optionalText(253)
  .refine((v) => v === "" || rules.domain(v), issue("domain"))
  .meta({ pattern: "^$|^(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))+$" });
const dateField = dateText(false).meta({
  format: "date",
  // A JSON Schema has no earliest date: the year from 1900 on (DATE_RANGE.min), so a shop's
  // validator refuses what the server would (format: date keeps the years to four digits).
  pattern: "^(19|[2-9][0-9])[0-9]{2}-",
  description: `YYYY-MM-DD, from ${DATE_RANGE.min} to ${DATE_RANGE.max}`,
});

export const partySchema = z
  .object({
    shopMemberId: optionalText(100).optional(),
    lastNameHash: hash64.optional(),
    firstNameHash: hash64.optional(),
    zipcode: optionalText(100).optional(),
    fullAddress: optionalText(200).optional(),
    tel: optionalText(20).optional(),
    /** The shop's status of the phone number (e.g. its own verification result); stored as sent. */
    telStatus: optionalText(20).optional(),
    mobileTel: optionalText(20).optional(),
    /** The shop's status of the mobile phone number; stored as sent. */
    mobileTelStatus: optionalText(20).optional(),
    mailAccountHash: hash64.optional(),
    mailDomain: domainField.optional(),
    mobileMailAccountHash: hash64.optional(),
    mobileMailDomain: domainField.optional(),
    birthdate: dateField.optional(),
    sex: z.enum(["0", "1", "2", "9"]).optional(),
    company: optionalText(100).optional(),
    depart: optionalText(100).optional(),
    post: optionalText(100).optional(),
    existingCustomerFlg: z.enum(["0", "1"]).optional(),
    /** Purchaser only. */
    mediaCode: optionalText(100).optional(),
    /** Shipping only. */
    deliveryCompany: optionalText(100).optional(),
  })
  .strict();
export type Party = z.infer<typeof partySchema>;

/** The purchaser: no delivery company (spec section 3: the shipping party's). */
const purchaserSchema = partySchema.omit({ deliveryCompany: true });
/** The shipping party: no media code (spec section 3: the purchaser's). */
const shippingSchema = partySchema.omit({ mediaCode: true });

export const orderItemSchema = z
  .object({
    shopItemId: optionalText(512).optional(),
    itemName: optionalText(500).optional(),
    price: digits9,
    quantity: digits9,
    category: optionalText(20).optional(),
    stock: z.enum(["0", "1"]).optional(),
  })
  .strict();
export type OrderItem = z.infer<typeof orderItemSchema>;

export const deviceSchema = z
  .object({
    cookie: optionalText(500).optional(),
    primaryDid: optionalText(38).optional(),
    ipaddress: z
      .string()
      .trim()
      .max(50, issue("max", { max: 50 }))
      .refine((v) => rules.ipAddressV4(v) || rules.ipAddressV6(v), issue("ipAddressV4"))
      .meta({ anyOf: [{ format: "ipv4" }, { format: "ipv6" }] })
      .optional(),
    useragent: optionalText(1000).optional(),
    browserLanguage: optionalText(100).optional(),
    deviceType: z.enum(["pc", "smartphone", "tablet", "other"]).optional(),
    userDeviceId: optionalText(64).optional(),
    didShort: optionalText(128).optional(),
    didMiddle: optionalText(128).optional(),
    timeZone: optionalText(64).optional(),
  })
  .strict();
export type Device = z.infer<typeof deviceSchema>;

export const cardSchema = z
  .object({
    issuer: optionalText(100).optional(),
    cardBrand: optionalText(30).optional(),
    bincode: z
      .string()
      .trim()
      .refine((v) => BIN_CODE.test(v), issue("digitsBetween", { min: 6, max: 8 }))
      .meta({ pattern: BIN_CODE.source })
      .optional(),
    cchash: hash64.optional(),
    expirationDate: z
      .string()
      .trim()
      .refine((v) => EXPIRY_MM_YY.test(v), issue("dateFormat", { format: "MM/YY" }))
      .meta({ pattern: EXPIRY_MM_YY.source })
      .optional(),
    authoriCode: optionalText(20).optional(),
    authoriComment: optionalText(200).optional(),
    paymentCount: z.number().int().min(1).max(99).optional(),
  })
  .strict();
export type Card = z.infer<typeof cardSchema>;

export const transactionSchema = z
  .object({
    /** The shop's own ID of the payment (merchant management ID); idempotency key per tenant. */
    shopEventId: requiredText(100).meta({ pattern: "\\S" }),
    /** Detection model to screen with; the application's model when omitted. */
    modelId: optionalText(50)
      .optional()
      // Said in the document: a JSON Schema cannot know the company's models, so a shop's validator
      // would pass any ID the server then refuses.
      .meta({
        description:
          "One of the company's detection models; omitted or empty: the application's screening model. Any other ID is refused with InvalidData.Validation on telegram.modelId.",
      }),
    /** settle_method code master value, e.g. "card", "cod", "bank", "conveni". */
    method: optionalText(20).optional(),
    amount: digits9,
    totalAmount: digits9.optional(),
    /** When the shop took the order (ISO 8601 with offset); the screening time when omitted. */
    requestedAt: z.iso
      .datetime({ offset: true, message: "validation.isoDateTime" })
      .refine(inInstantRange, issue("dateRange", DATE_RANGE))
      .meta({ description: `from ${DATE_RANGE.min} to ${DATE_RANGE.max}, Japan time` })
      .optional(),
    daysToPayment: z.number().int().min(0).max(999).optional(),
    tenantName: optionalText(200).optional(),
    /** The shop demands NG whatever else decides (rule FORCED_EVENT_NG; beats white entries). */
    forcedNg: z.boolean().optional(),
    purchaser: purchaserSchema,
    shipping: shippingSchema.optional(),
    items: z.array(orderItemSchema).max(100).default([]),
    device: deviceSchema.optional(),
    card: cardSchema.optional(),
    memo: optionalText(500).optional(),
  })
  .strict();
export type Transaction = z.infer<typeof transactionSchema>;
export type TransactionInput = z.input<typeof transactionSchema>;
