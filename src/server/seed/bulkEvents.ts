import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { STANDARD_MODEL } from "../services/apiConnectionService.ts";
import { BatchEventWriter } from "./batchEventWriter.ts";
import { BatchScreener } from "./batchScreener.ts";
import { DemoEventGenerator } from "./demoEvents.ts";
import { buildDemoWorld } from "./demoWorld.ts";

/**
 * Bulk events for benchmarks (`npm run seed -- --tenant DEMO --events 1000000`): demo-like traffic
 * over the last `days` days, screened by the engine's evaluation (BatchScreener) against the
 * tenant's released rules and lists, written in batches of a thousand while the next batch is
 * generated. Shop event IDs carry a run tag, so runs add to each other.
 */

export interface BulkOptions {
  companyId: string;
  events: number;
  seed: number;
  days?: number;
  /** Told now and then how far it got. */
  progress?: (done: number, elapsedMs: number) => void;
}

export class BulkSeedError extends Error {}

export async function seedBulkEvents(
  db: Kysely<Database>,
  options: BulkOptions,
): Promise<{ elapsedMs: number }> {
  const { companyId, events } = options;
  const modelId = STANDARD_MODEL.modelId;
  const release = await db
    .selectFrom("rule_releases")
    .select("release_id")
    .where("company_id", "=", companyId)
    .where("model_id", "=", modelId)
    .where("kind", "=", "normal")
    .executeTakeFirst();
  if (!release) {
    throw new BulkSeedError(
      `Tenant ${companyId} has no released rules for ${modelId}; seed the demo tenants first (npm run seed).`,
    );
  }
  const application = await db
    .selectFrom("api_applications")
    .select("application_id")
    .where("company_id", "=", companyId)
    .orderBy("application_id")
    .executeTakeFirst();

  const started = Date.now();
  const world = buildDemoWorld(options.seed, Math.max(5_000, Math.round(events / 10)));
  const generator = new DemoEventGenerator(world, {
    seed: options.seed + 1,
    count: events,
    now: new Date(),
    days: options.days ?? 180,
    shopEventPrefix: `BULK${options.seed.toString(36).toUpperCase()}`,
  });
  const screener = await BatchScreener.load(db, companyId, modelId);
  const writer = new BatchEventWriter(db, companyId, modelId, application?.application_id ?? null, 1_000);

  // One batch is written while the next is screened; a failed write stops the run.
  let inFlight: Promise<void> = Promise.resolve();
  let failure: unknown;
  let done = 0;
  for (const event of generator.events()) {
    const write = writer.add(await screener.screen(event.tx, event.at));
    if (write) {
      await inFlight;
      if (failure) throw failure;
      inFlight = write.catch((error: unknown) => {
        failure = error;
      });
    }
    done++;
    if (done % 50_000 === 0) options.progress?.(done, Date.now() - started);
  }
  await inFlight;
  if (failure) throw failure;
  await writer.flush();
  const elapsedMs = Date.now() - started;
  options.progress?.(done, elapsedMs);
  return { elapsedMs };
}
