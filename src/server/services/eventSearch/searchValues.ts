import { foldWidth, splitValues } from "../../../contract/eventSearch.ts";
import {
  normalizeDomain,
  normalizeHash,
  normalizeIp,
  normalizeOpaque,
  normalizeTel,
} from "../../screening/normalize.ts";

/**
 * The values of one search box in the form each column is stored or keyed in, so a value typed in
 * the console meets the value a shop sent: phones as digits (the tel link keys), IPs in lower case,
 * hashes in upper-case hex, domains in lower case, zipcodes with and without their hyphen. Full-width
 * forms typed with a Japanese input method are folded (foldWidth); opaque values are looked for both
 * as typed and folded, since a shop may have sent either.
 */

const distinct = (values: (string | undefined)[]): string[] => [
  ...new Set(values.filter((v): v is string => v !== undefined)),
];

/** Exact identifiers (event IDs, shop member IDs, cookies, device IDs): as typed and folded, each once. */
export const exactValues = (text: string): string[] =>
  distinct(splitValues(text).flatMap((v) => [normalizeOpaque(v), normalizeOpaque(foldWidth(v))]));

/** Phone numbers as the tel link keys hold them (digits only); a value without digits matches no phone. */
export const telValues = (text: string): string[] => distinct(splitValues(text).map(normalizeTel));

/**
 * The quick search's values that can be phone numbers (no Latin letter once folded), as the tel link
 * keys hold them: the digits of "M09012345678" (a member ID) or "ORD-0312345678" are not a phone, and
 * taking them as one would list an unrelated customer's events beside the exact match. A phone a
 * shop sent with a note ("03-1234-5678(代)") still is one, so the detail's link to it finds it.
 */
export const phoneLikeValues = (text: string): string[] =>
  distinct(
    splitValues(text)
      .filter((v) => !/[A-Za-z]/.test(foldWidth(v)))
      .map(normalizeTel),
  );

export const ipValues = (text: string): string[] =>
  distinct(splitValues(text).map((v) => normalizeIp(foldWidth(v))));

export const domainValues = (text: string): string[] =>
  distinct(splitValues(text).flatMap((v) => [normalizeDomain(v), normalizeDomain(foldWidth(v))]));

/** SHA-256 hashes are stored upper-cased; in the quick search only 64-hex values can be a hash. */
export const hashValues = (text: string): string[] =>
  distinct(
    splitValues(text)
      .map(foldWidth)
      .filter((v) => /^[0-9A-Fa-f]{64}$/.test(v))
      .map(normalizeHash),
  );

/** Japanese zipcodes are sent as "1000001" or "100-0001": both forms of each value. */
export function zipcodeValues(text: string): string[] {
  return distinct(
    splitValues(text).flatMap((v) => {
      const digits = v.normalize("NFKC").replace(/[^0-9]/g, "");
      return digits.length === 7 ? [v, digits, `${digits.slice(0, 3)}-${digits.slice(3)}`] : [v];
    }),
  );
}

/** A LIKE pattern that finds `text` anywhere; %, _ and \ typed by the user are literal. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The instant of a console date-time (YYYY-MM-DD and HH:mm, always Japan time, UTC+9 without
 * daylight saving). `endOfMinute` gives the first instant after that minute, for inclusive "to" bounds.
 */
export function tokyoInstant(date: string, time: string, endOfMinute = false): Date {
  const at = new Date(`${date}T${time}:00+09:00`);
  return endOfMinute ? new Date(at.getTime() + 60_000) : at;
}
