import { z } from "zod";
import { defineCall } from "./call.ts";
import { NEGATIVE_OTHER_CATEGORIES, NEGATIVE_SETTLE_CATEGORIES } from "./eventActions.ts";
import { CSV_ENCODINGS, CSV_JOB_STATES } from "./eventExport.ts";
import { EVENT_PAGE_SIZES, splitValues } from "./eventSearch.ts";
import { dateText, issue, rules } from "./validation.ts";

/**
 * Negative list (spec 2, /NegativeList, /NegativeDetail, /NegativeAdd; issue 40). Decided numbers:
 * a search takes at most 100 values, a quick registration at most 1,000 lines; the limits of a line
 * per item are NEGATIVE_LINE_MAX (the spec's tel 20, address 200, IP 50, cookie 500; the others as
 * the event search's fields). Names are two 64-character SHA-256 hashes joined with &, e-mail an
 * account hash and a domain (or its hash) joined with &.
 */
export const NEGATIVE_ITEM_TYPES = [
  "tel",
  "mobileTel",
  "address",
  "zipcode",
  "mail",
  "name",
  "shopMemberId",
  "ipaddress",
  "ipaddressv6",
  "cookie",
  "deviceId",
  "etag",
  "localStorage",
  "company",
] as const;
export type NegativeItemType = (typeof NEGATIVE_ITEM_TYPES)[number];

export const NEGATIVE_LINE_MAX: Record<NegativeItemType, number> = {
  tel: 20,
  mobileTel: 20,
  address: 200,
  zipcode: 100,
  mail: 64 + 1 + 253,
  name: 64 + 1 + 64,
  shopMemberId: 100,
  ipaddress: 50,
  ipaddressv6: 50,
  cookie: 500,
  deviceId: 38,
  etag: 500,
  localStorage: 500,
  company: 100,
};
export const NEGATIVE_MAX_LINES = 1_000;
export const NEGATIVE_MAX_SEARCH_VALUES = 100;
export const NEGATIVE_DEFAULT_PAGE_SIZE = 200;
/** The detail counts the tenant's events of this many days that match the entry. */
export const NEGATIVE_MATCH_DAYS = 90;
/** The list's "expires within" filter, in days. */
export const NEGATIVE_EXPIRING_DAYS = 7;
export const NEGATIVE_NOTE_MAX = 500;

/**
 * How an entry was added (code master negative_add_type; values not shown in the spec, decided
 * here): 10 by the provider (demo data), 20 from an event's detail, 30 on /NegativeAdd, 40 by CSV.
 */
export const NEGATIVE_ADD_TYPE = { provider: "10", event: "20", screen: "30", csv: "40" } as const;

const HASH = /^[0-9A-Fa-f]{64}$/;
const TEL = /^\+?[0-9-]+$/;

/** Why one line of a quick registration is refused, or undefined when it is a valid value of the item. */
export function negativeLineProblem(
  item: NegativeItemType,
  line: string,
): { key: "negativeLineMax" | "negativeLineInvalid"; max?: number } | undefined {
  const max = NEGATIVE_LINE_MAX[item];
  if ([...line].length > max) return { key: "negativeLineMax", max };
  const valid = (() => {
    switch (item) {
      case "tel":
      case "mobileTel":
        return TEL.test(line);
      case "zipcode":
        return /^[0-9-]+$/.test(line);
      case "name": {
        const [last, first, ...rest] = line.split("&");
        return rest.length === 0 && HASH.test(last ?? "") && HASH.test(first ?? "");
      }
      case "mail": {
        const [account, domain, ...rest] = line.split("&");
        return (
          rest.length === 0 &&
          HASH.test(account ?? "") &&
          (HASH.test(domain ?? "") || rules.domain(domain ?? ""))
        );
      }
      case "ipaddress":
        return rules.ipAddressV4(line);
      case "ipaddressv6":
        return z.ipv6().safeParse(line).success;
      default:
        return !/\s/.test(line);
    }
  })();
  return valid ? undefined : { key: "negativeLineInvalid" };
}

/** The entered lines with their numbers, blank ones skipped. */
export const negativeLines = (text: string): { line: number; value: string }[] =>
  text
    .split(/\r?\n/)
    .map((value, index) => ({ line: index + 1, value: value.trim() }))
    .filter((entry) => entry.value !== "");

const pageSizeSchema = z.union(
  EVENT_PAGE_SIZES.map((size) => z.literal(size)) as [z.ZodLiteral<50>, ...z.ZodLiteral<100 | 200 | 500>[]],
);

/** What the list searches for: an item type and its values, an update date range (Japan dates). */
export const negativeSearchSchema = z
  .object({
    /** Empty: entries of every item type. */
    item: z.union([z.enum(NEGATIVE_ITEM_TYPES), z.literal("")]).default(""),
    /** Several values separated by spaces, each exact (normalized as the engine matches it). */
    values: z
      .string()
      .trim()
      .max(10_000)
      .default("")
      .refine(
        (v) => splitValues(v).length <= NEGATIVE_MAX_SEARCH_VALUES,
        issue("maxValues", { max: NEGATIVE_MAX_SEARCH_VALUES }),
      ),
    updatedFrom: dateText(true).default(""),
    updatedTo: dateText(true).default(""),
    /** Only entries whose expiry falls within the next NEGATIVE_EXPIRING_DAYS days. */
    expiringSoon: z.boolean().default(false),
  })
  .strict()
  .superRefine((search, context) => {
    if (search.values !== "" && search.item === "")
      context.addIssue({ code: "custom", path: ["item"], ...issue("negativeItemRequired") });
    if (search.updatedFrom !== "" && search.updatedTo !== "" && search.updatedTo < search.updatedFrom)
      context.addIssue({ code: "custom", path: ["updatedTo"], ...issue("dateTimeEnd") });
  });
export type NegativeSearch = z.input<typeof negativeSearchSchema>;
export type NegativeSearchParsed = z.output<typeof negativeSearchSchema>;

export const EMPTY_NEGATIVE_SEARCH = {
  item: "",
  values: "",
  updatedFrom: "",
  updatedTo: "",
  expiringSoon: false,
} as const satisfies NegativeSearch;

const negativeIdSchema = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,18}$/, "validation.invalidType")
  .refine((v) => Number(v) <= Number.MAX_SAFE_INTEGER, issue("invalidType"));

export const negativeRowSchema = z.object({
  negativeId: z.string(),
  addType: z.string().nullable(),
  /** The entry's first item (NEGATIVE_ITEM_TYPES order) and its value as stored. */
  item: z.enum(NEGATIVE_ITEM_TYPES).nullable(),
  value: z.string(),
  updatedAt: z.string(),
  validUntil: z.string().nullable(),
  note: z.string().nullable(),
});
export type NegativeRow = z.infer<typeof negativeRowSchema>;

/** Keyset paging: `after` is the `next` of the page before; the total counts the whole search. */
export const negativeSearch = defineCall({
  name: "negativeSearch",
  method: "POST",
  path: "/api/v3/screen/negative/search",
  access: { kind: "read", screenId: "NegativeList" },
  request: z
    .object({
      search: negativeSearchSchema,
      pageSize: pageSizeSchema.default(NEGATIVE_DEFAULT_PAGE_SIZE),
      after: z.string().max(100).nullable().default(null),
    })
    .strict(),
  response: z.object({
    entries: z.array(negativeRowSchema),
    total: z.number().int(),
    next: z.string().nullable(),
  }),
});

/** Every field of an entry (spec 3's Negative), hashes as stored. */
export const NEGATIVE_FIELDS = [
  "customerType",
  "shopMemberId",
  "normalizedLastName",
  "normalizedFirstName",
  "zipcode",
  "fullAddress",
  "birthDate",
  "tel",
  "mobileTel",
  "mailAccount",
  "mailDomain",
  "mobileMailAccount",
  "mobileMailDomain",
  "company",
  "depart",
  "cookie",
  "settleCategory",
  "otherCategory",
  "ipaddress",
  "ipaddressv6",
  "deviceType",
  "primaryDid",
  "didMiddle",
  "didShort",
  "etag",
  "localStorage",
  "shopTenantId",
  "tenantName",
  "cchash",
] as const;
export type NegativeField = (typeof NEGATIVE_FIELDS)[number];

export const negativeDetail = defineCall({
  name: "negativeDetail",
  method: "POST",
  path: "/api/v3/screen/negative/detail",
  access: { kind: "read", screenId: "NegativeDetail" },
  request: z.object({ negativeId: negativeIdSchema }).strict(),
  response: z.object({
    negativeId: z.string(),
    addType: z.string().nullable(),
    /** The event it was registered from, when it has one. */
    eventId: z.string().nullable(),
    shopEventId: z.string().nullable(),
    fields: z.array(z.object({ field: z.enum(NEGATIVE_FIELDS), value: z.string() })),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
    validUntil: z.string().nullable(),
    note: z.string().nullable(),
    /** Events of the last NEGATIVE_MATCH_DAYS days matching the entry's first item, and that event search. */
    matchCount: z.number().int(),
    matchQuery: z.string().nullable(),
  }),
});

/** Deletes the ticked entries, or every entry of a search. */
export const negativeDelete = defineCall({
  name: "negativeDelete",
  method: "POST",
  path: "/api/v3/screen/negative/delete",
  access: { kind: "write", screenId: "NegativeList" },
  request: z.union([
    z
      .object({
        kind: z.literal("ids"),
        negativeIds: z.array(negativeIdSchema).min(1, "validation.required").max(1_000),
      })
      .strict(),
    z.object({ kind: z.literal("search"), search: negativeSearchSchema }).strict(),
  ]),
  response: z.object({ deleted: z.number().int() }),
});

/** Deleting from the detail screen (its own screen ID). */
export const negativeDetailDelete = defineCall({
  name: "negativeDetailDelete",
  method: "POST",
  path: "/api/v3/screen/negative/detail/delete",
  access: { kind: "write", screenId: "NegativeDetail" },
  request: z.object({ negativeId: negativeIdSchema }).strict(),
  response: z.object({ deleted: z.number().int() }),
});

export const negativeAddSchema = z
  .object({
    item: z.union([z.enum(NEGATIVE_ITEM_TYPES), z.literal("")]).default(""),
    values: z.string().max(600_000).default(""),
    settleCategory: z.enum(["", ...NEGATIVE_SETTLE_CATEGORIES]).default(""),
    otherCategory: z.enum(["", ...NEGATIVE_OTHER_CATEGORIES]).default(""),
    /** Valid until the end of this Japan date; empty: no expiry. */
    validUntil: dateText(true).default(""),
    note: z
      .string()
      .trim()
      .max(NEGATIVE_NOTE_MAX, issue("max", { max: NEGATIVE_NOTE_MAX }))
      .default(""),
  })
  .strict()
  .superRefine((request, context) => {
    if (request.item === "")
      context.addIssue({ code: "custom", path: ["item"], ...issue("negativeItemRequired") });
    const lines = negativeLines(request.values);
    const refuse = (key: Parameters<typeof issue>[0], params?: Parameters<typeof issue>[1]) =>
      context.addIssue({ code: "custom", path: ["values"], ...issue(key, params) });
    if (lines.length === 0) return refuse("negativeValueRequired");
    if (lines.length > NEGATIVE_MAX_LINES) return refuse("maxValues", { max: NEGATIVE_MAX_LINES });
    const item = request.item;
    if (item === "") return;
    for (const { line, value } of lines) {
      const problem = negativeLineProblem(item, value);
      if (problem) refuse(problem.key, { line, ...(problem.max === undefined ? {} : { max: problem.max }) });
    }
  });
export type NegativeAddRequest = z.input<typeof negativeAddSchema>;

export const negativeAdd = defineCall({
  name: "negativeAdd",
  method: "PUT",
  path: "/api/v3/screen/negative/add",
  access: { kind: "write", screenId: "NegativeAdd" },
  request: negativeAddSchema,
  response: z.object({ added: z.number().int() }),
});

/**
 * Every entry of the search as a CSV file (UTF-8 with a BOM or CP932), made by a background job:
 * the request answers the job's ID; negativeCsvStatus follows it and negativeCsvLink hands out a
 * download link (GET DOWNLOAD_PATH_PREFIX + token) once its file is ready.
 */
export const negativeCsv = defineCall({
  name: "negativeCsv",
  method: "POST",
  path: "/api/v3/screen/negative/csv",
  access: { kind: "read", screenId: "NegativeList" },
  request: z
    .object({ search: negativeSearchSchema, encoding: z.enum(CSV_ENCODINGS).default("utf8") })
    .strict(),
  response: z.object({ jobId: z.string() }),
});

export const negativeCsvStatusSchema = z.object({
  jobId: z.string(),
  state: z.enum(CSV_JOB_STATES),
  /** Entries written; null until the file is done. */
  rowCount: z.number().int().nullable(),
  fileName: z.string(),
  /** Until when the file can be downloaded; null until it is done. */
  expiresAt: z.string().nullable(),
});
export type NegativeCsvStatus = z.infer<typeof negativeCsvStatusSchema>;

const negativeCsvJobSchema = z.object({ jobId: z.string().trim().min(1).max(64) }).strict();

/** The operator's own CSV output job (another operator's or tenant's answers 963). */
export const negativeCsvStatus = defineCall({
  name: "negativeCsvStatus",
  method: "POST",
  path: "/api/v3/screen/negative/csv/status",
  access: { kind: "read", screenId: "NegativeList" },
  request: negativeCsvJobSchema,
  response: negativeCsvStatusSchema,
});

/** A short-lived download link of the done job's file (the spec's download link request; 005). */
export const negativeCsvLink = defineCall({
  name: "negativeCsvLink",
  method: "POST",
  path: "/api/v3/screen/negative/csv/link",
  access: { kind: "read", screenId: "NegativeList" },
  request: negativeCsvJobSchema,
  response: z.object({ downloadUrl: z.string(), expiresAt: z.string() }),
});
