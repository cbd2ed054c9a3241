import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { runAsSystem } from "../db/tenantContext.ts";
import { type FactsRequest, type GatheredFacts, gatherFactsOf } from "./gatherFacts.ts";

/**
 * Batched facts reads. Screenings that ask for their facts while a read is under way wait for it and
 * then go together, as one statement: under load a batch holds what arrived during the previous one
 * (no fixed delay is added; an idle database reads at once), and the statement's fixed costs are
 * shared. One batch runs at a time: a second would only halve the batches (measured: more PostgreSQL
 * and server CPU per screening, no throughput gained).
 */
const MAX_IN_FLIGHT = 1;
const MAX_BATCH = 64;

interface Pending {
  request: FactsRequest;
  resolve(facts: GatheredFacts): void;
  reject(error: unknown): void;
}

interface Batcher {
  queue: Pending[];
  inFlight: number;
  scheduled: boolean;
}

const batchers = new WeakMap<Kysely<Database>, Batcher>();

/** Reads one batch; a batch that fails as a whole is read screening by screening, so each gets its own outcome. */
async function readBatch(db: Kysely<Database>, batch: Pending[]): Promise<void> {
  try {
    const answers = await gatherFactsOf(
      db,
      batch.map((pending) => pending.request),
    );
    for (const [index, pending] of batch.entries()) pending.resolve(answers[index] as GatheredFacts);
  } catch (error) {
    if (batch.length === 1) (batch[0] as Pending).reject(error);
    else
      await Promise.all(
        batch.map((pending) =>
          gatherFactsOf(db, [pending.request]).then(
            ([answer]) => pending.resolve(answer as GatheredFacts),
            pending.reject,
          ),
        ),
      );
  }
}

function flush(db: Kysely<Database>, batcher: Batcher): void {
  batcher.scheduled = false;
  while (batcher.inFlight < MAX_IN_FLIGHT && batcher.queue.length > 0) {
    const batch = batcher.queue.splice(0, MAX_BATCH);
    batcher.inFlight++;
    // A batch holds several tenants' screenings (each probe names its tenant): it is read in the
    // system context, whichever caller's context scheduled it.
    runAsSystem(() => readBatch(db, batch))
      // readBatch settles every caller itself; should it still fail, none is left waiting.
      .catch((error: unknown) => {
        for (const pending of batch) pending.reject(error);
      })
      .finally(() => {
        batcher.inFlight--;
        flush(db, batcher);
      });
  }
}

/**
 * The facts of one screening, read with the screenings asking at the same time (gatherFactsOf).
 * Rejects with the read's error.
 */
export function gatherFactsBatched(db: Kysely<Database>, request: FactsRequest): Promise<GatheredFacts> {
  return new Promise((resolve, reject) => {
    let batcher = batchers.get(db);
    if (!batcher) {
      batcher = { queue: [], inFlight: 0, scheduled: false };
      batchers.set(db, batcher);
    }
    batcher.queue.push({ request, resolve, reject });
    if (!batcher.scheduled && batcher.inFlight < MAX_IN_FLIGHT) {
      // After the current I/O callbacks, so screenings asking together go together.
      batcher.scheduled = true;
      const scheduled = batcher;
      setImmediate(() => flush(db, scheduled));
    }
  });
}
