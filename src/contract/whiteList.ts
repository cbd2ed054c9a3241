import { z } from "zod";
import { defineCall } from "./call.ts";
import { issue } from "./validation.ts";

/**
 * White list (spec 2, /white and /white/new): entries that let a trusted customer through. Decided
 * numbers: a value line holds at most 50 characters (the spec's IP limit, the longest white type)
 * and one registration at most 100 values; a search answers at most 1,000 rows, newest first.
 * An entry may carry an expiry (valid until, a JST date: the entry counts until that day ends) and a
 * note of at most 200 characters (issue 40 part 9); the engine ignores an expired entry.
 */
export const WHITE_TYPES = ["ip", "shopMemberId", "tel"] as const;
export type WhiteEntryType = (typeof WHITE_TYPES)[number];
export const WHITE_VALUE_MAX_LENGTH = 50;
export const WHITE_MAX_VALUES = 100;
export const WHITE_SEARCH_LIMIT = 1_000;
export const WHITE_NOTE_MAX_LENGTH = 200;
/** "Expires within 7 days": the list's filter of entries whose expiry comes within this many days. */
export const WHITE_EXPIRING_DAYS = 7;

const YMD = /^\d{4}-\d{2}-\d{2}$/;
/** A yyyy-MM-dd that names a real day. */
const isYmd = (value: string): boolean =>
  YMD.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** The instant a white entry valid until the JST day `ymd` stops counting: that day's end in Japan. */
export const whiteExpiryInstant = (ymd: string): Date =>
  new Date(new Date(`${ymd}T00:00:00+09:00`).getTime() + 86_400_000);

const TEL = /^[0-9-]{1,20}$/;
const validFor = (type: WhiteEntryType, value: string): boolean =>
  type === "ip"
    ? z.union([z.ipv4(), z.ipv6()]).safeParse(value).success
    : type === "tel"
      ? TEL.test(value)
      : true;

/** The entered lines, blank ones skipped. */
export const whiteValueLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");

const whiteRowSchema = z.object({
  type: z.enum(WHITE_TYPES),
  value: z.string(),
  createdAt: z.string(),
  operatorName: z.string().nullable(),
  /** The instant the entry stops counting (the end of its JST valid-until day); null: no expiry. */
  validUntil: z.string().nullable(),
  note: z.string(),
});
export type WhiteRow = z.infer<typeof whiteRowSchema>;

export const whiteSearch = defineCall({
  name: "whiteSearch",
  method: "POST",
  path: "/api/v3/screen/whiteSearch",
  access: { kind: "read", screenId: "WhiteList" },
  request: z
    .object({
      /** Empty: every type. */
      type: z.union([z.enum(WHITE_TYPES), z.literal("")]).default(""),
      /** Prefix of the stored value. */
      value: z.string().trim().max(WHITE_VALUE_MAX_LENGTH).default(""),
      createdFrom: z.iso.datetime({ offset: true }).optional(),
      createdTo: z.iso.datetime({ offset: true }).optional(),
      /** Only entries whose expiry comes within WHITE_EXPIRING_DAYS days (not yet passed). */
      expiringSoon: z.boolean().default(false),
    })
    .strict(),
  response: z.object({ entries: z.array(whiteRowSchema) }),
});

export const whiteAdd = defineCall({
  name: "whiteAdd",
  method: "PUT",
  path: "/api/v3/screen/whiteAdd",
  access: { kind: "write", screenId: "WhiteAdd" },
  request: z
    .object({
      type: z.union([z.enum(WHITE_TYPES), z.literal("")]).default(""),
      values: z.string().default(""),
      /** yyyy-MM-dd (JST), or empty: no expiry. */
      validUntil: z
        .string()
        .trim()
        .refine((value) => value === "" || isYmd(value), issue("dateFormat", { format: "yyyy-MM-dd" }))
        .default(""),
      note: z
        .string()
        .trim()
        .max(WHITE_NOTE_MAX_LENGTH, issue("max", { max: WHITE_NOTE_MAX_LENGTH }))
        .default(""),
    })
    .strict()
    .superRefine((request, context) => {
      if (request.type === "")
        context.addIssue({ code: "custom", path: ["type"], ...issue("whiteTypeRequired") });
      const lines = request.values.split(/\r?\n/).map((line) => line.trim());
      const values = lines.filter((line) => line !== "");
      const refuse = (params: Parameters<typeof issue>[1], key: Parameters<typeof issue>[0]) =>
        context.addIssue({ code: "custom", path: ["values"], ...issue(key, params) });
      if (values.length === 0) return refuse(undefined, "whiteValueRequired");
      if (values.length > WHITE_MAX_VALUES)
        return refuse({ maxInputValue: WHITE_MAX_VALUES }, "whiteMaxValues");
      if (values.some((value) => [...value].length > WHITE_VALUE_MAX_LENGTH))
        return refuse({ maxLength: WHITE_VALUE_MAX_LENGTH }, "whiteMaxLength");
      const type = request.type;
      if (type === "") return;
      lines.forEach((line, index) => {
        if (line !== "" && !validFor(type, line)) refuse({ line: index + 1 }, "whiteValueInvalid");
      });
    }),
  response: z.object({ added: z.number().int() }),
});

export const whiteDelete = defineCall({
  name: "whiteDelete",
  method: "POST",
  path: "/api/v3/screen/whiteDelete",
  access: { kind: "write", screenId: "WhiteList" },
  request: z
    .object({
      entries: z
        .array(z.object({ type: z.enum(WHITE_TYPES), value: z.string().max(WHITE_VALUE_MAX_LENGTH) }))
        .min(1, "validation.required")
        .max(WHITE_SEARCH_LIMIT),
    })
    .strict(),
  response: z.object({ deleted: z.number().int() }),
});
