import { z } from "zod";
import type { KeyValueStorage } from "../../../client/browserStorage.ts";
import { getTransit, setTransit } from "../../../client/transit.ts";
import { type EventSearch, eventSearchSchema, searchToQuery } from "../../../contract/eventSearch.ts";
import { SCREENS } from "../../../contract/screens.ts";

/**
 * What the event list hands the event detail (issue 4): the search the detail pages through
 * (previous / next within the results), the list's URL for "Back" and the scroll offset the list
 * restores when it comes back. One transit entry for the destination /EventDetail.
 */
const LIST_PATH = SCREENS.EventList.path;
const DETAIL_PATH = SCREENS.EventDetail.path;

const listContextSchema = z.object({
  search: eventSearchSchema,
  scrollOffset: z.number().nonnegative(),
  listUrl: z.string().startsWith(LIST_PATH),
});
export type ListContext = z.infer<typeof listContextSchema>;

/** The detail of one event, inside the app's base ("/EventDetail?eventId=..."). */
export const detailPath = (eventId: string): string =>
  `${DETAIL_PATH}?${new URLSearchParams({ eventId }).toString()}`;

/** The list showing a search: the search lives in the URL, so this is also a bookmark. */
export const listPath = (search: EventSearch): string => `${LIST_PATH}?${searchToQuery(search).toString()}`;

/** Called as a row's event ID is followed: the detail then knows the search and the way back. */
export function rememberListForDetail(
  search: EventSearch,
  scrollOffset: number,
  storage: KeyValueStorage = sessionStorage,
): void {
  const context: ListContext = { search, scrollOffset: Math.max(0, scrollOffset), listUrl: listPath(search) };
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
 * The scroll offset to restore when the list shows `search` again (back from its detail); 0 when the
 * list was left for another search or never left at all.
 */
export function scrollOffsetToRestore(
  search: EventSearch,
  storage: KeyValueStorage = sessionStorage,
): number {
  const context = readListForDetail(storage);
  if (!context) return 0;
  return context.listUrl === listPath(search) ? context.scrollOffset : 0;
}
