import { defineConfig } from "vitest/config";
import { POSTGRES_ONLY_FILES, postgresWanted } from "./tests/support/postgresRun.ts";

// One run, four projects; npm test runs them all. Server and e2e tests start real servers, so they
// run their files one at a time to stay within a 2-core machine.
export default defineConfig({
  test: {
    // The default reporter, then each project's duration (CI's time budget; tests/support).
    reporters: ["default", "./tests/support/projectDurationReporter.ts"],
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" } },
      {
        test: {
          name: "machines",
          include: ["tests/machines/**/*.test.{ts,tsx}"],
          environment: "node",
          // Replaying every walk of the manual screening machine takes ~8 s alone, two to three times
          // that beside the server and e2e tests on two cores: the limit only catches a hang.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          // Files about several processes on one PostgreSQL need PostgreSQL itself (postgresRun.ts).
          exclude: postgresWanted() ? [] : [POSTGRES_ONLY_FILES],
          environment: "node",
          globalSetup: ["tests/support/serverGlobalSetup.ts"],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/e2eGlobalSetup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
