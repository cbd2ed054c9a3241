import { describe, expect, it } from "vitest";
import { fieldSearchPath } from "../../../src/app/features/event/detail/fieldSearch.ts";
import { quickSearchOf, readSearchQuery } from "../../../src/contract/eventSearch.ts";

const searchedFor = (path: string | undefined) => {
  expect(path?.startsWith("/EventList?")).toBe(true);
  const read = readSearchQuery(new URLSearchParams((path as string).split("?")[1]));
  expect(read.valid).toBe(true);
  return read.search;
};

describe("event detail: values that link to their quick search", () => {
  it("links the quick search's identifiers to a quick search for exactly that value", () => {
    expect(searchedFor(fieldSearchPath("party", "tel", "090-1234-5678"))).toEqual({
      mode: "0",
      q: "090-1234-5678",
    });
    expect(searchedFor(fieldSearchPath("party", "shopMemberId", " M-1 "))).toEqual({ mode: "0", q: "M-1" });
    expect(searchedFor(fieldSearchPath("device", "ipaddress", "192.0.2.1"))).toEqual({
      mode: "0",
      q: "192.0.2.1",
    });
    expect(searchedFor(fieldSearchPath("card", "cchash", "A".repeat(64)))).toEqual({
      mode: "0",
      q: "A".repeat(64),
    });
  });

  it("links no other field, and no value the box would not take as one value", () => {
    // Not matched by the quick search.
    expect(fieldSearchPath("party", "fullAddress", "東京都千代田区")).toBeUndefined();
    expect(fieldSearchPath("device", "userDeviceId", "UD-1")).toBeUndefined();
    expect(fieldSearchPath("card", "bincode", "411111")).toBeUndefined();
    // Two values, an empty one, one too long, not text.
    expect(fieldSearchPath("party", "shopMemberId", "M 1")).toBeUndefined();
    expect(fieldSearchPath("device", "cookie", "  ")).toBeUndefined();
    expect(fieldSearchPath("device", "cookie", "c".repeat(501))).toBeUndefined();
    expect(fieldSearchPath("party", "tel", null)).toBeUndefined();
  });

  it("takes one value as the search box does", () => {
    expect(quickSearchOf("E2026")).toEqual({ mode: "0", q: "E2026" });
    expect(quickSearchOf("a\tb")).toBeUndefined();
    expect(quickSearchOf("")).toBeUndefined();
  });
});
