import type { NegativeSearch } from "../../../../contract/negativeList.ts";

const KEY = "console.negativeList.search";

/** The list's last search, kept for the tab so Back from a detail (or the add screen) shows it again. */
export function rememberNegativeSearch(search: NegativeSearch): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(search));
  } catch {
    // Storage refused (private mode): the list then opens empty.
  }
}

export function recalledNegativeSearch(): NegativeSearch | null {
  try {
    const text = sessionStorage.getItem(KEY);
    return text === null ? null : (JSON.parse(text) as NegativeSearch);
  } catch {
    return null;
  }
}
