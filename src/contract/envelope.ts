import { z } from "zod";

/** Envelope of every console call (spec section 7): header, info on authenticated calls, telegram payload. */
export const LANGS = ["ja", "en"] as const;
export type Lang = (typeof LANGS)[number];

export const requestHeaderSchema = z
  .object({
    lang: z.enum(LANGS),
    tz: z.literal("Asia/Tokyo"),
    currency: z.literal("JPY"),
    version: z.literal("3.0"),
  })
  .strict();
export type RequestHeader = z.infer<typeof requestHeaderSchema>;

export const requestInfoSchema = z
  .object({
    token: z.string().max(200),
    shopId: z.string().max(50),
  })
  .strict();
export type RequestInfo = z.infer<typeof requestInfoSchema>;

export const requestEnvelopeSchema = z
  .object({
    header: requestHeaderSchema,
    info: requestInfoSchema.optional(),
    telegram: z.unknown().optional(),
  })
  .strict();
export type RequestEnvelope<T = unknown> = {
  header: RequestHeader;
  info?: RequestInfo;
  telegram: T;
};

/** API result codes (spec section 9): 10 success, 20 error. */
export const RESULT = { success: "10", error: "20" } as const;
export type ResultCode = (typeof RESULT)[keyof typeof RESULT];

export const messageItemSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type MessageItem = z.infer<typeof messageItemSchema>;

/** `field` names the offending request field (dotted path) for validation errors. */
export const errorItemSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorItem = z.infer<typeof errorItemSchema>;

export type ResponseEnvelope<T = unknown> = {
  result: ResultCode;
  messages: MessageItem[];
  errors: ErrorItem[];
  telegram: T | null;
};

export const responseEnvelopeSchema = <T extends z.ZodType>(telegram: T) =>
  z.object({
    result: z.enum([RESULT.success, RESULT.error]),
    messages: z.array(messageItemSchema),
    errors: z.array(errorItemSchema),
    telegram: telegram.nullable(),
  });

export const DEFAULT_HEADER: Omit<RequestHeader, "lang"> = {
  tz: "Asia/Tokyo",
  currency: "JPY",
  version: "3.0",
};

/** Largest request body the console API accepts (CSV uploads use multipart with their own limit). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * How deeply a request's JSON may nest. The deepest envelope is about 6 levels; the body limit alone
 * would let a crafted body nest hundreds of thousands deep, and the recursive walks after the parse
 * (trimming, validation) would overflow the stack on it.
 */
export const MAX_JSON_DEPTH = 32;
