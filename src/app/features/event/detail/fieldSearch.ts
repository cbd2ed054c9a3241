import { QUICK_SEARCH_FIELDS, quickSearchOf } from "../../../../contract/eventSearch.ts";
import { listPath } from "../eventTransit.ts";

/** The parts of an event with fields the quick search matches. */
export type SearchablePart = keyof typeof QUICK_SEARCH_FIELDS;

const SEARCHABLE: Record<SearchablePart, ReadonlySet<string>> = {
  party: new Set(QUICK_SEARCH_FIELDS.party),
  device: new Set(QUICK_SEARCH_FIELDS.device),
  card: new Set(QUICK_SEARCH_FIELDS.card),
};

/**
 * The event list's quick search for the events sharing this field's value (the analyst's pivot from
 * one event to all of a phone, device or card), for the fields the quick search matches; undefined
 * for any other field, and for a value the search box would not take as one value.
 */
export function fieldSearchPath(part: SearchablePart, field: string, value: unknown): string | undefined {
  if (typeof value !== "string" || !SEARCHABLE[part].has(field)) return undefined;
  const search = quickSearchOf(value);
  return search && listPath(search);
}
