import { ConfigError, loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/connect.ts";
import { migrate } from "../server/db/migrate.ts";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "../server/db/seed/demoSeed.ts";
import { loadCredentialCipher } from "../server/services/credentialCipher.ts";

/**
 * `npm run seed`: applies migrations and adds the demo tenants (DEMO, ACME, CHECK) to the database
 * named by DATABASE_URL or DATA_DIR, unless any of them already exists.
 */
async function run(): Promise<number> {
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
    await seedDemo(database.db, await loadCredentialCipher(config));
    console.log(
      `Demo tenants ${companyIds.join(", ")} added to ${database.kind === "postgres" ? "PostgreSQL" : config.dataDir}.`,
    );
    console.log(`Logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS)
      console.log(`  ${login.companyId.padEnd(6)} ${login.email.padEnd(24)} ${login.role}`);
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : `Seeding failed: ${(error as Error).message}`,
    );
    process.exit(1);
  },
);
