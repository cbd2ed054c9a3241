import type { Transaction } from "../../contract/screening.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { type EvaluateOptions, evaluateRelease } from "./evaluateRelease.ts";
import { newEventId } from "./eventId.ts";
import { factNeedsOf } from "./factNeeds.ts";
import { gatherFacts } from "./gatherFacts.ts";
import { linkKeysOf } from "./linkKeys.ts";
import { activeReleases } from "./releaseCache.ts";
import { readStoredOutcome } from "./storedOutcome.ts";
import { storeEvent } from "./storeEvent.ts";
import type { RuleError, ScreeningOutcome, SimulationResult } from "./types.ts";

export type { ScreeningOutcome } from "./types.ts";

/** Where a rule error is reported (pino-compatible: pass request.log or app.log). */
export interface ScreeningLogger {
  warn(details: object, message: string): void;
}

export interface ScreenOptions {
  now?: Date;
  logger?: ScreeningLogger;
}

export interface ScreeningTarget {
  companyId: string;
  modelId: string;
  applicationId: string | null;
}

const consoleLogger: ScreeningLogger = {
  warn: (details, message) => console.warn(JSON.stringify({ level: "warn", msg: message, ...details })),
};

const EVENT_ID_ATTEMPTS = 5;

function isEventIdCollision(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return (
    code === "23505" &&
    (constraint === "events_pkey" || (typeof message === "string" && message.includes("events_pkey")))
  );
}

/**
 * Screens one transaction for a tenant's detection model and stores the event: the latest started
 * Normal release decides (aaresult, authStatus, fired rules); the latest started Simulation release
 * newer than it is evaluated in shadow and stored beside the event. Idempotent per tenant and shop
 * event ID: a repeated (or concurrent) shop event ID stores nothing and answers the stored outcome
 * with duplicate: true.
 */
export async function screenTransaction(
  deps: Pick<ServiceDeps, "db" | "now">,
  target: ScreeningTarget,
  tx: Transaction,
  options: ScreenOptions = {},
): Promise<ScreeningOutcome> {
  const { db } = deps;
  const { companyId, modelId } = target;
  const now = options.now ?? deps.now();
  const logger = options.logger ?? consoleLogger;
  const releases = await activeReleases(db, companyId, modelId, now);
  const linkKeys = linkKeysOf(tx);
  const needs = factNeedsOf([releases.normal, releases.simulation]);
  const gathered = await gatherFacts(db, companyId, tx, needs, linkKeys, now);

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
    const eventId = newEventId(now);
    try {
      const stored = await storeEvent(db, {
        companyId,
        eventId,
        modelId,
        applicationId: target.applicationId,
        packageId: releases.normal?.packageId ?? null,
        tx,
        decision,
        simulation,
        geo: gathered.geo,
        linkKeys,
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
    } catch (error) {
      if (isEventIdCollision(error) && attempt < EVENT_ID_ATTEMPTS) continue;
      throw error;
    }
    const winner = await readStoredOutcome(db, companyId, { shopEventId: tx.shopEventId });
    if (winner) return winner;
    // The other screening of this shop event ID was rolled back after we saw it: try again.
    if (attempt >= EVENT_ID_ATTEMPTS) throw new Error(`shop event ID ${tx.shopEventId} could not be stored`);
  }
}
