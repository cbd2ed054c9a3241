import type { EventPageSize } from "../../../../machines/event/eventSearchMachine.ts";
import type { KeyValueStorage } from "../../../client/browserStorage.ts";
import { DEFAULT_PAGE_SIZE } from "../../../contract/codes.ts";
import { EVENT_PAGE_SIZES } from "../../../contract/eventSearch.ts";

/**
 * The event list's page size as this browser last chose it (localStorage), so a reload, a bookmark
 * or the next day's visit lists as many rows as the operator works with; the spec's 200 until one is
 * chosen. Storage refused (a private window may) just forgets the choice.
 */
const STORAGE_KEY = "console.eventList.pageSize";

export function preferredPageSize(storage: KeyValueStorage = localStorage): EventPageSize {
  try {
    const stored = storage.getItem(STORAGE_KEY);
    return EVENT_PAGE_SIZES.find((size) => String(size) === stored) ?? (DEFAULT_PAGE_SIZE as EventPageSize);
  } catch {
    return DEFAULT_PAGE_SIZE as EventPageSize;
  }
}

export function rememberPageSize(size: EventPageSize, storage: KeyValueStorage = localStorage): void {
  try {
    storage.setItem(STORAGE_KEY, String(size));
  } catch {
    // Not kept: the next visit starts at the default.
  }
}
