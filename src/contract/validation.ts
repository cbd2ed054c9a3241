import { z } from "zod";
import type { Lang } from "./envelope.ts";
import { type MessageKey, type MessageParams, messageText, type ValidationKey } from "./messages.ts";

/**
 * Validation rules of spec section 5. Each rule is a pure predicate; zod fields below attach them with
 * the message key "validation.<rule>" so the browser and the server report the same text in either
 * language (issueMessage). Later screens build their schemas from these.
 */

// ---- generic rules ----
export const rules = {
  required: (v: unknown): boolean =>
    !(
      v === undefined ||
      v === null ||
      (typeof v === "string" && v.trim() === "") ||
      (Array.isArray(v) && v.length === 0)
    ),
  min: (v: string, min: number): boolean => [...v].length >= min,
  max: (v: string, max: number): boolean => [...v].length <= max,
  between: (v: string, min: number, max: number): boolean => [...v].length >= min && [...v].length <= max,
  numeric: (v: string): boolean => /^[0-9]+$/.test(v),
  integer: (v: string): boolean => /^-?[0-9]+$/.test(v),
  alpha_num: (v: string): boolean => /^[A-Za-z0-9]+$/.test(v),
  alpha_dash: (v: string): boolean => /^[A-Za-z0-9_-]+$/.test(v),
  email: (v: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  confirmed: (v: string, other: string): boolean => v === other,
  required_if: (v: unknown, condition: boolean): boolean => !condition || rules.required(v),

  // ---- named rules ----
  /** Letters, digits and @%+/\'!#$^?:.(){}[]~_-; at least 3 of 4 kinds; 8 to 20 characters. */
  password: (v: string): boolean => {
    if (!/^[A-Za-z0-9@%+/\\'!#$^?:.(){}[\]~_-]{8,20}$/.test(v)) return false;
    const kinds = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(v)).length;
    return kinds >= 3;
  },
  maxValueBigint: (v: string, max: bigint | number | string): boolean => {
    if (v.length > 19 || !/^-?[0-9]+$/.test(v)) return false;
    try {
      return BigInt(v) <= BigInt(max);
    } catch {
      return false; // a max that is not an integer
    }
  },
  ipAddressV4: (v: string): boolean => {
    const parts = v.split(".");
    return parts.length === 4 && parts.every((p) => /^(0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255);
  },
  /** An IPv6 address: eight groups of 1 to 4 hex digits, "::" once for a run of zeros, an IPv4 tail. */
  ipAddressV6: (v: string): boolean => {
    const halves = v.split("::");
    if (halves.length > 2) return false;
    const groups = halves.flatMap((half) => (half === "" ? [] : half.split(":")));
    let count = groups.length;
    const last = groups.at(-1);
    if (last?.includes(".")) {
      if (!v.endsWith(last) || !rules.ipAddressV4(last)) return false;
      groups.pop();
      count += 1; // 32 bits: two groups
    }
    if (!groups.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false;
    return halves.length === 2 ? count <= 7 : count === 8;
  },
  ipAddressV4Subnet: (v: string | number): boolean => /^(0|[1-9][0-9]?)$/.test(String(v)) && Number(v) <= 32,
  uniqueIpAddress: (v: string, list: readonly string[]): boolean => !list.includes(v),
  /** dateTimeEnd, emptyIf, groupNameDuplicate: pass/fail decided by the caller's flag. */
  flag: (pass: boolean): boolean => pass,
  groupNameDuplicate: (v: string, names: readonly string[]): boolean => !names.includes(v),
  /** Strict match of a date-fns style format made of yyyy MM dd HH mm ss and literal separators. */
  dateFormat: (v: string, format: string): boolean => strictDate(v, format),
  /** A YYYY-MM-DD date (already checked by dateFormat) from `min` to `max`, both YYYY-MM-DD. */
  dateRange: (v: string, min: string, max: string): boolean => v >= min && v <= max,
  dateTimeSelectionField: (v: unknown, linked: readonly unknown[]): boolean =>
    !linked.some((x) => rules.required(x)) || rules.required(v),
  delimiterItemSpace: (v: string, opts: DelimiterOptions): boolean =>
    delimiterItems(v, /^(\S+)\s(\S+)$/, opts),
  delimiterItemAmpersand: (v: string, opts: DelimiterOptions): boolean =>
    delimiterItems(v, /^([^&\s]+)&([^&\s]+)$/, opts),
  delimiterItemMax: (v: string, max: number): boolean =>
    v
      .split(/\s+/)
      .filter((item) => item !== "")
      .every((item) => [...item].length <= max),
  customEmail: (v: string): boolean =>
    /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(
      v,
    ),
  domain: (v: string): boolean =>
    v.includes(".") &&
    v.split(".").every((label) => /^[A-Za-z0-9-]{1,63}$/.test(label) && !/^-|-$/.test(label)),
  hashSHA256: (v: string): boolean => /^[0-9A-Z]{64}$/.test(v),
} as const;

export interface DelimiterOptions {
  /** Require each of the two items to be a 64-character hex string. */
  hash?: readonly [boolean, boolean];
  max?: readonly [number, number];
}

function delimiterItems(v: string, shape: RegExp, opts: DelimiterOptions): boolean {
  return v
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .every((line) => {
      const m = shape.exec(line.trim());
      if (!m) return false;
      return [m[1] ?? "", m[2] ?? ""].every(
        (item, i) =>
          (!opts.hash?.[i] || /^[0-9A-Fa-f]{64}$/.test(item)) &&
          (opts.max?.[i] === undefined || [...item].length <= (opts.max[i] ?? 0)),
      );
    });
}

function strictDate(v: string, format: string): boolean {
  const tokens: Record<string, string> = {
    yyyy: "(\\d{4})",
    MM: "(\\d{2})",
    dd: "(\\d{2})",
    HH: "(\\d{2})",
    mm: "(\\d{2})",
    ss: "(\\d{2})",
  };
  const order: string[] = [];
  const pattern = format.replace(/yyyy|MM|dd|HH|mm|ss|[.*+?^${}()|[\]\\]/g, (t) => {
    if (t in tokens) {
      order.push(t);
      return tokens[t] ?? "";
    }
    return `\\${t}`;
  });
  const m = new RegExp(`^${pattern}$`).exec(v);
  if (!m) return false;
  const part = (t: string, fallback: number) =>
    order.includes(t) ? Number(m[order.indexOf(t) + 1]) : fallback;
  const [y, mo, d, h, mi, s] = [
    part("yyyy", 2000),
    part("MM", 1),
    part("dd", 1),
    part("HH", 0),
    part("mm", 0),
    part("ss", 0),
  ];
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d); // not Date.UTC: it maps years 0-99 to 1900-1999
  date.setUTCHours(h, mi, s);
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60
  );
}

/**
 * The dates a request may carry. Years before 1900 pass the format (0000 is a YYYY) but are typing
 * slips, and PostgreSQL cannot take every year JavaScript can (neither year 0 nor 10000 as a string).
 */
export const DATE_RANGE = { min: "1900-01-01", max: "9999-12-31" } as const;

/** DATE_RANGE as instants, in Japan time like every date of the console. */
const INSTANT_RANGE = {
  min: Date.parse(`${DATE_RANGE.min}T00:00:00+09:00`),
  max: Date.parse(`${DATE_RANGE.max}T23:59:59.999+09:00`),
};
/** An invalid date-time is the format check's to report (NaN). */
export const inInstantRange = (v: string): boolean => {
  const at = Date.parse(v);
  return Number.isNaN(at) || (at >= INSTANT_RANGE.min && at <= INSTANT_RANGE.max);
};

/** PostgreSQL's integer, the type of the stored IDs and versions a request names. */
export const INTEGER_MAX = 2_147_483_647;

// ---- zod fields: the message is the rule's key, params travel on the issue ----
export const issue = (key: ValidationKey, params?: MessageParams) => ({
  message: `validation.${key}`,
  params,
});

/** An empty value gets only the required message: the checks after it do not run. */
const requiredCheck = () => ({ ...issue("required"), abort: true });

/** Text is trimmed (spec section 5) before it is checked. */
export const requiredText = (max: number) =>
  z.string().trim().min(1, requiredCheck()).max(max, issue("max", { max }));
export const optionalText = (max: number) => z.string().trim().max(max, issue("max", { max }));

/** Company ID: up to 50 alphanumerics. */
export const companyIdField = requiredText(50)
  .refine(rules.alpha_num, issue("alpha_num"))
  .meta({ pattern: "^[A-Za-z0-9]+$" });
/** Operator e-mail: half-width alphanumerics and symbols. */
export const emailField = requiredText(254).refine(rules.customEmail, issue("customEmail"));
export const passwordField = z.string().min(1, requiredCheck()).refine(rules.password, issue("password"));
export const operatorNameField = requiredText(30);
export const memoField = optionalText(500);
/** A YYYY-MM-DD date within DATE_RANGE; with `emptyAllowed`, "" (no date) too. */
export const dateText = (emptyAllowed: boolean) =>
  z
    .string()
    .trim()
    .refine((v) => (emptyAllowed && v === "") || rules.dateFormat(v, "yyyy-MM-dd"), {
      ...issue("dateFormat", { format: "YYYY-MM-DD" }),
      abort: true,
    })
    .refine(
      (v) => (emptyAllowed && v === "") || rules.dateRange(v, DATE_RANGE.min, DATE_RANGE.max),
      issue("dateRange", DATE_RANGE),
    );

/** Text for a message key with its placeholders filled (messageText of one language, or i18next's t). */
export type MessageTextOf = (key: MessageKey, params?: MessageParams) => string;

/** The text for one zod issue in the given language. */
export const issueMessage = (lang: Lang, i: z.core.$ZodIssue): string =>
  issueText((key, params) => messageText(lang, key, params), i);

/** Unknown keys named in a message at most; the rest are counted (a body may send thousands). */
const MAX_NAMED_KEYS = 10;
/** Characters of one unknown key named (a key may be as long as the body allows). */
const MAX_KEY_CHARS = 64;

/** The unknown keys as a message names them: the first few, each cut short, then how many more. */
function namedKeys(keys: readonly string[]): string {
  const named = keys
    .slice(0, MAX_NAMED_KEYS)
    .map((key) => (key.length > MAX_KEY_CHARS ? `${key.slice(0, MAX_KEY_CHARS)}…` : key));
  const more = keys.length - named.length;
  return more > 0 ? `${named.join(", ")}, … (+${more.toLocaleString("en-US")})` : named.join(", ");
}

/**
 * The text for one zod issue, through `text`: the browser passes i18next's catalogue of the language it
 * shows, so it does not bundle the other language's messages.
 */
export function issueText(text: MessageTextOf, i: z.core.$ZodIssue): string {
  const params = { ...((i as { params?: MessageParams }).params ?? {}) };
  if ("maximum" in i && params.max === undefined) params.max = Number(i.maximum);
  if ("minimum" in i && params.min === undefined) params.min = Number(i.minimum);
  if ("values" in i && params.values === undefined) params.values = i.values.map(String).join(", ");
  if (i.message.startsWith("validation.")) return text(i.message as `validation.${ValidationKey}`, params);
  // zod drops `input` from issues unless asked to report it; its message names the received type.
  if (i.code === "invalid_type") {
    // null is refused as null: the field may be optional, where "required" would mislead.
    if (isNull(i)) return text("validation.notNull");
    if (missing(i)) return text("validation.required");
    return text(EXPECTED_TYPE_KEY[i.expected] ?? "validation.invalidType");
  }
  // A value outside an enum's or a literal's few choices: the choices are named.
  if (i.code === "invalid_value" && i.values.length <= MAX_NAMED_CHOICES)
    return text("validation.oneOf", params);
  if (i.code === "unrecognized_keys") return text("error.unknownKey", { key: namedKeys(i.keys) });
  // Lengths for text; numbers and lists get their own wording.
  const origin = "origin" in i ? i.origin : "string";
  if (i.code === "too_big") {
    if (origin === "number" || origin === "int") return text("validation.maxValueBigint", params);
    if (origin === "array") return text("validation.maxValues", params);
    return text("validation.max", params);
  }
  if (i.code === "too_small") {
    if (origin === "number" || origin === "int") return text("validation.minValue", params);
    return text(params.min === 1 ? "validation.required" : "validation.min", params);
  }
  // A value outside its choices (an enum, a union) or of another shape: the field names it.
  return text("validation.invalidType");
}

/** Choices a message lists; a longer list (field names, say) is only an invalid value. */
const MAX_NAMED_CHOICES = 8;

/** What a value of the wrong JSON type is told, by the type the field expects. */
const EXPECTED_TYPE_KEY: Partial<Record<string, MessageKey>> = {
  number: "validation.notNumber",
  int: "validation.notNumber",
  string: "validation.notText",
  boolean: "validation.notBoolean",
  array: "validation.notList",
  tuple: "validation.notList",
  object: "validation.notObject",
  record: "validation.notObject",
};

/** Whether an invalid_type issue is about a missing (undefined) value rather than a wrong type. */
const missing = (i: z.core.$ZodIssue): boolean => {
  if ("input" in i && i.input !== undefined) return false;
  return /received undefined$/.test(i.message);
};

/** Whether an invalid_type issue is about a null given where the field takes a value. */
const isNull = (i: z.core.$ZodIssue): boolean =>
  "input" in i && i.input !== undefined ? i.input === null : /received null$/.test(i.message);

/** Spec section 5: text values in requests are trimmed of whitespace, recursively through arrays and objects. */
export function trimStrings<T>(value: T): T {
  if (typeof value === "string") return value.trim() as T;
  if (Array.isArray(value)) return value.map(trimStrings) as T;
  if (value !== null && typeof value === "object" && isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimStrings(v)])) as T;
  return value;
}

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** Field errors of a failed parse, one per issue, with a dotted field path. */
export const fieldErrors = (lang: Lang, error: z.ZodError) =>
  fieldErrorsIn((key, params) => messageText(lang, key, params), error);

/** fieldErrors with the texts through `text` (see issueText). */
export const fieldErrorsIn = (text: MessageTextOf, error: z.ZodError) =>
  error.issues.map((i) => ({ field: i.path.join("."), message: issueText(text, i) }));
