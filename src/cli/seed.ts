import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/connect.ts";
import { migrate } from "../server/db/migrate.ts";
import { BulkSeedError, seedBulkEvents } from "../server/seed/bulkEvents.ts";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "../server/seed/demoSeed.ts";
import { loadCredentialCipher } from "../server/services/credentialCipher.ts";

const USAGE = `Usage:
  npm run seed
      Adds the demo tenants (DEMO, ACME, CHECK) with their rules, lists and screened demo events
      (DEMO_EVENTS, default 20000, for DEMO; 15% of it for ACME), unless any of them exists.
  npm run seed -- --tenant DEMO --events 1000000 [--days 180] [--seed N]
      Adds that many events to an existing tenant, for benchmarks: demo-like traffic over the last
      --days days, screened by the engine's evaluation against the tenant's rules and lists, written
      in batches. Each run adds new events (the seed, by default the clock, tags the shop event IDs).
Uses DATABASE_URL, else the embedded database in DATA_DIR.`;

class UsageError extends Error {}

const wholeNumber = (name: string, value: string | undefined, min: number): number | undefined => {
  if (value === undefined) return undefined;
  const parsed = Number(value.replace(/_/g, ""));
  if (!Number.isInteger(parsed) || parsed < min)
    throw new UsageError(`--${name} must be a whole number >= ${min}`);
  return parsed;
};

async function seedDemoTenants(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrate(database.db);
    const companyIds = [...new Set(DEMO_LOGINS.map((login) => login.companyId))];
    const existing = await database.db
      .selectFrom("companies")
      .select("company_id")
      .where("company_id", "in", companyIds)
      .execute();
    if (existing.length > 0) {
      console.error(
        `Demo data not added: ${existing.map((row) => row.company_id).join(", ")} already exist in this database.`,
      );
      return 1;
    }
    const started = Date.now();
    await seedDemo(database.db, await loadCredentialCipher(config), new Date(), { progress: console.log });
    console.log(
      `Demo tenants ${companyIds.join(", ")} added to ${database.kind === "postgres" ? "PostgreSQL" : config.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    console.log(`Logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS)
      console.log(`  ${login.companyId.padEnd(6)} ${login.email.padEnd(24)} ${login.role}`);
    return 0;
  } finally {
    await database.close();
  }
}

async function seedBulk(
  tenant: string,
  events: number,
  days: number | undefined,
  seed: number,
): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrate(database.db);
    const where = database.kind === "postgres" ? "PostgreSQL" : config.dataDir;
    console.log(`Adding ${events} events to ${tenant} in ${where} (seed ${seed})...`);
    const { elapsedMs } = await seedBulkEvents(database.db, {
      companyId: tenant,
      events,
      seed,
      ...(days !== undefined ? { days } : {}),
      progress: (done, elapsed) =>
        console.log(
          `  ${done}/${events} events (${Math.round((100 * done) / Math.max(events, 1))}%), ${(elapsed / 1000).toFixed(1)} s, ${Math.round(done / Math.max(elapsed / 1000, 0.001))} events/s`,
        ),
    });
    console.log(
      `${events} events added to ${tenant} in ${(elapsedMs / 1000).toFixed(1)} s (${Math.round(events / Math.max(elapsedMs / 1000, 0.001))} events/s).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function run(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      tenant: { type: "string" },
      events: { type: "string" },
      days: { type: "string" },
      seed: { type: "string" },
      help: { type: "boolean" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.tenant === undefined && values.events === undefined) return seedDemoTenants();
  const tenant = values.tenant?.trim();
  const events = wholeNumber("events", values.events, 1);
  if (!tenant || events === undefined) throw new UsageError("--tenant and --events go together");
  const days = wholeNumber("days", values.days, 1);
  const seed = wholeNumber("seed", values.seed, 0) ?? Math.floor(Date.now() / 1000);
  return seedBulk(tenant, events, days, seed);
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error instanceof TypeError && "code" in error)) {
      console.error(`${error.message}\n\n${USAGE}`);
    } else if (error instanceof ConfigError || error instanceof BulkSeedError) {
      console.error(error.message);
    } else {
      console.error(`Seeding failed: ${(error as Error).message}`);
    }
    process.exit(1);
  },
);
