import { z } from "zod";
import type { KeyValueStorage } from "../../../../client/browserStorage.ts";
import { getTransit, setTransit } from "../../../../client/transit.ts";
import { SCREENS } from "../../../../contract/screens.ts";

/**
 * What a screen hands /EventItemDisplayFormatEdit (issue 4): the URL to go back to, inside the app's
 * base. The event detail's "Change displayed items" button calls rememberReturnForDisplayFormat with
 * its own URL ("/EventDetail?eventId=...") before navigating; opened any other way (a bookmark, a
 * reload after the entry was cleared), "Back" goes to the event list.
 */
const EDIT_PATH = SCREENS.EventItemDisplayFormatEdit.path;
export const DISPLAY_FORMAT_EDIT_PATH = EDIT_PATH;
const FALLBACK_PATH = SCREENS.EventList.path;

// Only a path of this app: never another origin ("//host") or a script URL.
const returnSchema = z.object({ returnUrl: z.string().regex(/^\/(?!\/)[^\s\\]*$/) });

/** Called by the screen that opens the display format edit, with the URL to come back to. */
export function rememberReturnForDisplayFormat(
  returnUrl: string,
  storage: KeyValueStorage = sessionStorage,
): void {
  const referrer = returnUrl.split("?", 1)[0] ?? returnUrl;
  setTransit(EDIT_PATH, { returnUrl }, referrer, storage);
}

/** Where "Back" goes: the screen the edit was opened from, else the event list. */
export function displayFormatReturnUrl(storage: KeyValueStorage = sessionStorage): string {
  const entry = getTransit(EDIT_PATH, storage);
  const parsed = returnSchema.safeParse(entry?.data);
  return parsed.success ? parsed.data.returnUrl : FALLBACK_PATH;
}
