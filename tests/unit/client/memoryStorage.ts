import type { KeyValueStorage } from "../../../src/client/browserStorage.ts";

/** An in-memory Web Storage for tests (Node has no localStorage/sessionStorage). */
export function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
