import type { Kysely } from "kysely";
import { CONTRACT_DIV } from "../../contract/codes.ts";
import type { Database } from "../db/schema.ts";
import type { CredentialCipher } from "../services/credentialCipher.ts";
import { STANDARD_ROLES } from "../services/standardRoles.ts";
import { createOperator, createTenant } from "../services/tenantService.ts";
import { seedApiConnections } from "./apiConnectionSeed.ts";
import { seedDemoAdministration } from "./demoAdministration.ts";
import { seedDemoAllowedIps } from "./demoAllowedIps.ts";
import { seedDemoAuditLog } from "./demoAuditLog.ts";
import { seedDemoChargebacks } from "./demoChargebacks.ts";
import { seedDemoNegativeScreenEntries } from "./demoNegativeScreenEntries.ts";
import { seedDemoOperators } from "./demoOperators.ts";
import { seedDemoReview } from "./demoReview.ts";
import { seedDemoUploads } from "./demoUploads.ts";

/** Password of every demo operator (printed at start when demo data is present). */
export const DEMO_PASSWORD = "Demo-2026!pass";

export interface DemoLogin {
  companyId: string;
  email: string;
  role: string;
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  { companyId: "DEMO", email: "admin@demo.example", role: "Administrator" },
  { companyId: "DEMO", email: "reviewer@demo.example", role: "Reviewer" },
  { companyId: "DEMO", email: "viewer@demo.example", role: "Viewer" },
  { companyId: "ACME", email: "admin@acme.example", role: "Administrator" },
  { companyId: "CHECK", email: "admin@check.example", role: "Administrator" },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** DEMO's event count: DEMO_EVENTS when set (a whole number), else 20,000; ACME gets 15% of it. */
export function demoEventCount(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.DEMO_EVENTS ?? 20_000);
  return Number.isInteger(value) && value >= 0 ? value : 20_000;
}

export interface DemoSeedOptions {
  /** DEMO's screened events (default demoEventCount()). */
  events?: number;
  /** Told how the event seeding progresses. */
  progress?: (line: string) => void;
}

export const isDatabaseEmpty = async (db: Kysely<Database>): Promise<boolean> =>
  (await db.selectFrom("companies").select("company_id").limit(1).executeTakeFirst()) === undefined;

export const hasDemoData = async (db: Kysely<Database>): Promise<boolean> =>
  (await db
    .selectFrom("companies")
    .select("company_id")
    .where("company_id", "=", "DEMO")
    .executeTakeFirst()) !== undefined;

/** Demo tenants DEMO, ACME and CHECK with their operators and DEMO's trial. Later issues add to it. */
export async function seedDemo(
  db: Kysely<Database>,
  credentials: CredentialCipher,
  now: Date = new Date(),
  options: DemoSeedOptions = {},
): Promise<void> {
  await createTenant(db, { companyId: "DEMO", name: "デモ商店", contractDiv: CONTRACT_DIV.standard });
  await createTenant(db, { companyId: "ACME", name: "ACME Store", contractDiv: CONTRACT_DIV.standard });
  await createTenant(db, { companyId: "CHECK", name: "チェック商会", contractDiv: CONTRACT_DIV.checker });

  const operators = [
    {
      companyId: "DEMO",
      email: "admin@demo.example",
      name: "デモ管理者",
      roleId: STANDARD_ROLES.administrator.roleId,
    },
    {
      companyId: "DEMO",
      email: "reviewer@demo.example",
      name: "デモ審査者",
      roleId: STANDARD_ROLES.reviewer.roleId,
    },
    {
      companyId: "DEMO",
      email: "viewer@demo.example",
      name: "デモ閲覧者",
      roleId: STANDARD_ROLES.viewer.roleId,
    },
    {
      companyId: "ACME",
      email: "admin@acme.example",
      name: "ACME Admin",
      roleId: STANDARD_ROLES.administrator.roleId,
    },
    {
      companyId: "CHECK",
      email: "admin@check.example",
      name: "チェック管理者",
      roleId: STANDARD_ROLES.administrator.roleId,
    },
  ];
  for (const operator of operators) await createOperator(db, { ...operator, password: DEMO_PASSWORD });
  await seedDemoAdministration(db, DEMO_PASSWORD, now);
  await seedDemoOperators(db, DEMO_PASSWORD, now);
  await seedDemoAllowedIps(db);

  await db
    .insertInto("trials")
    .values({
      company_id: "DEMO",
      event_limit: 10000,
      starts_at: new Date(now.getTime() - 30 * DAY_MS),
      ends_at: new Date(now.getTime() + 60 * DAY_MS),
    })
    .execute();
  await seedApiConnections(db, credentials, ["DEMO", "ACME", "CHECK"], now);
  const events = options.events ?? demoEventCount();
  // Loaded only here: faker and the generators are not needed by a server that does not seed.
  const { seedDemoScreening } = await import("./demoEventSeed.ts");
  const progress = options.progress ? { progress: options.progress } : {};
  await seedDemoScreening(db, "DEMO", { seed: 20_260_101, events, now, ...progress });
  await seedDemoScreening(db, "ACME", {
    seed: 20_260_202,
    events: Math.round(events * 0.15),
    now,
    ...progress,
  });
  // DEMO's labels, assignees and memos; ACME keeps none (a tenant without labels).
  await seedDemoReview(db, "DEMO", now);
  await seedDemoChargebacks(db, "DEMO", now);
  await seedDemoUploads(db, "DEMO", now);
  await seedDemoNegativeScreenEntries(db, "DEMO", now);
  await seedDemoAuditLog(db, now);
}
