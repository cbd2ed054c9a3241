import { describe, expect, it } from "vitest";
import { preferredPageSize, rememberPageSize } from "../../../src/app/features/event/pageSizePreference.ts";
import type { KeyValueStorage } from "../../../src/client/browserStorage.ts";
import { memoryStorage } from "../client/memoryStorage.ts";
import { signIn, signOut } from "../client/signedIn.ts";

const refusing: KeyValueStorage = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
  removeItem: () => undefined,
};

describe("the event list's page size kept in the browser for the signed-in operator", () => {
  it("is the spec's 200 until one is chosen, then the one chosen", () => {
    const storage = memoryStorage();
    signIn(storage, "DEMO", "1");
    expect(preferredPageSize(storage)).toBe(200);
    rememberPageSize(50, storage);
    expect(preferredPageSize(storage)).toBe(50);
    rememberPageSize(500, storage);
    expect(preferredPageSize(storage)).toBe(500);
  });

  it("is each operator's own at a shared PC: another operator, or the same ID in another tenant, starts at 200", () => {
    const storage = memoryStorage();
    signIn(storage, "DEMO", "1");
    rememberPageSize(50, storage);
    signIn(storage, "DEMO", "2");
    expect(preferredPageSize(storage)).toBe(200);
    rememberPageSize(100, storage);
    signIn(storage, "ACME", "1");
    expect(preferredPageSize(storage)).toBe(200);
    signIn(storage, "DEMO", "1");
    expect(preferredPageSize(storage)).toBe(50);
    signIn(storage, "DEMO", "2");
    expect(preferredPageSize(storage)).toBe(100);
  });

  it("keeps nothing without an operator signed in, and does not read the old browser-wide choice", () => {
    const storage = memoryStorage({ "console.eventList.pageSize": "50" });
    expect(preferredPageSize(storage)).toBe(200);
    rememberPageSize(500, storage);
    expect(preferredPageSize(storage)).toBe(200);
    signIn(storage, "DEMO", "1");
    expect(preferredPageSize(storage)).toBe(200);
    signOut(storage);
    expect(storage.data.get("console.eventList.pageSize")).toBe("50");
  });

  it("reads a stored value that is not one of the sizes offered as 200", () => {
    const storage = memoryStorage();
    signIn(storage, "DEMO", "1");
    for (const stored of ["30", "1000000", "abc", "", " 50", "50.0"]) {
      storage.data.set("console.eventList.pageSize:DEMO:1", stored);
      expect(preferredPageSize(storage)).toBe(200);
    }
  });

  it("goes on at 200 when the browser refuses storage", () => {
    expect(() => rememberPageSize(100, refusing)).not.toThrow();
    expect(preferredPageSize(refusing)).toBe(200);
  });
});
