import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { type ErrorItem, LANGS, type Lang, type MessageItem, RESULT } from "../../contract/envelope.ts";
import { ERROR, ERROR_HTTP_STATUS, ERROR_MESSAGE_NO, type ErrorCode } from "../../contract/errors.ts";
import {
  MESSAGE_CATALOGUE,
  type MessageNo,
  type MessageParams,
  messageText,
} from "../../contract/messages.ts";
import { unstorableTextPath, wellFormedText } from "../../contract/storableText.ts";
import { ApiError } from "../apiError.ts";

/**
 * A call's telegram checked against its schema, or an ApiError naming each failing field. Text the
 * database cannot store is refused first, whatever the field, so no call fails on it in a query.
 */
export function parseTelegram<S extends z.ZodType>(lang: Lang, schema: S, telegram: unknown): z.output<S> {
  const unstorable = unstorableTextPath(telegram);
  if (unstorable !== null) {
    const field = ["telegram", unstorable].filter((part) => part !== "").join(".");
    throw new ApiError(ERROR.validation, [{ field, message: messageText(lang, "validation.storableText") }]);
  }
  const parsed = schema.safeParse(telegram);
  if (!parsed.success) throw ApiError.fromZod(lang, parsed.error, "telegram");
  return parsed.data;
}

const ERROR_NAME_BY_CODE = new Map(Object.entries(ERROR).map(([name, code]) => [code as string, name]));

/** The text for an error code: its numbered message, else its entry in the "error" table, else 998. */
export function errorText(lang: Lang, code: ErrorCode, params?: MessageParams): string {
  const messageNo = ERROR_MESSAGE_NO[code];
  if (messageNo) return messageText(lang, `no.${messageNo}` as `no.${MessageNo}`, params);
  const name = ERROR_NAME_BY_CODE.get(code) ?? "";
  if (Object.hasOwn(MESSAGE_CATALOGUE.en.error, name))
    return messageText(lang, `error.${name}` as `error.${keyof typeof MESSAGE_CATALOGUE.en.error}`, params);
  return messageText(lang, "no.998");
}

export const messageItem = (lang: Lang, messageNo: MessageNo): MessageItem => ({
  code: messageNo,
  message: messageText(lang, `no.${messageNo}`),
});

export function sendSuccess(reply: FastifyReply, telegram: unknown, messages: MessageItem[] = []) {
  return reply
    .code(200)
    .type("application/json; charset=utf-8")
    .send({ result: RESULT.success, messages, errors: [], telegram });
}

export function sendError(reply: FastifyReply, lang: Lang, error: ApiError) {
  // A field or message may echo a key of the request: a lone surrogate in it is not sent back.
  const errors: ErrorItem[] = error.items.map((item) => ({
    code: error.code,
    message: wellFormedText(item.message ?? errorText(lang, error.code, error.params)),
    ...(item.field !== undefined ? { field: wellFormedText(item.field) } : {}),
  }));
  return reply
    .code(ERROR_HTTP_STATUS[error.code])
    .type("application/json; charset=utf-8")
    .send({ result: RESULT.error, messages: [], errors, telegram: null });
}

const isLang = (value: unknown): value is Lang => LANGS.includes(value as Lang);

/**
 * The language an Accept-Language header prefers among ours (RFC 9110 section 12.5.4): of its
 * entries whose primary subtag is `en` or `ja` (any case, any region: `en-US`, `ja-JP`), the one of
 * highest weight, the first of equal weights; `q=0` refuses a language; `*` and other languages
 * choose nothing. Null when none of ours is named.
 */
export function acceptLanguageLang(header: string | undefined): Lang | null {
  let best: Lang | null = null;
  let bestWeight = 0;
  for (const entry of (header ?? "").split(",")) {
    const [range = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    const lang = range.split("-", 1)[0];
    if (!isLang(lang)) continue;
    const q = params.find((param) => param.startsWith("q="));
    // A malformed weight is not a refusal: the entry counts as q=1 (its default).
    const parsed = q === undefined ? 1 : Number(q.slice(2));
    const weight = Number.isFinite(parsed) && parsed >= 0 && parsed <= 1 ? parsed : 1;
    if (weight > bestWeight) {
      best = lang;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * The language to answer in: the envelope's header.lang when it is usable, else the language the
 * Accept-Language header prefers of ja and en (acceptLanguageLang), else Japanese (the spec's
 * fallback). A refusal before the body is parsed (413, 415, malformed JSON) has no header.lang: a
 * caller picks its language with Accept-Language.
 */
export function requestLang(request: FastifyRequest): Lang {
  const body = request.body as { header?: { lang?: unknown } } | undefined;
  const headerLang = body && typeof body === "object" ? body.header?.lang : undefined;
  if (isLang(headerLang)) return headerLang;
  return acceptLanguageLang(request.headers["accept-language"]) ?? "ja";
}

/** Trims every string in a JSON value, at any depth (spec section 5). */
export function trimStrings(value: unknown): unknown {
  if (typeof value === "string") return value.trim();
  if (Array.isArray(value)) return value.map(trimStrings);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, trimStrings(item)]));
  }
  return value;
}
