import {
  type DisplayFormat,
  FIXED_ITEM_FIELDS,
  FIXED_ITEM_LIMIT,
  FIXED_ITEM_SECTIONS,
  fixedItemSchema,
} from "../../src/contract/eventDisplayFormat.ts";
import { DETAIL_CATEGORIES, EVENT_SECTIONS } from "../../src/contract/eventFields.ts";

/**
 * The lists of a display format the edit screen shows: one per mode, and in mode 3 one per part
 * section. Each list holds the shown entries in their order; an entry not in it is hidden.
 */
export const DRAFT_LISTS = [
  "eventProperties",
  "categories",
  "fixedItems",
  "party",
  "item",
  "device",
  "card",
] as const;
export type DraftList = (typeof DRAFT_LISTS)[number];
export type OtherItemsList = Exclude<DraftList, "eventProperties" | "categories" | "fixedItems">;
export const OTHER_ITEM_LISTS = [
  "party",
  "item",
  "device",
  "card",
] as const satisfies readonly OtherItemsList[];

export type MoveDirection = "up" | "down";

/** Every entry a list can hold, in catalogue order (fixed items are "section.field"). */
export const LIST_CATALOGUE: Record<DraftList, readonly string[]> = {
  eventProperties: EVENT_SECTIONS.basic,
  categories: DETAIL_CATEGORIES,
  fixedItems: FIXED_ITEM_SECTIONS.flatMap((section) =>
    FIXED_ITEM_FIELDS[section].map((field) => `${section}.${field}`),
  ),
  party: EVENT_SECTIONS.party,
  item: EVENT_SECTIONS.item,
  device: EVENT_SECTIONS.device,
  card: EVENT_SECTIONS.card,
};

export function listOf(format: DisplayFormat, list: DraftList): readonly string[] {
  if (list === "eventProperties" || list === "categories" || list === "fixedItems") return format[list];
  return format.otherItems[list];
}

/** The format with one list replaced; entries are catalogue values (the callers check membership). */
function withList(format: DisplayFormat, list: DraftList, entries: string[]): DisplayFormat {
  switch (list) {
    case "eventProperties":
      return { ...format, eventProperties: entries as DisplayFormat["eventProperties"] };
    case "categories":
      return { ...format, categories: entries as DisplayFormat["categories"] };
    case "fixedItems":
      return { ...format, fixedItems: entries };
    case "party":
      return {
        ...format,
        otherItems: { ...format.otherItems, party: entries as DisplayFormat["otherItems"]["party"] },
      };
    case "item":
      return {
        ...format,
        otherItems: { ...format.otherItems, item: entries as DisplayFormat["otherItems"]["item"] },
      };
    case "device":
      return {
        ...format,
        otherItems: { ...format.otherItems, device: entries as DisplayFormat["otherItems"]["device"] },
      };
    case "card":
      return {
        ...format,
        otherItems: { ...format.otherItems, card: entries as DisplayFormat["otherItems"]["card"] },
      };
  }
}

const inCatalogue = (list: DraftList, entry: string): boolean =>
  list === "fixedItems" ? fixedItemSchema.safeParse(entry).success : LIST_CATALOGUE[list].includes(entry);

/** Whether showing or hiding the entry is possible: a known entry, and no ninth fixed item. */
export function canToggle(format: DisplayFormat, list: DraftList, entry: string): boolean {
  if (!inCatalogue(list, entry)) return false;
  const shown = listOf(format, list);
  if (shown.includes(entry)) return true;
  return list !== "fixedItems" || shown.length < FIXED_ITEM_LIMIT;
}

/** Hides a shown entry, or shows a hidden one at the end of the list. */
export function toggleEntry(format: DisplayFormat, list: DraftList, entry: string): DisplayFormat {
  if (!canToggle(format, list, entry)) return format;
  const shown = listOf(format, list);
  return withList(
    format,
    list,
    shown.includes(entry) ? shown.filter((value) => value !== entry) : [...shown, entry],
  );
}

/** Whether a shown entry has a neighbour in that direction. */
export function canMove(
  format: DisplayFormat,
  list: DraftList,
  entry: string,
  direction: MoveDirection,
): boolean {
  const shown = listOf(format, list);
  const index = shown.indexOf(entry);
  if (index < 0) return false;
  return direction === "up" ? index > 0 : index < shown.length - 1;
}

/** Swaps a shown entry with its neighbour above or below. */
export function moveEntry(
  format: DisplayFormat,
  list: DraftList,
  entry: string,
  direction: MoveDirection,
): DisplayFormat {
  if (!canMove(format, list, entry, direction)) return format;
  const shown = [...listOf(format, list)];
  const index = shown.indexOf(entry);
  const other = direction === "up" ? index - 1 : index + 1;
  [shown[index], shown[other]] = [shown[other] as string, shown[index] as string];
  return withList(format, list, shown);
}

const sameEntries = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * The operator's draft carried onto a layout stored meanwhile by someone else (another tab, after
 * 015): each list the operator changed since `base` (the layout the draft started from) keeps the
 * operator's entries, every other list takes the stored one's. Nothing the operator did is dropped,
 * and nothing the other save did is undone where the operator did not touch it.
 */
export function rebaseDraft(base: DisplayFormat, draft: DisplayFormat, stored: DisplayFormat): DisplayFormat {
  return DRAFT_LISTS.reduce(
    (merged, list) =>
      sameEntries(listOf(draft, list), listOf(base, list))
        ? merged
        : withList(merged, list, [...listOf(draft, list)]),
    stored,
  );
}
