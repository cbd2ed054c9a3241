import { describe, expect, it } from "vitest";
import {
  setShortcutsEnabled,
  shortcutsEnabled,
  subscribeShortcutPreference,
} from "../../../src/app/shortcuts/shortcutPreference.ts";
import { PRODUCT_KEY } from "../../../src/contract/auth.ts";
import { memoryStorage } from "../client/memoryStorage.ts";
import { signIn, signOut } from "../client/signedIn.ts";

/** What another tab's write of `key` raises in this one (Node has no StorageEvent). */
const storageEvent = (key: string | null) => Object.assign(new Event("storage"), { key });

describe("single-key shortcuts on or off, kept for the signed-in operator", () => {
  it("are on until the operator turns them off, and on again when turned back on", () => {
    const storage = memoryStorage();
    signIn(storage, "DEMO", "1");
    expect(shortcutsEnabled(storage)).toBe(true);
    setShortcutsEnabled(false, storage);
    expect(shortcutsEnabled(storage)).toBe(false);
    setShortcutsEnabled(true, storage);
    expect(shortcutsEnabled(storage)).toBe(true);
  });

  it("are each operator's own at a shared PC: turned off by one, on for the next (another tenant's too)", () => {
    const storage = memoryStorage();
    signIn(storage, "DEMO", "1");
    setShortcutsEnabled(false, storage);
    signIn(storage, "DEMO", "2");
    expect(shortcutsEnabled(storage)).toBe(true);
    signIn(storage, "ACME", "1");
    expect(shortcutsEnabled(storage)).toBe(true);
    signIn(storage, "DEMO", "1");
    expect(shortcutsEnabled(storage)).toBe(false);
  });

  it("without an operator signed in, hold a choice for the page only and ignore the old browser-wide one", () => {
    const storage = memoryStorage({ "console.shortcuts": "off" });
    expect(shortcutsEnabled(storage)).toBe(true);
    setShortcutsEnabled(false, storage);
    expect(shortcutsEnabled(storage)).toBe(false);
    expect([...storage.data.keys()]).toEqual(["console.shortcuts"]);
    setShortcutsEnabled(true, storage);
    signIn(storage, "DEMO", "1");
    signOut(storage);
    expect(shortcutsEnabled(storage)).toBe(true);
  });

  it("tell the screen of a change here, of a choice made in another tab and of another sign-in there", () => {
    const storage = memoryStorage();
    signIn(storage, "DEMO", "1");
    const tabs = new EventTarget();
    let calls = 0;
    const unsubscribe = subscribeShortcutPreference(() => calls++, tabs);
    setShortcutsEnabled(false, storage);
    expect(calls).toBe(1);
    tabs.dispatchEvent(storageEvent("console.shortcuts:DEMO:1"));
    tabs.dispatchEvent(storageEvent(PRODUCT_KEY));
    tabs.dispatchEvent(storageEvent(null));
    expect(calls).toBe(4);
    // Another key (the page size, a transit entry) says nothing about shortcuts.
    tabs.dispatchEvent(storageEvent("console.eventList.pageSize:DEMO:1"));
    tabs.dispatchEvent(storageEvent("console.shortcutsX"));
    expect(calls).toBe(4);
    unsubscribe();
    tabs.dispatchEvent(storageEvent("console.shortcuts:DEMO:1"));
    setShortcutsEnabled(true, storage);
    expect(calls).toBe(4);
  });
});
