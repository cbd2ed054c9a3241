import { describe, expect, it } from "vitest";
import {
  type DetailSearch,
  type DetailSearchField,
  detailSearchSchema,
  EMPTY_DETAIL_SEARCH,
  EMPTY_QUICK_SEARCH,
  EVENT_ID_SELECTION_LIMIT,
  EVENT_TOTAL_CAP,
  type EventSearch,
  eventCount,
  eventList,
  eventSearchSchema,
  eventSelectionSchema,
  foldWidth,
  MAX_SEARCH_VALUES,
  quickSearchSchema,
  readSearchQuery,
  searchToQuery,
} from "../../../src/contract/eventSearch.ts";
import { fieldErrors } from "../../../src/contract/validation.ts";

// The event list search as the browser and the server both check it (spec section 5).

const detail = (fields: Partial<DetailSearch>): unknown => ({ ...EMPTY_DETAIL_SEARCH, ...fields });
/** English field errors of a detailed search, "" when it is valid. */
function errorsOf(value: unknown): { field: string; message: string }[] {
  const parsed = eventSearchSchema.safeParse(value);
  return parsed.success ? [] : fieldErrors("en", parsed.error);
}
const valuesOf = (count: number, length = 3) =>
  Array.from({ length: count }, (_, i) => String(i).padStart(length, "0")).join(" ");

describe("maximum length of each search field (spec section 5)", () => {
  it.each<[DetailSearchField, number]>([
    ["shopEventId", 100],
    ["eventId", 47],
    ["ruleCode", 100],
    ["shopItemId", 512],
    ["shopMemberId", 100],
    ["zipcode", 100],
    ["tel", 20],
    ["mailDomain", 253],
    ["ipaddress", 50],
    ["cookie", 500],
    ["primaryDid", 38],
    ["userDeviceId", 64],
    ["didShort", 128],
    ["didMiddle", 128],
    ["authoriId", 64],
  ])("%s takes values of up to %i characters each", (field, max) => {
    expect(errorsOf(detail({ [field]: `${"a".repeat(max)} b` }))).toEqual([]);
    expect(errorsOf(detail({ [field]: `b ${"a".repeat(max + 1)}` }))).toEqual([
      { field: `${field}`, message: `Each item must be at most ${max} characters.` },
    ]);
  });

  it.each<[DetailSearchField, number]>([
    ["tenantName", 200],
    ["ruleDescription", 1024],
    ["itemName", 500],
    ["itemCategory", 20],
    ["company", 100],
    ["depart", 100],
    ["fullAddress", 200],
    ["deliveryCompany", 100],
  ])("free text %s takes up to %i characters", (field, max) => {
    expect(errorsOf(detail({ [field]: "あ".repeat(max) }))).toEqual([]);
    expect(errorsOf(detail({ [field]: "あ".repeat(max + 1) }))).toEqual([
      { field, message: `must be at most ${max} characters` },
    ]);
  });

  it.each<DetailSearchField>(["mailAccountHash", "lastNameHash", "firstNameHash", "cchash"])(
    "%s takes 64-character hexadecimal hashes only",
    (field) => {
      expect(errorsOf(detail({ [field]: `${"a".repeat(64)} ${"F".repeat(64)}` }))).toEqual([]);
      expect(errorsOf(detail({ [field]: "a".repeat(63) }))).toEqual([
        { field, message: "Each item must be a 64-character hexadecimal hash." },
      ]);
      expect(errorsOf(detail({ [field]: "g".repeat(64) }))[0]?.field).toBe(field);
      // Full-width hex, as a Japanese input method types it, is a hash too (the server folds it).
      expect(errorsOf(detail({ [field]: "ａＦ０９".repeat(16) }))).toEqual([]);
      expect(errorsOf(detail({ [field]: "ｇ".repeat(64) }))[0]?.field).toBe(field);
    },
  );

  it("folds full-width letters, digits and signs (foldWidth)", () => {
    expect(foldWidth("Ｅ２０２６－１")).toBe("E2026-1");
    expect(foldWidth("１９２．０．２．１")).toBe("192.0.2.1");
    expect(foldWidth("abc")).toBe("abc");
  });

  it.each<DetailSearchField>([
    "amountFrom",
    "amountTo",
    "priceFrom",
    "priceTo",
    "quantityFrom",
    "quantityTo",
  ])("%s is up to 9 half-width digits", (field) => {
    expect(errorsOf(detail({ [field]: "999999999" }))).toEqual([]);
    expect(errorsOf(detail({ [field]: "1000000000" }))).toEqual([
      { field, message: "must be at most 9 characters" },
    ]);
    // Full-width digits, as a Japanese input method types them, are folded to half width.
    expect(detailSearchSchema.parse(detail({ [field]: "１２" }))[field]).toBe("12");
    expect(errorsOf(detail({ [field]: "１２ａ" }))).toEqual([
      { field, message: "must contain only numbers" },
    ]);
    expect(errorsOf(detail({ [field]: "-1" }))).toEqual([{ field, message: "must contain only numbers" }]);
  });

  it("the quick search box takes values of up to 500 characters", () => {
    expect(quickSearchSchema.safeParse({ mode: "0", q: "a".repeat(500) }).success).toBe(true);
    expect(errorsOf({ mode: "0", q: "a".repeat(501) })).toEqual([
      { field: "q", message: "Each item must be at most 500 characters." },
    ]);
  });
});

describe("several values separated by spaces", () => {
  it(`takes ${MAX_SEARCH_VALUES} values and refuses one more, in every multi-value box`, () => {
    expect(errorsOf({ mode: "0", q: valuesOf(MAX_SEARCH_VALUES) })).toEqual([]);
    expect(errorsOf({ mode: "0", q: valuesOf(MAX_SEARCH_VALUES + 1) })).toEqual([
      { field: "q", message: "Up to 500 values can be entered." },
    ]);
    expect(errorsOf(detail({ eventId: valuesOf(MAX_SEARCH_VALUES) }))).toEqual([]);
    expect(errorsOf(detail({ tel: valuesOf(MAX_SEARCH_VALUES + 1) }))).toEqual([
      { field: "tel", message: "Up to 500 values can be entered." },
    ]);
  });

  it("any run of spaces, tabs or line breaks separates values; the box is trimmed", () => {
    const parsed = quickSearchSchema.parse({ mode: "0", q: "  A1 \t B2\n\nC3  " });
    expect(parsed.q).toBe("A1 \t B2\n\nC3");
    expect(errorsOf({ mode: "0", q: `${"a".repeat(500)}\n${"b".repeat(500)}` })).toEqual([]);
  });
});

describe("date-time ranges", () => {
  const created = (fromDate: string, fromTime: string, toDate = "", toTime = "") =>
    detail({
      createdFromDate: fromDate,
      createdFromTime: fromTime,
      createdToDate: toDate,
      createdToTime: toTime,
    });

  it("date and time are a set, on both ends", () => {
    expect(errorsOf(created("2026-11-01", "00:00", "2026-11-02", "23:59"))).toEqual([]);
    expect(errorsOf(created("2026-11-01", ""))).toEqual([
      { field: "createdFromTime", message: "The date and time are a set." },
    ]);
    expect(errorsOf(created("", "10:00"))).toEqual([
      { field: "createdFromDate", message: "The date and time are a set." },
    ]);
    expect(errorsOf(detail({ requestedToDate: "2026-11-02", requestedToTime: "" }))).toEqual([
      { field: "requestedToTime", message: "The date and time are a set." },
    ]);
  });

  it("dates are YYYY-MM-DD and times HH:mm", () => {
    expect(errorsOf(created("2026/11/01", "00:00"))).toEqual([
      { field: "createdFromDate", message: "must be a date in the format YYYY-MM-DD" },
    ]);
    expect(errorsOf(created("2026-02-30", "00:00"))[0]?.field).toBe("createdFromDate");
    expect(errorsOf(created("2026-11-01", "24:00"))).toEqual([
      { field: "createdFromTime", message: "must be a time in the format HH:mm" },
    ]);
  });

  it("the end is not before the start; the same minute is a range", () => {
    expect(errorsOf(created("2026-11-01", "10:00", "2026-11-01", "10:00"))).toEqual([]);
    expect(errorsOf(created("2026-11-01", "10:00", "2026-11-01", "09:59"))).toEqual([
      { field: "createdToDate", message: "The end must not be earlier than the start." },
    ]);
  });

  it("number ranges: the upper limit is not below the lower", () => {
    expect(errorsOf(detail({ amountFrom: "100", amountTo: "100" }))).toEqual([]);
    expect(errorsOf(detail({ priceFrom: "1000", priceTo: "999" }))).toEqual([
      { field: "priceTo", message: "The upper limit must not be less than the lower limit." },
    ]);
    // Compared as numbers, not as text.
    expect(errorsOf(detail({ quantityFrom: "9", quantityTo: "10" }))).toEqual([]);
  });
});

describe("code-master and other fields", () => {
  it("take their codes only", () => {
    expect(
      errorsOf(detail({ aaresult: ["OK", "REVIEW"], maresult: ["none", "20"], settleStatus: ["none"] })),
    ).toEqual([]);
    expect(errorsOf(detail({ aaresult: ["MAYBE"] as never }))[0]?.field).toBe("aaresult.0");
    expect(errorsOf(detail({ assigneeId: "none" }))).toEqual([]);
    expect(errorsOf(detail({ assigneeId: "12" }))).toEqual([]);
    expect(errorsOf(detail({ assigneeId: "admin" }))).toEqual([
      { field: "assigneeId", message: "has an invalid value" },
    ]);
    expect(errorsOf(detail({ partyTarget: "3" as never }))[0]?.field).toBe("partyTarget");
  });

  it("refuses unknown fields", () => {
    expect(detailSearchSchema.safeParse({ ...EMPTY_DETAIL_SEARCH, companyId: "ACME" }).success).toBe(false);
    expect(quickSearchSchema.safeParse({ ...EMPTY_QUICK_SEARCH, companyId: "ACME" }).success).toBe(false);
  });

  it("eventList takes the page sizes of the dropdown only and a cursor of up to 200 characters", () => {
    const request = (pageSize: number, cursor: string | null = null) =>
      eventList.request.safeParse({ search: EMPTY_QUICK_SEARCH, pageSize, cursor }).success;
    expect([50, 100, 200, 500].map((size) => request(size))).toEqual([true, true, true, true]);
    expect(request(201)).toBe(false);
    expect(request(200, "x".repeat(200))).toBe(true);
    expect(request(200, "x".repeat(201))).toBe(false);
  });

  it("eventList answers rows and the next cursor; the total is eventCount's, capped at 150,000", () => {
    expect(eventList.response.safeParse({ rows: [], nextCursor: null }).success).toBe(true);
    expect(eventCount.request.safeParse({ search: EMPTY_QUICK_SEARCH }).success).toBe(true);
    expect(eventCount.request.safeParse({ search: EMPTY_QUICK_SEARCH, pageSize: 200 }).success).toBe(false);
    expect(eventCount.access).toEqual({ kind: "read", screenId: "EventList" });
    expect(eventCount.response.parse({ total: EVENT_TOTAL_CAP, totalCapped: true })).toEqual({
      total: 150_000,
      totalCapped: true,
    });
  });

  it("a selection is IDs or a search minus some", () => {
    expect(eventSelectionSchema.safeParse({ kind: "ids", eventIds: [] }).success).toBe(false);
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `E${i}`);
    expect(EVENT_ID_SELECTION_LIMIT).toBe(20_000);
    expect(eventSelectionSchema.safeParse({ kind: "ids", eventIds: ids(20_000) }).success).toBe(true);
    expect(eventSelectionSchema.safeParse({ kind: "ids", eventIds: ids(20_001) }).success).toBe(false);
    expect(
      eventSelectionSchema.safeParse({ kind: "search", search: EMPTY_QUICK_SEARCH, excludedEventIds: ["E1"] })
        .success,
    ).toBe(true);
    // Until select all's newest match: an instant PostgreSQL takes, nothing else.
    const until = (value: string) =>
      eventSelectionSchema.safeParse({
        kind: "search",
        search: EMPTY_QUICK_SEARCH,
        excludedEventIds: [],
        until: value,
      }).success;
    expect(until("2026-01-05T01:02:03.123456Z")).toBe(true);
    for (const value of ["2026-02-30T00:00:00Z", "0000-01-01T00:00:00Z", "2026-01-05 01:02:03", "yesterday"])
      expect(until(value), value).toBe(false);
  });
});

describe("the search in the URL", () => {
  const roundTrip = (search: EventSearch) => {
    const read = readSearchQuery(new URLSearchParams(searchToQuery(search).toString()));
    expect(read.valid).toBe(true);
    return read.search;
  };
  const validity = (query: Record<string, string>) => readSearchQuery(new URLSearchParams(query)).valid;

  it("a quick search survives the round trip", () => {
    const search: EventSearch = { mode: "0", q: "E1 090-1111-2222 東京" };
    expect(roundTrip(search)).toEqual(search);
    expect(searchToQuery(search).get("mode")).toBe("0");
  });

  it("a detailed search keeps every field given, arrays and party target included", () => {
    const search = detailSearchSchema.parse(
      detail({
        eventId: "E1 E2",
        tel: "03-1111-2222",
        fullAddress: "東京都 千代田区&1=2",
        createdFromDate: "2026-11-01",
        createdFromTime: "09:00",
        createdToDate: "2026-11-01",
        createdToTime: "18:30",
        aaresult: ["REVIEW", "HOLD"],
        maresult: ["none"],
        labelIds: ["L01", "L02"],
        assigneeId: "none",
        negatived: "1",
        partyTarget: "1",
      }),
    );
    expect(roundTrip(search)).toEqual(search);
    const query = searchToQuery(search);
    // Only the fields given are in the URL.
    expect([...query.keys()].sort()).toEqual(
      [
        "mode",
        "eventId",
        "tel",
        "fullAddress",
        "createdFromDate",
        "createdFromTime",
        "createdToDate",
        "createdToTime",
        "aaresult",
        "maresult",
        "labelIds",
        "assigneeId",
        "negatived",
        "partyTarget",
      ].sort(),
    );
    expect(query.get("aaresult")).toBe("REVIEW,HOLD");
  });

  it("the empty searches are the defaults; a URL breaking a field's rule is not a valid search", () => {
    expect(roundTrip(EMPTY_QUICK_SEARCH)).toEqual(EMPTY_QUICK_SEARCH);
    expect(roundTrip(EMPTY_DETAIL_SEARCH as EventSearch)).toEqual(EMPTY_DETAIL_SEARCH);
    expect(readSearchQuery(new URLSearchParams(""))).toEqual({ valid: true, search: EMPTY_QUICK_SEARCH });
    expect(validity({ mode: "1", tel: "0".repeat(21) })).toBe(false);
    expect(validity({ mode: "1", createdFromDate: "2026-11-01" })).toBe(false);
    expect(validity({ mode: "0", q: valuesOf(501) })).toBe(false);
  });

  it("reads a URL's search that is not valid as its values with the reasons, never as another search", () => {
    const tel = "0836-36-0999";
    const read = readSearchQuery(new URLSearchParams({ mode: "1", tel, amountFrom: "abc" }));
    expect(read.valid).toBe(false);
    expect(read.search).toEqual({ ...EMPTY_DETAIL_SEARCH, tel, amountFrom: "abc" });
    if (!read.valid) expect(read.error.issues.map((i) => i.path.join("."))).toEqual(["amountFrom"]);

    // Choices outside their lists are left out of the values (no control could show them) but make
    // the search invalid all the same.
    const choices = readSearchQuery(
      new URLSearchParams({ mode: "1", aaresult: "NG,BOGUS", negatived: "7", partyTarget: "1" }),
    );
    expect(choices.valid).toBe(false);
    expect(choices.search).toEqual({ ...EMPTY_DETAIL_SEARCH, aaresult: ["NG"], partyTarget: "1" });
    if (!choices.valid)
      expect(choices.error.issues.map((i) => i.path.join(".")).sort()).toEqual(["aaresult.1", "negatived"]);

    const quick = readSearchQuery(new URLSearchParams({ mode: "0", q: "E".repeat(501) }));
    expect(quick).toMatchObject({ valid: false, search: { mode: "0", q: "E".repeat(501) } });

    // A key the search does not know, a mode other than 0 and 1, a key given twice: not valid either.
    const problems = (query: string) => {
      const read = readSearchQuery(new URLSearchParams(query));
      return read.valid ? "valid" : read.error.issues.map((i) => `${i.code}:${i.path.join(".")}`);
    };
    expect(problems("mode=1&amountFrm=100")).toEqual(["unrecognized_keys:"]);
    expect(problems("mode=1&q=E1")).toEqual(["unrecognized_keys:"]);
    expect(problems("mode=0&amountFrom=abc")).toEqual(["unrecognized_keys:"]);
    expect(problems("mode=7")).toEqual(["invalid_value:mode"]);
    // Told with the modes there are (the quick schema alone would name 0 only).
    const unknownMode = readSearchQuery(new URLSearchParams("mode=2&q=x"));
    if (unknownMode.valid) throw new Error("mode 2 read as a valid search");
    expect(fieldErrors("en", unknownMode.error)).toEqual([{ field: "mode", message: "must be one of 0, 1" }]);
    expect(problems("mode=1&amountFrom=100&amountFrom=abc")).toEqual(["custom:amountFrom"]);
    expect(readSearchQuery(new URLSearchParams("mode=7&q=E1")).search).toEqual({ mode: "0", q: "E1" });
    expect(problems("")).toBe("valid");
    expect(problems("q=E1")).toBe("valid");

    expect(readSearchQuery(new URLSearchParams({ mode: "1", tel }))).toEqual({
      valid: true,
      search: { ...EMPTY_DETAIL_SEARCH, tel },
    });
  });
});
