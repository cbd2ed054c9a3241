import type { Kysely } from "kysely";
import type { LinkKey } from "../../contract/rules.ts";
import type { Database } from "../db/schema.ts";
import type { LinkKeyValue } from "./linkKeys.ts";

/**
 * A screening of this process from its start until its store has committed (or failed): what the
 * screenings running beside it must count as an earlier event although no read can see it yet.
 */
export interface PendingScreening {
  readonly companyId: string;
  readonly shopEventId: string;
  /** Its screening time (ms): the event's created_at once stored. */
  readonly at: number;
  /** Its place among screenings of the same millisecond (order of entry). */
  readonly order: number;
  readonly amount: number;
  readonly linkKeys: readonly LinkKeyValue[];
  /** The event IDs its store has tried (one, unless a taken ID was drawn again). */
  readonly eventIds: string[];
  /** Whether the registry lists it (a repeat of a shop event ID already pending is not listed). */
  readonly listed: boolean;
}

interface Registry {
  /** By tenant, key type and value. */
  byKey: Map<string, Set<PendingScreening>>;
  /** Tenant and shop event ID of the listed ones. */
  shopEvents: Set<string>;
  nextOrder: number;
}

const registries = new WeakMap<Kysely<Database>, Registry>();

const keyId = (companyId: string, keyType: LinkKey, value: string) =>
  `${companyId}\u0000${keyType}\u0000${value}`;
const shopEventKey = (companyId: string, shopEventId: string) => `${companyId}\u0000${shopEventId}`;

function registryOf(db: Kysely<Database>): Registry {
  let registry = registries.get(db);
  if (!registry) {
    registry = { byKey: new Map(), shopEvents: new Set(), nextOrder: 0 };
    registries.set(db, registry);
  }
  return registry;
}

/** Whether `a` comes before `b`: earlier screening time, or the same millisecond and entered first. */
export const screenedBefore = (a: PendingScreening, b: PendingScreening): boolean =>
  a.at < b.at || (a.at === b.at && a.order < b.order);

export interface PendingEntry {
  companyId: string;
  shopEventId: string;
  at: Date;
  amount: number;
  linkKeys: readonly LinkKeyValue[];
  eventId: string;
  /** Not listed: the others never count it (ScreenOptions.unlisted). */
  unlisted?: boolean;
}

/**
 * Lists a screening as pending on this database until leavePending. A repeat of a shop event ID that
 * is already pending (a shop's retry) gets an unlisted entry: it is never stored as a second event,
 * so the others must not count it.
 */
export function enterPending(db: Kysely<Database>, entry: PendingEntry): PendingScreening {
  const registry = registryOf(db);
  const shopEvent = shopEventKey(entry.companyId, entry.shopEventId);
  const listed = !entry.unlisted && !registry.shopEvents.has(shopEvent);
  const pending: PendingScreening = {
    companyId: entry.companyId,
    shopEventId: entry.shopEventId,
    at: entry.at.getTime(),
    order: registry.nextOrder++,
    amount: entry.amount,
    linkKeys: entry.linkKeys,
    eventIds: [entry.eventId],
    listed,
  };
  if (!listed) return pending;
  registry.shopEvents.add(shopEvent);
  for (const key of entry.linkKeys) {
    const id = keyId(entry.companyId, key.keyType, key.value);
    const sharing = registry.byKey.get(id);
    if (sharing) sharing.add(pending);
    else registry.byKey.set(id, new Set([pending]));
  }
  return pending;
}

/** Takes a screening off the list once its store has committed (or it ended without one). */
export function leavePending(db: Kysely<Database>, pending: PendingScreening): void {
  if (!pending.listed) return;
  const registry = registryOf(db);
  registry.shopEvents.delete(shopEventKey(pending.companyId, pending.shopEventId));
  for (const key of pending.linkKeys) {
    const id = keyId(pending.companyId, key.keyType, key.value);
    const sharing = registry.byKey.get(id);
    sharing?.delete(pending);
    if (sharing?.size === 0) registry.byKey.delete(id);
  }
}

/**
 * The pending screenings of `screening`'s tenant that came before it, within `windowMs` of it, and
 * share one of `values` of `keyType` (each once). Never one of its own shop event ID: a retry is the
 * same attempt, whichever of the two is stored.
 */
export function pendingBefore(
  db: Kysely<Database>,
  screening: PendingScreening,
  keyType: LinkKey,
  values: readonly string[],
  windowMs = Number.POSITIVE_INFINITY,
): PendingScreening[] {
  const registry = registries.get(db);
  if (!registry) return [];
  const found = new Set<PendingScreening>();
  for (const value of values) {
    for (const other of registry.byKey.get(keyId(screening.companyId, keyType, value)) ?? []) {
      if (
        screenedBefore(other, screening) &&
        other.at >= screening.at - windowMs &&
        other.shopEventId !== screening.shopEventId
      )
        found.add(other);
    }
  }
  return [...found];
}
