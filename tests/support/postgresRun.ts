/**
 * Whether the server tests run on PostgreSQL too: when TEST_DATABASE_URL is set, and always under
 * CI=true (where a missing URL then fails the setup instead of leaving PostgreSQL out).
 */
export const postgresWanted = (): boolean =>
  Boolean(process.env.TEST_DATABASE_URL) || process.env.CI === "true";

/** Server test files that need PostgreSQL itself (several processes on one database): left out without it. */
export const POSTGRES_ONLY_FILES = "tests/server/**/*.postgres.test.ts";
