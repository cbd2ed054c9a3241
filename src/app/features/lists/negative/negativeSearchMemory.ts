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

/** Hands a file answered as base64 to the browser as a download. */
export function saveBase64File(fileName: string, base64: string, type: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
