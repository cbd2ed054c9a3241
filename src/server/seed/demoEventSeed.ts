import type { Insertable, Kysely } from "kysely";
import { MANUAL_RESULT } from "../../contract/screening.ts";
import type { Database, EventManualHistoryTable } from "../db/schema.ts";
import { publishRelease } from "../screening/publishRelease.ts";
import { STANDARD_MODEL } from "../services/apiConnectionService.ts";
import { BatchEventWriter } from "./batchEventWriter.ts";
import { BatchScreener } from "./batchScreener.ts";
import { DemoEventGenerator } from "./demoEvents.ts";
import { seedDemoLists } from "./demoLists.ts";
import { demoReleases } from "./demoRules.ts";
import { buildDemoWorld, seededFaker } from "./demoWorld.ts";

/**
 * One demo tenant's screening data: the rule package (Normal and Simulation releases), the lists,
 * and `events` transactions over the last six months, each screened by the engine's evaluation at
 * its own time in time order (BatchScreener: the engine's releases, probes and evaluateRelease with
 * the facts kept in memory, as screenTransaction would gather them), written in batches, so every
 * result, fired rule and related event is the engine's. One event at a time through
 * screenTransaction would take minutes on PGlite (about 25 ms of queries each). Then operators give
 * manual results to most of the older REVIEW and HOLD events.
 */

export interface DemoScreeningOptions {
  /** Faker seed of the tenant's world and events. */
  seed: number;
  events: number;
  now: Date;
  /** Told about progress now and then (a line of text). */
  progress?: (line: string) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const REASONS = {
  ok: [
    "本人確認済み（電話）",
    "過去の購入実績あり",
    "配送先をご家族宛と確認",
    "カード会社照会の結果問題なし",
  ],
  ng: [
    "不正利用の疑い（カード会社照会済み）",
    "転送業者宛のため出荷停止",
    "同一端末から複数カードの利用",
    "なりすましの申告あり",
  ],
  hold: ["顧客へ確認中", "カード会社へ照会中"],
} as const;

interface ToReview {
  eventId: string;
  at: Date;
  fraudulent: boolean;
}

export async function seedDemoScreening(
  db: Kysely<Database>,
  companyId: string,
  options: DemoScreeningOptions,
): Promise<void> {
  const { now, events, progress } = options;
  const modelId = STANDARD_MODEL.modelId;
  const application = await db
    .selectFrom("api_applications")
    .select("application_id")
    .where("company_id", "=", companyId)
    .orderBy("application_id")
    .executeTakeFirst();

  const releases = demoReleases(now);
  await publishRelease(db, companyId, modelId, releases.normal, { now: new Date(releases.normal.startsAt) });
  await publishRelease(db, companyId, modelId, releases.simulation, {
    now: new Date(releases.simulation.startsAt),
  });

  // A customer base half the size of the order count: regulars come back about five times.
  const world = buildDemoWorld(options.seed, Math.max(200, Math.round(events / 2)));
  await seedDemoLists(db, companyId, world, new Date(now.getTime() - 185 * DAY_MS));

  const generator = new DemoEventGenerator(world, {
    seed: options.seed + 1,
    count: events,
    now,
    shopEventPrefix: `${companyId}-ORD`,
  });
  const screener = await BatchScreener.load(db, companyId, modelId);
  const writer = new BatchEventWriter(db, companyId, modelId, application?.application_id ?? null);
  const toReview: ToReview[] = [];
  const started = Date.now();
  progress?.(`${companyId}: screening ${events} demo events...`);
  let done = 0;
  for (const event of generator.events()) {
    const screened = await screener.screen(event.tx, event.at);
    const { aaresult } = screened.decision;
    if (aaresult === "REVIEW" || aaresult === "HOLD") {
      toReview.push({ eventId: screened.eventId, at: event.at, fraudulent: event.ringId !== undefined });
    }
    await writer.add(screened);
    done++;
    if (progress && (done % 5000 === 0 || done === events)) {
      const seconds = (Date.now() - started) / 1000;
      progress(
        `${companyId}: ${done}/${events} demo events screened (${Math.round(done / Math.max(seconds, 0.001))}/s)`,
      );
    }
  }
  await writer.flush();

  await seedManualResults(db, companyId, toReview, options.seed, now);
}

/**
 * Reviewers work through REVIEW and HOLD events older than three days: most get OK or NG (fraud
 * rings NG, ordinary customers mostly OK), a few stay on hold; newer ones are still waiting.
 */
async function seedManualResults(
  db: Kysely<Database>,
  companyId: string,
  toReview: readonly ToReview[],
  seed: number,
  now: Date,
): Promise<void> {
  const faker = seededFaker(seed + 2);
  const reviewers = await db
    .selectFrom("operators")
    .select(["id", "name"])
    .where("company_id", "=", companyId)
    .orderBy("id")
    .execute();
  if (reviewers.length === 0) return;
  const history: Insertable<EventManualHistoryTable>[] = [];
  const byResult = new Map<string, string[]>();
  for (const event of toReview) {
    if (event.at.getTime() > now.getTime() - 3 * DAY_MS || !faker.datatype.boolean({ probability: 0.85 }))
      continue;
    const result = event.fraudulent
      ? faker.helpers.weightedArrayElement([
          { weight: 9, value: MANUAL_RESULT.ng },
          { weight: 1, value: MANUAL_RESULT.hold },
        ])
      : faker.helpers.weightedArrayElement([
          { weight: 16, value: MANUAL_RESULT.ok },
          { weight: 2, value: MANUAL_RESULT.ng },
          { weight: 1, value: MANUAL_RESULT.hold },
        ]);
    const reviewer = faker.helpers.arrayElement(reviewers);
    const reasons =
      result === MANUAL_RESULT.ok ? REASONS.ok : result === MANUAL_RESULT.ng ? REASONS.ng : REASONS.hold;
    history.push({
      company_id: companyId,
      event_id: event.eventId,
      updated_at: new Date(event.at.getTime() + faker.number.int({ min: 1, max: 48 }) * HOUR_MS),
      result,
      reason: faker.helpers.arrayElement(reasons),
      operator_id: reviewer.id,
      operator_name: reviewer.name,
      memo: faker.helpers.maybe(() => "担当者確認のうえ判定", { probability: 0.3 }) ?? null,
    });
    byResult.set(result, [...(byResult.get(result) ?? []), event.eventId]);
  }
  for (let i = 0; i < history.length; i += 500) {
    await db
      .insertInto("event_manual_history")
      .values(history.slice(i, i + 500))
      .execute();
  }
  for (const [result, eventIds] of byResult) {
    for (let i = 0; i < eventIds.length; i += 500) {
      await db
        .updateTable("events")
        .set({ maresult: result as "10" | "20" | "30" })
        .where("company_id", "=", companyId)
        .where("event_id", "in", eventIds.slice(i, i + 500))
        .execute();
    }
  }
}
