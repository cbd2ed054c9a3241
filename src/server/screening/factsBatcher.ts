import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { runAsScreeningBatch } from "../db/tenantContext.ts";
import { type FactsRequest, type GatheredFacts, gatherFactsOf } from "./gatherFacts.ts";
import { type BatchItem, groupBatcher } from "./groupBatcher.ts";

/** Reads one batch; a batch that fails as a whole is read screening by screening, so each gets its own outcome. */
async function readBatch(
  db: Kysely<Database>,
  batch: BatchItem<FactsRequest, GatheredFacts>[],
): Promise<void> {
  try {
    const answers = await gatherFactsOf(
      db,
      batch.map((entry) => entry.item),
    );
    for (const [index, entry] of batch.entries()) entry.resolve(answers[index] as GatheredFacts);
  } catch (error) {
    if (batch.length === 1) (batch[0] as BatchItem<FactsRequest, GatheredFacts>).reject(error);
    else
      await Promise.all(
        batch.map((entry) =>
          gatherFactsOf(db, [entry.item]).then(
            ([answer]) => entry.resolve(answer as GatheredFacts),
            entry.reject,
          ),
        ),
      );
  }
}

/**
 * Batched facts reads (groupBatcher): screenings asking together share one statement and its fixed
 * costs. One batch runs at a time: a second would only halve the batches (measured: more PostgreSQL
 * and server CPU per screening, no throughput gained). A batch holds several tenants' screenings (each
 * probe names its tenant), so it is read in the system context, whichever caller's context scheduled it,
 * on the screening batch connections (runAsScreeningBatch: generic plans, no planning per batch).
 */
const readFactsBatched = groupBatcher<FactsRequest, GatheredFacts>({
  maxInFlight: 1,
  maxBatch: 64,
  run: (db, batch) => runAsScreeningBatch(() => readBatch(db, batch)),
});

/**
 * The facts of one screening, read with the screenings asking at the same time (gatherFactsOf).
 * Rejects with the read's error.
 */
export function gatherFactsBatched(db: Kysely<Database>, request: FactsRequest): Promise<GatheredFacts> {
  return readFactsBatched(db, request);
}
