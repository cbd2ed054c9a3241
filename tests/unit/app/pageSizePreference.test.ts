import { describe, expect, it } from "vitest";
import { preferredPageSize, rememberPageSize } from "../../../src/app/screens/event/pageSizePreference.ts";
import type { KeyValueStorage } from "../../../src/client/browserStorage.ts";

const memoryStorage = (): KeyValueStorage & { items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

const refusing: KeyValueStorage = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
  removeItem: () => undefined,
};

describe("the event list's page size kept in the browser", () => {
  it("is the spec's 200 until one is chosen, then the one chosen", () => {
    const storage = memoryStorage();
    expect(preferredPageSize(storage)).toBe(200);
    rememberPageSize(50, storage);
    expect(preferredPageSize(storage)).toBe(50);
    rememberPageSize(500, storage);
    expect(preferredPageSize(storage)).toBe(500);
  });

  it("reads a stored value that is not one of the sizes offered as 200", () => {
    const storage = memoryStorage();
    for (const stored of ["30", "1000000", "abc", "", " 50", "50.0"]) {
      storage.items.set("console.eventList.pageSize", stored);
      expect(preferredPageSize(storage)).toBe(200);
    }
  });

  it("goes on at 200 when the browser refuses storage", () => {
    expect(() => rememberPageSize(100, refusing)).not.toThrow();
    expect(preferredPageSize(refusing)).toBe(200);
  });
});
