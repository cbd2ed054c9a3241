import { createHash } from "node:crypto";
import { isIP } from "node:net";

/**
 * Normalized forms of the values events are matched and linked by, shared by the engine, the
 * negative and white lists and the demo seed, so a value entered in the console and the same value
 * sent by a shop meet. Each returns undefined for an absent or blank value.
 */

const blankToUndefined = (value: string): string | undefined => (value === "" ? undefined : value);

/** Digits only (hyphens, spaces, full-width digits removed or folded). */
const digitsOnly = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : blankToUndefined(value.normalize("NFKC").replace(/[^0-9]/g, ""));

/** Japan's country code after "+" or the "00" of an international call, maybe in parentheses. */
const JAPAN_COUNTRY_CODE = /^\s*\(?\s*(?:\+|00)\s*81\s*\)?/;

/**
 * Digits only, in the domestic form: "+81 90-1234-5678", "＋８１９０…", "+81 (0)90…", "(+81)90…" and
 * "0081-90…" are "09012345678", as analysts type numbers and most shops send them (a domestic number
 * never starts with 00). Other countries' numbers keep their country code's digits.
 */
export function normalizeTel(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = value.normalize("NFKC");
  if (!JAPAN_COUNTRY_CODE.test(text)) return digitsOnly(text);
  const national = digitsOnly(text.replace(JAPAN_COUNTRY_CODE, ""));
  return national === undefined || national.startsWith("0") ? national : `0${national}`;
}

/** Digits only: "100-0001" and "1000001" are one zipcode. */
export const normalizeZipcode = digitsOnly;

/**
 * NFKC, no whitespace, one kind of hyphen, lower case: "東京都 千代田区１－２" = "東京都千代田区1-2".
 * The prolonged sound mark ー (ｰ), often typed for the hyphen of a house number ("１ー２ー３"), is a
 * hyphen between digits; elsewhere it is part of a katakana word ("コーポ") and stays.
 */
export const normalizeAddress = (value: string | undefined): string | undefined =>
  value === undefined
    ? undefined
    : blankToUndefined(
        value
          .normalize("NFKC")
          .replace(/\s+/g, "")
          .replace(/[‐‑‒–—―−﹣]/g, "-")
          .replace(/(?<=[0-9])ー(?=[0-9])/g, "-")
          .toLowerCase(),
      );

const IPV4_MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * One text per address: IPv6 in its canonical form (RFC 5952: lower case, no leading zeros, the
 * longest run of zero groups as ::), an IPv4-mapped IPv6 address (what a dual-stack server reports
 * for an IPv4 client) as the IPv4 address itself; anything else trimmed and lower-cased.
 */
export function normalizeIp(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim().toLowerCase();
  if (isIP(trimmed) !== 6) return blankToUndefined(trimmed);
  let canonical: string;
  try {
    // The URL standard serializes an IPv6 host in the RFC 5952 form.
    canonical = new URL(`http://[${trimmed}]/`).hostname.slice(1, -1);
  } catch {
    return trimmed; // a zone ID ("fe80::1%eth0"): no host of a URL, kept as sent
  }
  const mapped = IPV4_MAPPED.exec(canonical);
  if (!mapped) return canonical;
  const high = Number.parseInt(mapped[1] as string, 16);
  const low = Number.parseInt(mapped[2] as string, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Trimmed as sent: shop member IDs, cookies and device IDs are opaque. */
export const normalizeOpaque = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : blankToUndefined(value.trim());

/** SHA-256 hashes are stored in upper-case hex. */
export const normalizeHash = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : blankToUndefined(value.trim().toUpperCase());

/** Lower-cased domain, as keyword and link matching compare it. */
export const normalizeDomain = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : blankToUndefined(value.trim().toLowerCase());

const HASH_64 = /^[0-9A-Fa-f]{64}$/;

/** A negative entry's e-mail domain is SHA-256 of the lower-cased domain, upper-case hex. */
export function domainHash(domain: string | undefined): string | undefined {
  const normalized = normalizeDomain(domain);
  if (normalized === undefined) return undefined;
  if (HASH_64.test(normalized)) return normalized.toUpperCase();
  return createHash("sha256").update(normalized).digest("hex").toUpperCase();
}

/** Link key of an e-mail address: account hash and domain. */
export function mailKey(accountHash: string | undefined, domain: string | undefined): string | undefined {
  const account = normalizeHash(accountHash);
  if (account === undefined) return undefined;
  return `${account}@${normalizeDomain(domain) ?? ""}`;
}

/** Negative key of a name: last-name hash & first-name hash (spec 5: two hashes joined with &). */
export function nameKey(lastHash: string | undefined, firstHash: string | undefined): string | undefined {
  const last = normalizeHash(lastHash);
  const first = normalizeHash(firstHash);
  return last !== undefined && first !== undefined ? `${last}&${first}` : undefined;
}

/**
 * Keywords, item names and categories, and the texts they are looked for in, as addresses are
 * folded: full-width, case, spacing and the kind of dash do not matter, so "私 書 箱" or "転送 センター"
 * typed by a fraudster still meets the keyword. keywordLookup.ts folds keywords the same way in SQL.
 */
export const normalizeKeywordText = (value: string | undefined): string | undefined =>
  normalizeAddress(value);
