import type { EventPageSize } from "../../../../machines/event/eventSearchMachine.ts";
import type { KeyValueStorage } from "../../../client/browserStorage.ts";
import { operatorPreferenceKey } from "../../../client/operatorPreferenceKey.ts";
import { DEFAULT_PAGE_SIZE } from "../../../contract/codes.ts";
import { EVENT_PAGE_SIZES } from "../../../contract/eventSearch.ts";

/**
 * The event list's page size as the signed-in operator last chose it in this browser (localStorage,
 * keyed by tenant and operator), so a reload, a bookmark or the next day's visit lists as many rows
 * as the operator works with, and the next analyst at a shared PC starts from their own; the spec's
 * 200 until one is chosen. Storage refused (a private window may), or no operator signed in, just
 * forgets the choice.
 */
const STORAGE_NAME = "console.eventList.pageSize";

export function preferredPageSize(storage: KeyValueStorage = localStorage): EventPageSize {
  try {
    const key = operatorPreferenceKey(STORAGE_NAME, storage);
    const stored = key === null ? null : storage.getItem(key);
    return EVENT_PAGE_SIZES.find((size) => String(size) === stored) ?? (DEFAULT_PAGE_SIZE as EventPageSize);
  } catch {
    return DEFAULT_PAGE_SIZE as EventPageSize;
  }
}

export function rememberPageSize(size: EventPageSize, storage: KeyValueStorage = localStorage): void {
  try {
    const key = operatorPreferenceKey(STORAGE_NAME, storage);
    if (key !== null) storage.setItem(key, String(size));
  } catch {
    // Not kept: the next visit starts at the default.
  }
}
