import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { runAsSystem } from "../db/tenantContext.ts";
import { type EventToStore, storeEvents } from "./storeEvent.ts";

/**
 * Group commit of screened events. Screenings that finish while a store is under way wait for it
 * and then go together, as one statement and one commit: under load a batch holds what arrived
 * during the previous one (no fixed delay is added; an idle database stores at once). Each caller
 * still learns whether its own event was stored. At most MAX_IN_FLIGHT batches run at a time.
 */
const MAX_IN_FLIGHT = 2;
const MAX_BATCH = 64;

interface Pending {
  event: EventToStore;
  resolve(stored: boolean): void;
  reject(error: unknown): void;
}

interface Batcher {
  queue: Pending[];
  inFlight: number;
  scheduled: boolean;
}

const batchers = new WeakMap<Kysely<Database>, Batcher>();

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
    const key = tenantShopKey(pending.event);
    if (seen.has(key)) later.push(pending);
    else {
      seen.add(key);
      now.push(pending);
    }
  }
  now.sort((a, b) => (tenantShopKey(a.event) < tenantShopKey(b.event) ? -1 : 1));
  try {
    const stored = await storeEvents(
      db,
      now.map((pending) => pending.event),
    );
    for (const pending of now) pending.resolve(stored.has(pending.event.eventId));
  } catch (error) {
    if (now.length === 1) (now[0] as Pending).reject(error);
    else
      await Promise.all(
        now.map((pending) =>
          storeEvents(db, [pending.event]).then(
            (stored) => pending.resolve(stored.has(pending.event.eventId)),
            pending.reject,
          ),
        ),
      );
  }
  for (const pending of later) enqueue(db, pending);
}

function flush(db: Kysely<Database>, batcher: Batcher): void {
  batcher.scheduled = false;
  while (batcher.inFlight < MAX_IN_FLIGHT && batcher.queue.length > 0) {
    const batch = batcher.queue.splice(0, MAX_BATCH);
    batcher.inFlight++;
    // A batch holds several tenants' events: it is written in the system context, whichever caller's
    // context scheduled it (row-level security would refuse the others' rows in a tenant's).
    runAsSystem(() => storeBatch(db, batch))
      // storeBatch settles every caller itself; should it still fail, none is left waiting (a
      // promise settles once, so those already answered keep their answer).
      .catch((error: unknown) => {
        for (const pending of batch) pending.reject(error);
      })
      .finally(() => {
        batcher.inFlight--;
        flush(db, batcher);
      });
  }
}

function enqueue(db: Kysely<Database>, pending: Pending): void {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = { queue: [], inFlight: 0, scheduled: false };
    batchers.set(db, batcher);
  }
  batcher.queue.push(pending);
  if (!batcher.scheduled && batcher.inFlight < MAX_IN_FLIGHT) {
    // After the current I/O callbacks, so screenings finishing together go together.
    batcher.scheduled = true;
    const scheduled = batcher;
    setImmediate(() => flush(db, scheduled));
  }
}

/**
 * Stores the event with the next batch: true when it was inserted, false when it was not (the
 * tenant already has its shop event ID, or its event ID is taken). Rejects with the store's error.
 */
export function storeEventBatched(db: Kysely<Database>, event: EventToStore): Promise<boolean> {
  return new Promise((resolve, reject) => enqueue(db, { event, resolve, reject }));
}
