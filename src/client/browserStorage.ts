/** The part of the Web Storage API the client uses; tests pass an in-memory one. */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Reads JSON from storage; anything missing or unparsable reads as undefined. */
export function readJson(storage: KeyValueStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export const writeJson = (storage: KeyValueStorage, key: string, value: unknown): void =>
  storage.setItem(key, JSON.stringify(value));
