/**
 * Text the database can store. PostgreSQL's text refuses U+0000, and a lone UTF-16 surrogate (valid
 * in a JavaScript string and in JSON's \u escapes) has no UTF-8 form. Neither comes from typing; they
 * come from a crafted request or a broken client, and unchecked they fail deep inside a query.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/**
 * The text with each lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, ES2024): what
 * an answer may echo of a request (a bad key in `field`, an unknown key in a message), so that every
 * JSON parser can read the answer (some, Rust's serde_json for one, refuse a lone \ud800 escape).
 */
export const wellFormedText = (text: string): string => text.replace(LONE_SURROGATES, "\ufffd");

export const isStorableText = (text: string): boolean =>
  !text.includes("\u0000") && !LONE_SURROGATE.test(text);

/**
 * The dotted path (as zod names fields) of the first string or object key in a parsed JSON value that
 * is not storable text; "" for the value itself; null when all of it is storable.
 */
export function unstorableTextPath(value: unknown): string | null {
  const found = firstUnstorable(value);
  return found === null ? null : found.join(".");
}

// Every request body is walked: the path is built only on the way back from a find, not per node.
function firstUnstorable(value: unknown): (string | number)[] | null {
  if (typeof value === "string") return isStorableText(value) ? null : [];
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = firstUnstorable(value[index]);
      if (found) return [index, ...found];
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const key of Object.keys(value)) {
      if (!isStorableText(key)) return [key];
      const found = firstUnstorable((value as Record<string, unknown>)[key]);
      if (found) return [key, ...found];
    }
  }
  return null;
}
