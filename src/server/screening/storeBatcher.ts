import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { runAsScreeningBatch } from "../db/tenantContext.ts";
import { type BatchItem, groupBatcher } from "./groupBatcher.ts";
import { type EventToStore, storeEvents } from "./storeEvent.ts";

type Pending = BatchItem<EventToStore, boolean>;

const tenantShopKey = (event: EventToStore) => `${event.companyId}\u0000${event.tx.shopEventId}`;

/** Stores one batch; a batch that fails as a whole is stored event by event, so each gets its own outcome. */
async function storeBatch(db: Kysely<Database>, batch: Pending[]): Promise<void> {
  // One event per tenant and shop event ID per statement: a repeat waits for the next batch, where
  // it finds the first stored (or, had the first failed, is stored itself). Sorted, so concurrent
  // batches take the unique index's entries in the same order.
  const seen = new Set<string>();
  const now: Pending[] = [];
  const later: Pending[] = [];
  for (const pending of batch) {
    const key = tenantShopKey(pending.item);
    if (seen.has(key)) later.push(pending);
    else {
      seen.add(key);
      now.push(pending);
    }
  }
  now.sort((a, b) => (tenantShopKey(a.item) < tenantShopKey(b.item) ? -1 : 1));
  try {
    const stored = await storeEvents(
      db,
      now.map((pending) => pending.item),
    );
    for (const pending of now) pending.resolve(stored.has(pending.item.eventId));
  } catch (error) {
    if (now.length === 1) (now[0] as Pending).reject(error);
    else
      await Promise.all(
        now.map((pending) =>
          storeEvents(db, [pending.item]).then(
            (stored) => pending.resolve(stored.has(pending.item.eventId)),
            pending.reject,
          ),
        ),
      );
  }
  for (const pending of later) storeEventBatched(db, pending.item).then(pending.resolve, pending.reject);
}

/**
 * Group commit of screened events (groupBatcher): screenings finishing together are stored as one
 * statement and one commit, at most two batches at a time. A batch holds several tenants' events, so
 * it is written in the system context, whichever caller's context scheduled it (row-level security
 * would refuse the others' rows in a tenant's), on the screening batch connections (runAsScreeningBatch).
 */
const storeBatched = groupBatcher<EventToStore, boolean>({
  maxInFlight: 2,
  maxBatch: 64,
  run: (db, batch) => runAsScreeningBatch(() => storeBatch(db, batch)),
});

/**
 * Stores the event with the next batch: true when it was inserted, false when it was not (the
 * tenant already has its shop event ID, or its event ID is taken). Rejects with the store's error.
 */
export function storeEventBatched(db: Kysely<Database>, event: EventToStore): Promise<boolean> {
  return storeBatched(db, event);
}
