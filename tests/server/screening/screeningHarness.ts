import type { ReleaseDefinition, RuleDefinition } from "../../../src/contract/rules.ts";
import {
  type Transaction,
  type TransactionInput,
  transactionSchema,
} from "../../../src/contract/screening.ts";
import { loadConfig } from "../../../src/server/config.ts";
import { createMailer } from "../../../src/server/mail/mailer.ts";
import { publishRelease } from "../../../src/server/screening/publishRelease.ts";
import { type ScreeningLogger, screenTransaction } from "../../../src/server/screening/screenTransaction.ts";
import type { ScreeningOutcome } from "../../../src/server/screening/types.ts";
import type { ServiceDeps } from "../../../src/server/services/deps.ts";
import { TestClock } from "../helpers/testApp.ts";
import { type Backend, openTestDatabase, type TestDatabase } from "../helpers/testBackends.ts";

export const MODEL = "MODEL01";

/** The engine over a seeded test database of its own, with a hand-moved clock and captured warnings. */
export interface ScreeningHarness {
  database: TestDatabase;
  db: TestDatabase["handle"]["db"];
  deps: ServiceDeps;
  clock: TestClock;
  warnings: { details: Record<string, unknown>; message: string }[];
  screen(companyId: string, input: TransactionInput, now?: Date): Promise<ScreeningOutcome>;
  /** Publishes a Normal release for the tenant's MODEL01, started before the clock and after earlier ones. */
  release(
    companyId: string,
    groups: ReleaseDefinition["groups"],
    extra?: Partial<ReleaseDefinition>,
  ): Promise<string>;
  close(): Promise<void>;
}

export async function openScreeningHarness(backend: Backend): Promise<ScreeningHarness> {
  const database = await openTestDatabase(backend);
  const config = loadConfig({ DATA_DIR: database.dataDir, PUBLIC_URL: "http://console.test" });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  // A day ahead of real time: releases and events the demo seed made are in the past.
  const clock = new TestClock(new Date(Math.floor(Date.now() / 1000) * 1000 + 86_400_000));
  let published = 0;
  const deps: ServiceDeps = {
    db: database.handle.db,
    config,
    mailer,
    now: clock.now,
    defer: () => {},
  };
  const warnings: ScreeningHarness["warnings"] = [];
  const logger: ScreeningLogger = {
    warn: (details, message) => warnings.push({ details: details as Record<string, unknown>, message }),
  };
  return {
    database,
    db: database.handle.db,
    deps,
    clock,
    warnings,
    screen: (companyId, input, now) =>
      screenTransaction(
        deps,
        { companyId, modelId: MODEL, applicationId: null },
        transactionSchema.parse(input),
        {
          logger,
          ...(now ? { now } : {}),
        },
      ),
    release: (companyId, groups, extra = {}) =>
      publishRelease(database.handle.db, companyId, MODEL, {
        kind: "normal",
        // Each later release starts later, so the latest published one decides.
        startsAt: new Date(clock.now().getTime() - 3_600_000 + ++published * 1000).toISOString(),
        groups,
        ...extra,
      }),
    async close() {
      mailer.close();
      await database.close();
    },
  };
}

let counter = 0;
/** A unique shop event ID. */
export const shopEventId = (): string => `SHOP-${Date.now()}-${++counter}`;

/** A plain purchase that no rule below fires on by itself. */
export function purchase(overrides: Partial<TransactionInput> = {}): TransactionInput {
  return {
    shopEventId: shopEventId(),
    amount: 5_000,
    purchaser: { fullAddress: "東京都千代田区1-1", tel: "03-1111-2222" },
    items: [{ itemName: "ボールペン", price: 500, quantity: 10, category: "文具" }],
    ...overrides,
  };
}

/** One group holding one unit of the given rules. */
export function group(
  groupName: string,
  priority: number,
  judgement: "OK" | "NG" | "HOLD" | "REVIEW",
  operator: "AND" | "OR",
  rules: RuleDefinition[],
): ReleaseDefinition["groups"][number] {
  return { groupName, priority, judgement, units: [{ unitNo: 1, operator, rules }] };
}

export const rule = (ruleCode: string, condition: RuleDefinition["condition"]): RuleDefinition => ({
  ruleCode,
  description: `${ruleCode} description`,
  condition,
});

export type { Transaction };
