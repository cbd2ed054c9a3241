import type { Kysely } from "kysely";
import type { AuthKind, Transaction } from "../../contract/screening.ts";
import type { Database } from "../db/schema.ts";
import { runAsScreeningBatch } from "../db/tenantContext.ts";
import { type EvaluateOptions, evaluateRelease } from "./evaluateRelease.ts";
import { newEventId } from "./eventId.ts";
import { factNeedsOf } from "./factNeeds.ts";
import { gatherFactsBatched } from "./factsBatcher.ts";
import { type FactsRequest, type GatheredFacts, gatherFactsOf } from "./gatherFacts.ts";
import { linkKeysOf } from "./linkKeys.ts";
import { enterPending, leavePending, type PendingScreening } from "./pendingScreenings.ts";
import { type ActiveReleases, activeReleases } from "./releaseCache.ts";
import { storeEventBatched } from "./storeBatcher.ts";
import { readStoredOutcome } from "./storedOutcome.ts";
import { type EventToStore, storeEvents } from "./storeEvent.ts";
import type { ReleaseDecision, RuleError, ScreeningOutcome, SimulationResult } from "./types.ts";

export type { ScreeningOutcome } from "./types.ts";

/** Where a rule error is reported (pino-compatible: pass request.log or app.log). */
export interface ScreeningLogger {
  warn(details: object, message: string): void;
}

/**
 * A precondition read in the facts statement (no extra round trip): unless the application's current
 * credential fingerprint (credentialFingerprintsSql) is `fingerprint`, nothing is stored and
 * ScreeningGuardFailed is thrown (the screening API proves with it that a cached authentication is
 * still current).
 */
export interface ScreeningGuard {
  applicationId: string;
  fingerprint: string;
}

export class ScreeningGuardFailed extends Error {
  constructor() {
    super("the screening's guard no longer holds; nothing was stored");
    this.name = "ScreeningGuardFailed";
  }
}

export interface ScreenOptions {
  now?: Date;
  logger?: ScreeningLogger;
  guard?: ScreeningGuard;
  /**
   * Not listed pending while it runs: the screenings beside it do not count it (a CSV screening in
   * speed priority, whose rows screened together see the events as they stood before them).
   */
  unlisted?: boolean;
}

export interface ScreeningTarget {
  companyId: string;
  modelId: string;
  applicationId: string | null;
  /** How the event is screened (events.auth_kind); the screening API's "api" when left out. */
  authKind?: AuthKind;
  /** The CSV screening job that stores it: the event is stored under screening (999) for that job. */
  busyJobId?: string;
}

const consoleLogger: ScreeningLogger = {
  warn: (details, message) => console.warn(JSON.stringify({ level: "warn", msg: message, ...details })),
};

const EVENT_ID_ATTEMPTS = 5;

/**
 * Screens one transaction for a tenant's detection model and stores the event: the latest started
 * Normal release decides (aaresult, authStatus, fired rules); the latest started Simulation release
 * newer than it is evaluated in shadow and stored beside the event. Idempotent per tenant and shop
 * event ID: a repeated (or concurrent) shop event ID stores nothing and answers the stored outcome
 * with duplicate: true.
 */
export async function screenTransaction(
  deps: { db: Kysely<Database>; now: () => Date },
  target: ScreeningTarget,
  tx: Transaction,
  options: ScreenOptions = {},
): Promise<ScreeningOutcome> {
  const now = options.now ?? deps.now();
  const linkKeys = linkKeysOf(tx);
  // Listed from its start until stored, so the screenings beside it count it (velocity, first-time
  // customer) although no read can see it yet.
  const pending = enterPending(deps.db, {
    companyId: target.companyId,
    shopEventId: tx.shopEventId,
    at: now,
    amount: tx.amount,
    linkKeys,
    eventId: newEventId(now),
    ...(options.unlisted ? { unlisted: true } : {}),
  });
  try {
    return await screenAndStore(deps.db, target, tx, { ...options, now }, pending);
  } finally {
    leavePending(deps.db, pending);
  }
}

async function screenAndStore(
  db: Kysely<Database>,
  target: ScreeningTarget,
  tx: Transaction,
  options: ScreenOptions & { now: Date },
  pending: PendingScreening,
): Promise<ScreeningOutcome> {
  const { companyId, modelId } = target;
  const { now } = options;
  const releases = await activeReleases(db, companyId, modelId, now);
  const needs = factNeedsOf([releases.normal, releases.simulation]);
  // Read with the screenings asking at the same time: one statement for them all.
  const gathered = await gatherFactsBatched(db, {
    companyId,
    tx,
    needs,
    linkKeys: pending.linkKeys,
    now,
    pending,
    ...(options.guard ? { guardApplicationId: options.guard.applicationId } : {}),
  });
  if (options.guard && gathered.guard !== options.guard.fingerprint) throw new ScreeningGuardFailed();
  const decided = decide(target, tx, releases, gathered, options.logger ?? consoleLogger);
  return storeDecided(db, target, tx, decided, pending, now, undefined);
}

/** A screening evaluated, not yet stored. */
interface Decided {
  releases: ActiveReleases;
  decision: ReleaseDecision;
  simulation: SimulationResult | null;
  geo: GatheredFacts["geo"];
}

/** The deciding release's verdict and the Simulation's shadow one, on the facts read. */
function decide(
  target: ScreeningTarget,
  tx: Transaction,
  releases: ActiveReleases,
  gathered: GatheredFacts,
  logger: ScreeningLogger,
): Decided {
  const { companyId, modelId } = target;
  const reportTo = (releaseId: string | undefined): EvaluateOptions => ({
    onRuleError: (error: RuleError) =>
      logger.warn(
        {
          companyId,
          modelId,
          releaseId,
          shopEventId: tx.shopEventId,
          ruleCode: error.ruleCode,
          error: error.message,
        },
        "screening rule failed; it counts as not fired",
      ),
  });
  const decision = evaluateRelease(releases.normal, tx, gathered.facts, reportTo(releases.normal?.releaseId));
  let simulation: SimulationResult | null = null;
  if (releases.simulation) {
    const shadow = evaluateRelease(
      releases.simulation,
      tx,
      gathered.facts,
      reportTo(releases.simulation.releaseId),
    );
    simulation = {
      releaseId: releases.simulation.releaseId,
      aaresult: shadow.aaresult,
      ruleGroupName: shadow.ruleGroupName,
      firedRules: shadow.firedRules,
      errors: shadow.errors,
    };
  }
  return { releases, decision, simulation, geo: gathered.geo };
}

/** The event a decided screening stores under its pending entry's latest event ID. */
function eventToStore(
  target: ScreeningTarget,
  tx: Transaction,
  decided: Decided,
  pending: PendingScreening,
  now: Date,
): EventToStore {
  return {
    companyId: target.companyId,
    eventId: pending.eventIds.at(-1) as string,
    modelId: target.modelId,
    applicationId: target.applicationId,
    packageId: decided.releases.normal?.packageId ?? null,
    authKind: target.authKind ?? "api",
    ...(target.busyJobId ? { busyJobId: target.busyJobId } : {}),
    tx,
    decision: decided.decision,
    simulation: decided.simulation,
    geo: decided.geo,
    linkKeys: pending.linkKeys,
    now,
  };
}

/**
 * Stores a decided screening (with the next group commit) and answers its outcome; `firstTry` is the
 * outcome of a store already tried for it (screenTransactionsTogether), undefined when none was.
 */
async function storeDecided(
  db: Kysely<Database>,
  target: ScreeningTarget,
  tx: Transaction,
  decided: Decided,
  pending: PendingScreening,
  now: Date,
  firstTry: boolean | undefined,
): Promise<ScreeningOutcome> {
  const { decision } = decided;
  for (let attempt = 1; ; attempt++) {
    const eventId = pending.eventIds.at(-1) as string;
    // Stored with the screenings finishing at the same time: one statement and commit for them all.
    const stored =
      attempt === 1 && firstTry !== undefined
        ? firstTry
        : await storeEventBatched(db, eventToStore(target, tx, decided, pending, now));
    if (stored) {
      return {
        eventId,
        aaresult: decision.aaresult,
        authStatus: decision.authStatus,
        firedRules: decision.firedRules.map((rule) => ({ ...rule })),
        duplicate: false,
      };
    }
    const winner = await readStoredOutcome(db, target.companyId, { shopEventId: tx.shopEventId });
    if (winner) return winner;
    // Not stored and no event with the shop event ID: the event ID was taken (a new one is drawn),
    // or the other screening of this shop event ID was rolled back after we saw it: try again.
    if (attempt >= EVENT_ID_ATTEMPTS) throw new Error(`shop event ID ${tx.shopEventId} could not be stored`);
    pending.eventIds.push(newEventId(now));
  }
}

/** One screening of screenTransactionsTogether: its target, transaction and screening time. */
export interface ScreeningOfBatch {
  target: ScreeningTarget;
  tx: Transaction;
  now: Date;
}

/** Screenings per facts statement and per store statement of screenTransactionsTogether. */
export const TOGETHER_CHUNK = 250;

/**
 * Screens many transactions as screenTransaction screens each (same releases, facts, decision,
 * store and duplicate handling), with their I/O done together instead of through the group
 * batchers: every facts read is taken before any of them is stored (so none sees another unless
 * it is listed pending before it, in the order given), then they are stored in few statements and
 * commits. For a CSV screening batch: hundreds of rows in a handful of round trips. Answers in the
 * given order; a screening whose store fails as a whole gets the error (as screenTransaction would).
 */
export async function screenTransactionsTogether(
  deps: { db: Kysely<Database>; now: () => Date },
  screenings: readonly ScreeningOfBatch[],
  options: Pick<ScreenOptions, "logger" | "unlisted"> = {},
): Promise<PromiseSettledResult<ScreeningOutcome>[]> {
  const { db } = deps;
  const logger = options.logger ?? consoleLogger;
  // Entered in the given order: a listed one counts the ones before it (pendingScreenings).
  const pendings = screenings.map(({ target, tx, now }) =>
    enterPending(db, {
      companyId: target.companyId,
      shopEventId: tx.shopEventId,
      at: now,
      amount: tx.amount,
      linkKeys: linkKeysOf(tx),
      eventId: newEventId(now),
      ...(options.unlisted ? { unlisted: true } : {}),
    }),
  );
  try {
    const releases = await Promise.all(
      screenings.map(({ target, now }) => activeReleases(db, target.companyId, target.modelId, now)),
    );
    const requests = screenings.map(({ target, tx, now }, i): FactsRequest => {
      const active = releases[i] as ActiveReleases;
      const pending = pendings[i] as PendingScreening;
      return {
        companyId: target.companyId,
        tx,
        needs: factNeedsOf([active.normal, active.simulation]),
        linkKeys: pending.linkKeys,
        now,
        pending,
      };
    });
    // A batch may hold several tenants' screenings (each probe names its tenant): the system context,
    // on the screening batch connections, as the facts batcher reads.
    const gathered = (
      await Promise.all(
        chunksOf(requests, TOGETHER_CHUNK).map((chunk) =>
          runAsScreeningBatch(() => gatherFactsOf(db, chunk)),
        ),
      )
    ).flat();
    const decided = screenings.map(({ target, tx }, i) =>
      decide(target, tx, releases[i] as ActiveReleases, gathered[i] as GatheredFacts, logger),
    );
    const events = screenings.map(({ target, tx, now }, i) =>
      eventToStore(target, tx, decided[i] as Decided, pendings[i] as PendingScreening, now),
    );
    const firstTries = await storeTogether(db, events);
    return await Promise.allSettled(
      screenings.map(({ target, tx, now }, i) =>
        storeDecided(
          db,
          target,
          tx,
          decided[i] as Decided,
          pendings[i] as PendingScreening,
          now,
          firstTries[i],
        ),
      ),
    );
  } finally {
    for (const pending of pendings) leavePending(db, pending);
  }
}

const chunksOf = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let at = 0; at < items.length; at += size) chunks.push(items.slice(at, at + size));
  return chunks;
};

/**
 * Stores events in statements of TOGETHER_CHUNK (storeEvents: each one statement and one commit):
 * whether each was inserted, undefined for those not tried (a repeat of a tenant's shop event ID
 * within the batch, or a chunk whose statement failed), which storeDecided then stores one by one.
 */
async function storeTogether(
  db: Kysely<Database>,
  events: readonly EventToStore[],
): Promise<(boolean | undefined)[]> {
  const answers: (boolean | undefined)[] = events.map(() => undefined);
  const seen = new Set<string>();
  const first: number[] = [];
  for (const [i, event] of events.entries()) {
    const key = `${event.companyId}\u0000${event.tx.shopEventId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    first.push(i);
  }
  // Sorted as the store batcher sorts, so concurrent statements take the unique index in one order.
  const keyOf = (i: number) => {
    const event = events[i] as EventToStore;
    return `${event.companyId}\u0000${event.tx.shopEventId}`;
  };
  first.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1));
  await Promise.all(
    chunksOf(first, TOGETHER_CHUNK).map(async (chunk) => {
      try {
        const stored = await runAsScreeningBatch(() =>
          storeEvents(
            db,
            chunk.map((i) => events[i] as EventToStore),
          ),
        );
        for (const i of chunk) answers[i] = stored.has((events[i] as EventToStore).eventId);
      } catch {
        // Left undefined: each is stored on its own, and gets its own outcome or error.
      }
    }),
  );
  return answers;
}
