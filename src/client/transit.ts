import { z } from "zod";
import { PRODUCT_KEY } from "../contract/auth.ts";
import { type KeyValueStorage, readJson, writeJson } from "./browserStorage.ts";

/**
 * Page-transition data (spec section 2): what one screen hands the next through sessionStorage, one
 * entry per destination, each with the path of the screen that sent it (its referrer).
 */
const TRANSIT_KEY = `${PRODUCT_KEY}.transit`;

const entrySchema = z.object({ referrer: z.string(), data: z.unknown() });
const storeSchema = z.record(z.string(), entrySchema);
export type TransitEntry = z.infer<typeof entrySchema>;

const readStore = (storage: KeyValueStorage) => {
  const parsed = storeSchema.safeParse(readJson(storage, TRANSIT_KEY));
  return parsed.success ? parsed.data : {};
};

export function setTransit(
  destination: string,
  data: unknown,
  referrer: string,
  storage: KeyValueStorage = sessionStorage,
): void {
  writeJson(storage, TRANSIT_KEY, { ...readStore(storage), [destination]: { referrer, data } });
}

export function getTransit(
  destination: string,
  storage: KeyValueStorage = sessionStorage,
): TransitEntry | null {
  return readStore(storage)[destination] ?? null;
}

/** Clears one destination's entry, or everything (a menu leaf click starts afresh). */
export function clearTransit(destination?: string, storage: KeyValueStorage = sessionStorage): void {
  if (destination === undefined) {
    storage.removeItem(TRANSIT_KEY);
    return;
  }
  const { [destination]: _removed, ...rest } = readStore(storage);
  writeJson(storage, TRANSIT_KEY, rest);
}

/**
 * Clears every destination's entry but those named: on a sign-out nothing one operator's screens
 * handed on (a search, a selection, the screen to return to) is left in the tab for the next one.
 */
export function clearTransitExcept(kept: readonly string[], storage: KeyValueStorage = sessionStorage): void {
  const rest = Object.fromEntries(
    Object.entries(readStore(storage)).filter(([destination]) => kept.includes(destination)),
  );
  if (Object.keys(rest).length === 0) storage.removeItem(TRANSIT_KEY);
  else writeJson(storage, TRANSIT_KEY, rest);
}
