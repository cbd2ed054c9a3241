import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** One caller's item in a batch, with the settling of its own promise. */
export interface BatchItem<I, O> {
  item: I;
  resolve(outcome: O): void;
  reject(error: unknown): void;
}

interface Queue<I, O> {
  waiting: BatchItem<I, O>[];
  inFlight: number;
  scheduled: boolean;
}

export interface GroupBatcherOptions<I, O> {
  /** Batches running at a time (per database). */
  maxInFlight: number;
  maxBatch: number;
  /** Runs one batch and settles each of its items (it may retry items one by one). */
  run(db: Kysely<Database>, batch: BatchItem<I, O>[]): Promise<void>;
}

/**
 * Group batching for the screening's hot path (the facts read, the store): items that arrive while
 * a batch is under way wait for it and then go together. No fixed delay is added: an idle database
 * runs an item at once, a busy one gets a batch of what arrived during the previous one. Each caller
 * still learns its own outcome; should `run` fail without settling them, its items get its error.
 */
export function groupBatcher<I, O>(
  options: GroupBatcherOptions<I, O>,
): (db: Kysely<Database>, item: I) => Promise<O> {
  const queues = new WeakMap<Kysely<Database>, Queue<I, O>>();

  const flush = (db: Kysely<Database>, queue: Queue<I, O>): void => {
    queue.scheduled = false;
    while (queue.inFlight < options.maxInFlight && queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, options.maxBatch);
      queue.inFlight++;
      options
        .run(db, batch)
        // A promise settles once: those `run` already answered keep their answer.
        .catch((error: unknown) => {
          for (const entry of batch) entry.reject(error);
        })
        .finally(() => {
          queue.inFlight--;
          flush(db, queue);
        });
    }
  };

  return (db, item) =>
    new Promise<O>((resolve, reject) => {
      let queue = queues.get(db);
      if (!queue) {
        queue = { waiting: [], inFlight: 0, scheduled: false };
        queues.set(db, queue);
      }
      queue.waiting.push({ item, resolve, reject });
      if (!queue.scheduled && queue.inFlight < options.maxInFlight) {
        // After the current I/O callbacks, so items arriving together go together.
        queue.scheduled = true;
        const scheduled = queue;
        setImmediate(() => flush(db, scheduled));
      }
    });
}
