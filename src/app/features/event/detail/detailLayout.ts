import type { DetailCategory } from "../../../../contract/eventFields.ts";

/** Sections that are a list of field names and values, narrow enough to stand two abreast. */
const FIELD_LIST_SECTIONS: ReadonlySet<DetailCategory> = new Set([
  "basic",
  "purchaser",
  "shipping",
  "device",
  "card",
  "other",
]);

const isPartyPair = (a: DetailCategory, b: DetailCategory | undefined) =>
  (a === "purchaser" && b === "shipping") || (a === "shipping" && b === "purchaser");

/** One row of the detail: a section across the width, or two field lists side by side. */
export type DetailLayoutRow = readonly [DetailCategory] | readonly [DetailCategory, DetailCategory];

/**
 * The operator's section order laid out in rows, order kept: purchaser and shipping side by side
 * whenever they follow each other (the analyst compares them field by field), other consecutive
 * field lists paired as they come, tables (items, fired rules, history, related events) across the
 * width. A field list is never paired when the next one begins the purchaser and shipping pair.
 */
export function detailLayoutRows(categories: readonly DetailCategory[]): DetailLayoutRow[] {
  const rows: DetailLayoutRow[] = [];
  for (let i = 0; i < categories.length; i++) {
    const current = categories[i] as DetailCategory;
    const next = categories[i + 1];
    const pairable =
      next !== undefined &&
      (isPartyPair(current, next) ||
        (FIELD_LIST_SECTIONS.has(current) &&
          FIELD_LIST_SECTIONS.has(next) &&
          !isPartyPair(next, categories[i + 2])));
    if (pairable) {
      rows.push([current, next]);
      i++;
    } else {
      rows.push([current]);
    }
  }
  return rows;
}
