import { z } from "zod";
import { defineCall } from "./call.ts";
import type { CardField, DeviceField, PartyField } from "./eventFields.ts";
import { detectionModelSchema } from "./releasedRules.ts";
import { AUTH_STATUS, AUTO_RESULTS, MANUAL_RESULT } from "./screening.ts";
import { SETTLE_STATUSES } from "./screeningApi.ts";
import { DATE_RANGE, dateText, INTEGER_MAX, issue, rules } from "./validation.ts";

/**
 * Event list search (spec sections 2 and 5, issue 4): quick search (mode 0, one box over the event's
 * identifiers) or detailed search (mode 1, every field with its maximum length). Several values are
 * separated by spaces. The search lives in the URL (searchToQuery / readSearchQuery), so it survives
 * a detail visit, a reload and a bookmark. Results page newest first (created_at desc, event_id desc)
 * by keyset cursor.
 */

export const SEARCH_MODE = { quick: "0", detail: "1" } as const;

/** Selection upper limit and the exact-count cap of the total (spec section 5). */
export const EVENT_SELECTION_LIMIT = 150_000;
export const EVENT_TOTAL_CAP = 150_000;
/** Event IDs one selection call carries (rows ticked by hand, or unticked from all search results). */
export const EVENT_ID_SELECTION_LIMIT = 20_000;
/** Page sizes of the "{count} per page" dropdown; 200 is the default (spec section 9). */
export const EVENT_PAGE_SIZES = [50, 100, 200, 500] as const;
/** Values one search box takes (a pasted column of 500 IDs must work). */
export const MAX_SEARCH_VALUES = 500;

/** Space-separated values (full-width spaces too): at most MAX_SEARCH_VALUES, each at most `max` characters. */
export const splitValues = (v: string): string[] => v.split(/\s+/).filter((item) => item !== "");

/**
 * A typed value with full-width letters, digits and signs folded to their usual forms (NFKC): with a
 * Japanese input method on, "Ｅ２０２６" and "１９２．０．２．１" are typed as easily as the ASCII forms
 * every identifier, IP address and hash is sent and stored in.
 */
export const foldWidth = (value: string): string => value.normalize("NFKC");

const multiValue = (max: number, opts: { hash?: boolean } = {}) =>
  z
    .string()
    .trim()
    .refine((v) => splitValues(v).length <= MAX_SEARCH_VALUES, issue("maxValues", { max: MAX_SEARCH_VALUES }))
    .refine((v) => rules.delimiterItemMax(v, max), issue("delimiterItemMax", { max }))
    .refine((v) => !opts.hash || splitValues(v).every((item) => /^[0-9A-Fa-f]{64}$/.test(foldWidth(item))), {
      ...issue("delimiterItemHash"),
    });
const oneValue = (max: number) => z.string().trim().max(max, issue("max", { max }));
/**
 * Up to 9 half-width digits (spec section 5). Digits typed in full width with a Japanese input method
 * on are folded first, as in every other search box, rather than refused as "not numbers".
 */
const digits9 = z
  .string()
  .trim()
  .overwrite(foldWidth)
  .refine((v) => v === "" || rules.numeric(v), issue("numeric"))
  .refine((v) => v.length <= 9, issue("max", { max: 9 }));
const dateField = dateText(true);
const timeField = z
  .string()
  .trim()
  .refine((v) => v === "" || rules.dateFormat(v, "HH:mm"), issue("timeFormat", { format: "HH:mm" }));

export const MANUAL_RESULT_NONE = "none";
export const SETTLE_STATUS_NONE = "none";
export const ASSIGNEE_NONE = "none";
/** Party fields search the purchaser (0), the shipping address (1) or both (2) (spec section 9). */
export const PARTY_TARGETS = ["0", "1", "2"] as const;

/** Detailed search: every field optional; "" means not given. */
export const detailSearchShape = {
  // Identifiers: several exact values separated by spaces.
  eventId: multiValue(47),
  shopEventId: multiValue(100),
  ruleCode: multiValue(100),
  shopItemId: multiValue(512),
  shopMemberId: multiValue(100),
  zipcode: multiValue(100),
  tel: multiValue(20),
  mailDomain: multiValue(253),
  mailAccountHash: multiValue(64, { hash: true }),
  lastNameHash: multiValue(64, { hash: true }),
  firstNameHash: multiValue(64, { hash: true }),
  ipaddress: multiValue(50),
  cookie: multiValue(500),
  primaryDid: multiValue(38),
  userDeviceId: multiValue(64),
  didShort: multiValue(128),
  didMiddle: multiValue(128),
  authoriId: multiValue(64),
  cchash: multiValue(64, { hash: true }),
  // Free text: one value, partial match (contains; % and _ are literal).
  tenantName: oneValue(200),
  ruleDescription: oneValue(1024),
  itemName: oneValue(500),
  itemCategory: oneValue(20),
  company: oneValue(100),
  depart: oneValue(100),
  fullAddress: oneValue(200),
  deliveryCompany: oneValue(100),
  // Ranges.
  amountFrom: digits9,
  amountTo: digits9,
  priceFrom: digits9,
  priceTo: digits9,
  quantityFrom: digits9,
  quantityTo: digits9,
  createdFromDate: dateField,
  createdFromTime: timeField,
  createdToDate: dateField,
  createdToTime: timeField,
  requestedFromDate: dateField,
  requestedFromTime: timeField,
  requestedToDate: dateField,
  requestedToTime: timeField,
  // Code masters: any of the chosen values.
  aaresult: z.array(z.enum(AUTO_RESULTS)),
  maresult: z.array(z.enum([MANUAL_RESULT.ok, MANUAL_RESULT.ng, MANUAL_RESULT.hold, MANUAL_RESULT_NONE])),
  authStatus: z.array(z.enum([AUTH_STATUS.authori, AUTH_STATUS.escalation, AUTH_STATUS.unfixed])),
  settleStatus: z.array(z.enum([...SETTLE_STATUSES, SETTLE_STATUS_NONE])),
  labelIds: z.array(z.string().trim().min(1).max(50)).max(100),
  /** One of the tenant's detection models (eventModelList; the server refuses any other). */
  modelId: oneValue(50),
  /** An operator ID of the tenant, or "none" for unassigned events. */
  assigneeId: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || v === ASSIGNEE_NONE || (rules.numeric(v) && Number(v) <= INTEGER_MAX),
      issue("invalidType"),
    ),
  negatived: z.enum(["", "0", "1"]),
  partyTarget: z.enum(PARTY_TARGETS),
} as const;

export type DetailSearchField = keyof typeof detailSearchShape;

/** The date-time ranges: date and time are a set (dateTimeSelectionField), and the end is not before the start. */
export const DATE_TIME_RANGES = [
  { from: ["createdFromDate", "createdFromTime"], to: ["createdToDate", "createdToTime"] },
  { from: ["requestedFromDate", "requestedFromTime"], to: ["requestedToDate", "requestedToTime"] },
] as const satisfies readonly {
  from: [DetailSearchField, DetailSearchField];
  to: [DetailSearchField, DetailSearchField];
}[];

const NUMBER_RANGES = [
  ["amountFrom", "amountTo"],
  ["priceFrom", "priceTo"],
  ["quantityFrom", "quantityTo"],
] as const satisfies readonly [DetailSearchField, DetailSearchField][];

export const detailSearchSchema = z
  .object({ mode: z.literal(SEARCH_MODE.detail), ...detailSearchShape })
  .strict()
  .superRefine((criteria, ctx) => {
    for (const range of DATE_TIME_RANGES) {
      for (const [date, time] of [range.from, range.to]) {
        const [d, t] = [criteria[date], criteria[time]];
        if (t !== "" && d === "")
          ctx.addIssue({ code: "custom", path: [date], ...issue("dateTimeSelectionField") });
        if (d !== "" && t === "")
          ctx.addIssue({ code: "custom", path: [time], ...issue("dateTimeSelectionField") });
      }
      const from = `${criteria[range.from[0]]} ${criteria[range.from[1]]}`;
      const to = `${criteria[range.to[0]]} ${criteria[range.to[1]]}`;
      if (criteria[range.from[0]] !== "" && criteria[range.to[0]] !== "" && to < from) {
        ctx.addIssue({ code: "custom", path: [range.to[0]], ...issue("dateTimeEnd") });
      }
    }
    for (const [from, to] of NUMBER_RANGES) {
      if (criteria[from] !== "" && criteria[to] !== "" && Number(criteria[to]) < Number(criteria[from])) {
        ctx.addIssue({ code: "custom", path: [to], ...issue("rangeEnd") });
      }
    }
  });
export type DetailSearch = z.infer<typeof detailSearchSchema>;

/** Quick search: one box; each value is matched exactly against the event ID, the merchant
 * management ID, the shop member ID, phone numbers, IP address, device ID, cookie and card hash. */
export const quickSearchSchema = z
  .object({ mode: z.literal(SEARCH_MODE.quick), q: multiValue(500) })
  .strict();
export type QuickSearch = z.infer<typeof quickSearchSchema>;

/**
 * The event's fields, by part, whose values the quick search matches (besides the event ID and the
 * merchant management ID): the detail offers each such value as a search of the events sharing it.
 */
export const QUICK_SEARCH_FIELDS = {
  party: ["shopMemberId", "tel", "mobileTel"],
  device: ["cookie", "primaryDid", "ipaddress"],
  card: ["cchash"],
} as const satisfies {
  party: readonly PartyField[];
  device: readonly DeviceField[];
  card: readonly CardField[];
};

/** The quick search for exactly this one value; undefined when it is not a single value the box accepts. */
export function quickSearchOf(value: string): QuickSearch | undefined {
  const q = value.trim();
  if (q === "" || splitValues(q).length !== 1) return undefined;
  const parsed = quickSearchSchema.safeParse({ mode: SEARCH_MODE.quick, q });
  return parsed.success ? parsed.data : undefined;
}

export const eventSearchSchema = z.discriminatedUnion("mode", [quickSearchSchema, detailSearchSchema]);
export type EventSearch = z.infer<typeof eventSearchSchema>;

export const EMPTY_DETAIL_SEARCH: DetailSearch = {
  mode: SEARCH_MODE.detail,
  ...(Object.fromEntries(Object.keys(detailSearchShape).map((key) => [key, ""])) as Record<
    DetailSearchField,
    ""
  >),
  aaresult: [],
  maresult: [],
  authStatus: [],
  settleStatus: [],
  labelIds: [],
  negatived: "",
  partyTarget: "2",
};
export const EMPTY_QUICK_SEARCH: QuickSearch = { mode: SEARCH_MODE.quick, q: "" };

/** The search as URL query parameters: the mode and only the fields given (arrays comma-joined). */
export function searchToQuery(search: EventSearch): URLSearchParams {
  const params = new URLSearchParams({ mode: search.mode });
  for (const [key, value] of Object.entries(search)) {
    if (key === "mode") continue;
    if (key === "partyTarget" && value === "2") continue;
    const text = Array.isArray(value) ? value.join(",") : String(value);
    if (text !== "") params.set(key, text);
  }
  return params;
}

/**
 * The search a URL holds (a reload, a bookmark, back and forward, a link): `valid` when the contract
 * accepts it; otherwise `search` holds the URL's values for the form to show, its text as written and
 * its choices (checkboxes, dropdowns) without values outside their lists, which no control could show
 * or take back. Nothing is dropped silently: a mode other than 0 and 1, a key the search does not
 * know (misspelt, or the quick box's in a detailed search) and a key given twice make it invalid too,
 * and the list then runs no search and says what is wrong.
 */
export function readSearchQuery(
  params: URLSearchParams,
): { valid: true; search: EventSearch } | { valid: false; search: EventSearch; error: z.ZodError } {
  const given = params.get("mode") ?? SEARCH_MODE.quick;
  const detail = given === SEARCH_MODE.detail;
  // A mode the search does not know is refused as such; the rest is read as a quick search.
  const mode = detail ? SEARCH_MODE.detail : SEARCH_MODE.quick;
  const modes: string[] = Object.values(SEARCH_MODE);
  const unknownMode: z.core.$ZodIssue[] = modes.includes(given)
    ? []
    : [{ code: "invalid_value", values: modes, path: ["mode"], input: given, message: "invalid mode" }];
  const empty: EventSearch = detail ? EMPTY_DETAIL_SEARCH : EMPTY_QUICK_SEARCH;
  // Every key as given: the strict schemas refuse the ones the search does not know.
  const raw: Record<string, unknown> = { ...empty, mode };
  const shown: Record<string, unknown> = { ...empty };
  const repeated: z.core.$ZodIssue[] = [];
  for (const key of new Set(params.keys())) {
    if (key === "mode") continue;
    if (params.getAll(key).length > 1)
      repeated.push({ code: "custom", path: [key], input: undefined, ...issue("invalidType") });
    const value = params.get(key) as string;
    const fields: Record<string, z.ZodType> = detail ? detailSearchShape : quickSearchSchema.shape;
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (field === undefined) {
      raw[key] = value;
    } else if (field instanceof z.ZodArray) {
      raw[key] = value.split(",").filter((v) => v !== "");
      const item = field.element as z.ZodType;
      shown[key] = (raw[key] as string[]).filter((v) => item.safeParse(v).success);
    } else {
      raw[key] = value;
      shown[key] = field instanceof z.ZodEnum && !field.safeParse(value).success ? shown[key] : value;
    }
  }
  const parsed = (detail ? detailSearchSchema : quickSearchSchema).safeParse(raw);
  if (parsed.success && repeated.length === 0 && unknownMode.length === 0)
    return { valid: true, search: parsed.data };
  const issues = [...unknownMode, ...(parsed.success ? [] : parsed.error.issues), ...repeated];
  return { valid: false, search: shown as EventSearch, error: new z.ZodError(issues) };
}

// ---- calls ----

/** One row of the list. Amounts in yen; times ISO 8601. */
export const eventListRowSchema = z.object({
  eventId: z.string(),
  shopEventId: z.string(),
  modelId: z.string(),
  createdAt: z.string(),
  aaresult: z.enum(AUTO_RESULTS),
  maresult: z.string().nullable(),
  authStatus: z.string(),
  settleStatus: z.string().nullable(),
  amount: z.number().int(),
  ruleGroupName: z.string().nullable(),
  /** Purchaser identifiers that analysts scan for: names are hashes, so tel, address and mail domain. */
  purchaserTel: z.string().nullable(),
  purchaserAddress: z.string().nullable(),
  purchaserMailDomain: z.string().nullable(),
  ipaddress: z.string().nullable(),
  assigneeName: z.string().nullable(),
  labelNames: z.array(z.string()),
  negatived: z.boolean(),
  deadline: z.string().nullable(),
});
export type EventListRow = z.infer<typeof eventListRowSchema>;

const pageSizeSchema = z.union(
  EVENT_PAGE_SIZES.map((size) => z.literal(size)) as [z.ZodLiteral<50>, ...z.ZodLiteral<100 | 200 | 500>[]],
);

/**
 * One page of results, newest first. `cursor` is the opaque `nextCursor` of the previous page (none:
 * the first page). The total is not counted here (eventCount, asked beside the first page), so a
 * page costs only its rows. No match on the first page answers Information.NoDataFound (676).
 */
export const eventList = defineCall({
  name: "eventList",
  method: "POST",
  path: "/api/v3/screen/event/list",
  access: { kind: "read", screenId: "EventList" },
  request: z
    .object({
      search: eventSearchSchema,
      pageSize: pageSizeSchema,
      cursor: z.string().max(200).nullable(),
    })
    .strict(),
  response: z.object({
    rows: z.array(eventListRowSchema),
    nextCursor: z.string().nullable(),
  }),
});

/**
 * How many events a search matches: exact up to EVENT_TOTAL_CAP; beyond it `totalCapped` is true
 * ("150,000+"). Asked beside the first page, so the rows show before a large count is done.
 */
export const eventCount = defineCall({
  name: "eventCount",
  method: "POST",
  path: "/api/v3/screen/event/count",
  access: { kind: "read", screenId: "EventList" },
  request: z.object({ search: eventSearchSchema }).strict(),
  response: z.object({ total: z.number().int(), totalCapped: z.boolean() }),
});

/**
 * Select all search results: how many and of which screening models, and `until`, the time of the
 * newest of them (ISO 8601 in UTC to the microsecond): the selection is the events counted, so
 * events screened later are not added to it behind the count the operator saw. More than EVENT_SELECTION_LIMIT
 * answers InvalidData.TooManyRows (the split-the-period dialog); several models answer
 * InvalidData.MultipleModels.
 */
export const eventSelectAll = defineCall({
  name: "eventSelectAll",
  method: "POST",
  path: "/api/v3/screen/event/selectAll",
  access: { kind: "read", screenId: "EventList" },
  request: z.object({ search: eventSearchSchema }).strict(),
  response: z.object({ count: z.number().int(), modelId: z.string(), until: z.string() }),
});

/**
 * The tenant's detection models, which the detailed search's screening model dropdown offers:
 * readable with the event list (the released rule list's own call needs that screen).
 */
export const eventModelList = defineCall({
  name: "eventModelList",
  method: "POST",
  path: "/api/v3/screen/event/modelList",
  access: { kind: "read", screenId: "EventList" },
  request: z.object({}).strict().optional(),
  response: z.object({ models: z.array(detectionModelSchema) }),
});

/** An instant of the selection (ISO 8601 in UTC) that PostgreSQL takes: years 1900 to 9999. */
const selectionInstant = z.iso
  .datetime()
  .refine((v) => v >= DATE_RANGE.min && v.slice(0, 10) <= DATE_RANGE.max, issue("invalidType"));

/** The events before and after one event within a search's order (detail's previous / next). */
export const eventNeighbours = defineCall({
  name: "eventNeighbours",
  method: "POST",
  path: "/api/v3/screen/event/neighbours",
  // The detail's previous / next run the list's search: the list must be readable too.
  access: { kind: "read", screenId: "EventDetail", alsoReads: "EventList" },
  request: z.object({ search: eventSearchSchema, eventId: z.string().trim().min(1).max(47) }).strict(),
  response: z.object({ previousEventId: z.string().nullable(), nextEventId: z.string().nullable() }),
});

/** What the list's selection is: explicit event IDs, or all results of a search minus some. */
export const eventSelectionSchema = z.discriminatedUnion("kind", [
  z
    .object({
      kind: z.literal("ids"),
      eventIds: z.array(z.string().trim().min(1).max(47)).min(1).max(EVENT_ID_SELECTION_LIMIT),
    })
    .strict(),
  z
    .object({
      kind: z.literal("search"),
      search: eventSearchSchema,
      excludedEventIds: z.array(z.string().trim().min(1).max(47)).max(EVENT_ID_SELECTION_LIMIT),
      /** Only the events screened until then (eventSelectAll's `until`); none: until the request. */
      until: selectionInstant.optional(),
    })
    .strict(),
]);
export type EventSelection = z.infer<typeof eventSelectionSchema>;
