import type { FastifyInstance, FastifyRequest } from "fastify";
import { MAX_JSON_DEPTH } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import { ApiError } from "../apiError.ts";

/**
 * How many values (object members and array elements, counted over the whole body) a request's JSON
 * may hold. The widest console request is a CSV export of 20,000 selected event IDs; a body of
 * 90,000 keys kept the event loop busy for 200 ms in the parse, the walks and the copies after it.
 */
export const MAX_JSON_ENTRIES = 25_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Why a JSON text is refused before it is parsed: nesting deeper than `maxDepth` arrays and objects,
 * or more than `maxEntries` values in them. One pass over the characters, no recursion, nothing
 * allocated, so a wide or deep body costs only its reading; malformed text is left to the parser.
 */
export function jsonShapeRefusal(
  text: string,
  maxDepth: number,
  maxEntries: number,
): "tooDeep" | "tooWide" | null {
  let depth = 0;
  let entries = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
      continue;
    }
    if (char === QUOTE) inString = true;
    else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      depth++;
      if (depth > maxDepth) return "tooDeep";
      // The container's first value (an empty one counts too: it costs an allocation all the same).
      entries++;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) depth--;
    else if (char === COMMA) entries++;
    if (entries > maxEntries) return "tooWide";
  }
  return null;
}

/**
 * Trims every string of a freshly parsed JSON value, at any depth, in place (spec section 5): the
 * value is the request's own, so no copy of every object and array is made on each call.
 */
export function trimStringsInPlace(value: unknown): unknown {
  if (typeof value === "string") return value.trim();
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = trimStringsInPlace(value[index]);
  } else if (value !== null && typeof value === "object") {
    const object = value as Record<string, unknown>;
    for (const key of Object.keys(object)) object[key] = trimStringsInPlace(object[key]);
  }
  return value;
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * Fastify's JSON parser (prototype poisoning refused), after the shape check (BadEnvelope for a body
 * nested deeper than MAX_JSON_DEPTH or wider than MAX_JSON_ENTRIES).
 */
export function depthCheckedJsonParser(
  app: FastifyInstance,
): (request: FastifyRequest, body: string, done: ParserDone) => void {
  const parse = app.getDefaultJsonParser("error", "error");
  return (request, body, done) => {
    if (jsonShapeRefusal(body, MAX_JSON_DEPTH, MAX_JSON_ENTRIES) !== null) {
      return done(new ApiError(ERROR.badEnvelope));
    }
    parse(request, body, done);
  };
}

/** Refuses bytes that are not UTF-8; a leading byte order mark is dropped, as JSON parsers may. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The console's JSON parser: the body's bytes must be UTF-8 (RFC 8259), else MalformedJson, as on the
 * screening API; decoding them leniently would store U+FFFD in place of the operator's text.
 */
export function utf8JsonParser(
  app: FastifyInstance,
): (request: FastifyRequest, body: Buffer, done: ParserDone) => void {
  const parseJson = depthCheckedJsonParser(app);
  return (request, body, done) => {
    let text: string;
    try {
      text = UTF8.decode(body);
    } catch {
      return done(new ApiError(ERROR.malformedJson));
    }
    parseJson(request, text, done);
  };
}
