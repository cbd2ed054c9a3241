import type { Kysely } from "kysely";
import type { AuthKind, Transaction } from "../../contract/screening.ts";
import type { Database } from "../db/schema.ts";
import { type EvaluateOptions, evaluateRelease } from "./evaluateRelease.ts";
import { newEventId } from "./eventId.ts";
import { factNeedsOf } from "./factNeeds.ts";
import { gatherFactsBatched } from "./factsBatcher.ts";
import { linkKeysOf } from "./linkKeys.ts";
import { enterPending, leavePending, type PendingScreening } from "./pendingScreenings.ts";
import { activeReleases } from "./releaseCache.ts";
import { storeEventBatched } from "./storeBatcher.ts";
import { readStoredOutcome } from "./storedOutcome.ts";
import type { RuleError, ScreeningOutcome, SimulationResult } from "./types.ts";

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
  const logger = options.logger ?? consoleLogger;
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

  for (let attempt = 1; ; attempt++) {
    const eventId = pending.eventIds.at(-1) as string;
    // Stored with the screenings finishing at the same time: one statement and commit for them all.
    const stored = await storeEventBatched(db, {
      companyId,
      eventId,
      modelId,
      applicationId: target.applicationId,
      packageId: releases.normal?.packageId ?? null,
      authKind: target.authKind ?? "api",
      ...(target.busyJobId ? { busyJobId: target.busyJobId } : {}),
      tx,
      decision,
      simulation,
      geo: gathered.geo,
      linkKeys: pending.linkKeys,
      now,
    });
    if (stored) {
      return {
        eventId,
        aaresult: decision.aaresult,
        authStatus: decision.authStatus,
        firedRules: decision.firedRules.map((rule) => ({ ...rule })),
        duplicate: false,
      };
    }
    const winner = await readStoredOutcome(db, companyId, { shopEventId: tx.shopEventId });
    if (winner) return winner;
    // Not stored and no event with the shop event ID: the event ID was taken (a new one is drawn),
    // or the other screening of this shop event ID was rolled back after we saw it: try again.
    if (attempt >= EVENT_ID_ATTEMPTS) throw new Error(`shop event ID ${tx.shopEventId} could not be stored`);
    pending.eventIds.push(newEventId(now));
  }
}
