import { z } from "zod";
import type { ListPosition } from "../../../../machines/event/eventSearchMachine.ts";
import type { ListSelection } from "../../../../machines/event/eventSelection.ts";
import type { KeyValueStorage } from "../../../client/browserStorage.ts";
import { getTransit, setTransit } from "../../../client/transit.ts";
import {
  EVENT_ID_SELECTION_LIMIT,
  EVENT_PAGE_SIZES,
  type EventSearch,
  eventSearchSchema,
  searchToQuery,
} from "../../../contract/eventSearch.ts";
import { SCREENS } from "../../../contract/screens.ts";

/**
 * What the event list hands the event detail (issue 4): the search the detail pages through
 * (previous / next within the results), the list's URL for "Back", and the page, page size,
 * scroll offset and ticked rows the list restores when it comes back; the detail adds the event it shows last, whose row the list focuses
 * on the way back. One transit entry for the destination /EventDetail.
 */
const LIST_PATH = SCREENS.EventList.path;
const DETAIL_PATH = SCREENS.EventDetail.path;

/** Page 1's cursor is null, each later page's the opaque cursor the server gave (eventList's limit). */
const listPositionSchema = z.object({
  pageSize: z.union(EVENT_PAGE_SIZES.map((size) => z.literal(size))),
  cursors: z
    .array(z.string().min(1).max(200).nullable())
    .min(1)
    .max(10_000)
    .refine((cursors) => cursors.every((cursor, index) => (index === 0) === (cursor === null))),
}) satisfies z.ZodType<ListPosition>;

const eventIdSchema = z.string().min(1).max(47);

/** The list's ticks, as the list keeps them (eventSelection.ts); within its limits, or not restored. */
const listSelectionSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("ids"),
    rows: z
      .array(z.object({ eventId: eventIdSchema, modelId: z.string().max(50) }))
      .max(EVENT_ID_SELECTION_LIMIT)
      .readonly(),
  }),
  z.object({
    kind: z.literal("search"),
    search: eventSearchSchema,
    count: z.number().int().nonnegative(),
    modelId: z.string().max(50),
    until: z.string().min(1).max(40),
    excludedEventIds: z.array(eventIdSchema).max(EVENT_ID_SELECTION_LIMIT).readonly(),
  }),
]) satisfies z.ZodType<ListSelection>;

const listContextSchema = z.object({
  search: eventSearchSchema,
  position: listPositionSchema,
  scrollOffset: z.number().nonnegative(),
  /** The rows ticked when the detail was opened: still ticked on the way back. */
  selection: listSelectionSchema.optional(),
  listUrl: z.string().startsWith(LIST_PATH),
  /** The event the detail showed last (previous / next move it). */
  shownEventId: z.string().optional(),
  /** The opened row's place on its page: focused on the way back when the event is no longer there. */
  openedIndex: z.number().int().nonnegative().optional(),
  /**
   * The list has come back to this place once; until the detail is shown again, the list opens as
   * any list does (a reload after paging elsewhere starts at page 1, not at the page left long ago).
   */
  returned: z.boolean().optional(),
});
export type ListContext = z.infer<typeof listContextSchema>;

/** The detail of one event, inside the app's base ("/EventDetail?eventId=..."). */
export const detailPath = (eventId: string): string =>
  `${DETAIL_PATH}?${new URLSearchParams({ eventId }).toString()}`;

/** The list showing a search: the search lives in the URL, so this is also a bookmark. */
export const listPath = (search: EventSearch): string => `${LIST_PATH}?${searchToQuery(search).toString()}`;

/**
 * Called as a row's event ID is followed: the detail then knows the search and the way back, and the
 * list focuses that row on the way back even if the detail was left before it had loaded.
 */
export function rememberListForDetail(
  search: EventSearch,
  position: ListPosition,
  scrollOffset: number,
  selection: ListSelection,
  opened: { eventId: string; index: number },
  storage: KeyValueStorage = sessionStorage,
): void {
  const context: ListContext = {
    search,
    position,
    scrollOffset: Math.max(0, scrollOffset),
    selection,
    listUrl: listPath(search),
    shownEventId: opened.eventId,
    openedIndex: opened.index,
  };
  setTransit(DETAIL_PATH, context, LIST_PATH, storage);
}

/** The list the detail was opened from; null when the detail was opened directly (bookmark, reload). */
export function readListForDetail(storage: KeyValueStorage = sessionStorage): ListContext | null {
  const entry = getTransit(DETAIL_PATH, storage);
  if (!entry || entry.referrer !== LIST_PATH) return null;
  const parsed = listContextSchema.safeParse(entry.data);
  return parsed.success ? parsed.data : null;
}

/**
 * Called as the detail shows an event opened from the list: the list focuses its row on the way back
 * (the browser's Forward to the detail, then Back, comes back to the same place again).
 */
export function rememberShownEvent(eventId: string, storage: KeyValueStorage = sessionStorage): void {
  const context = readListForDetail(storage);
  if (!context || (context.shownEventId === eventId && !context.returned)) return;
  const { returned: _returned, ...kept } = context;
  setTransit(DETAIL_PATH, { ...kept, shownEventId: eventId }, LIST_PATH, storage);
}

/** Called once the list has come back to its place (listReturn): it is not restored a second time. */
export function markListReturned(storage: KeyValueStorage = sessionStorage): void {
  const context = readListForDetail(storage);
  if (context && !context.returned)
    setTransit(DETAIL_PATH, { ...context, returned: true }, LIST_PATH, storage);
}

export interface ListReturn {
  /** The page the detail was opened from; null: page 1 at the list's page size. */
  position: ListPosition | null;
  scrollOffset: number;
  /** The rows ticked when the detail was opened; null: none kept (the list starts with none). */
  selection: ListSelection | null;
  /**
   * The row to focus: the event the detail showed last, or, when that is not on the page (previous /
   * next went past it, or it left the search once screened), the row now where the opened one was.
   */
  focus: { eventId: string; index: number } | null;
}

/**
 * Where the list showing `search` picks up again (back from its detail): the page and page size, the
 * scroll offset and the event shown last; nothing when the list was left for another search, never
 * left at all, or has come back once already (markListReturned).
 */
export function listReturn(search: EventSearch, storage: KeyValueStorage = sessionStorage): ListReturn {
  const context = readListForDetail(storage);
  if (!context || context.returned || context.listUrl !== listPath(search))
    return { position: null, scrollOffset: 0, selection: null, focus: null };
  return {
    position: context.position,
    scrollOffset: context.scrollOffset,
    selection: context.selection ?? null,
    focus:
      context.shownEventId === undefined
        ? null
        : { eventId: context.shownEventId, index: context.openedIndex ?? 0 },
  };
}
