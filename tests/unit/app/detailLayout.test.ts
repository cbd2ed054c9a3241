import { describe, expect, it } from "vitest";
import { detailLayoutRows } from "../../../src/app/features/event/detail/detailLayout.ts";
import { DEFAULT_DISPLAY_FORMAT } from "../../../src/contract/eventDisplayFormat.ts";
import { DETAIL_CATEGORIES, type DetailCategory } from "../../../src/contract/eventFields.ts";

describe("detailLayoutRows", () => {
  it("lays out the default order: fired rules first, purchaser beside shipping, device beside card, tables across", () => {
    expect(detailLayoutRows(DEFAULT_DISPLAY_FORMAT.categories)).toEqual([
      ["firedRules"],
      ["basic"],
      ["purchaser", "shipping"],
      ["items"],
      ["device", "card"],
      ["other"],
      ["manualHistory"],
      ["relatedEvents"],
    ]);
  });

  it.each<[string, DetailCategory[], DetailCategory[][]]>([
    ["shipping first", ["shipping", "purchaser", "basic"], [["shipping", "purchaser"], ["basic"]]],
    [
      "a field list before the party pair stays alone",
      ["device", "purchaser", "shipping", "card"],
      [["device"], ["purchaser", "shipping"], ["card"]],
    ],
    [
      "parties apart are paired with their neighbours",
      ["purchaser", "basic", "shipping", "firedRules"],
      [["purchaser", "basic"], ["shipping"], ["firedRules"]],
    ],
    [
      "a table between field lists breaks the pair",
      ["basic", "items", "device", "card", "other"],
      [["basic"], ["items"], ["device", "card"], ["other"]],
    ],
    ["tables are never paired", ["firedRules", "manualHistory"], [["firedRules"], ["manualHistory"]]],
    ["nothing shown", [], []],
  ])("%s", (_name, categories, rows) => {
    expect(detailLayoutRows(categories)).toEqual(rows);
  });

  it("keeps every section once, in the operator's order", () => {
    const reversed = [...DETAIL_CATEGORIES].reverse();
    expect(detailLayoutRows(reversed).flat()).toEqual(reversed);
  });
});
