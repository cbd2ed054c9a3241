import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logout, sessionInfo } from "../../src/contract/auth.ts";
import { ERROR } from "../../src/contract/errors.ts";
import { type ServerApp, serversOn } from "./helpers/serverProcesses.ts";
import { call, loginAs } from "./helpers/testApp.ts";
import { openTestDatabase, type TestDatabase, testBackends } from "./helpers/testBackends.ts";

/**
 * Two server processes on one PostgreSQL database (docs/operations.md): each its own app and its own
 * connection pool, as two processes have; an operator signed in through one is served alike by the
 * other, and signed out through the other is refused by both.
 */
// PostgreSQL only, as tenantCopy.test.ts: with CI=true testBackends() always holds it.
const onPostgres = testBackends().includes("postgres") ? ["postgres" as const] : [];

describe.each(onPostgres)("two server processes on one PostgreSQL (%s)", (backend) => {
  let database: TestDatabase;
  const apps: ServerApp[] = [];
  let servers: Awaited<ReturnType<typeof serversOn>> | undefined;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    servers = await serversOn(database, 2);
    apps.push(...servers.apps);
  });
  afterAll(async () => {
    await servers?.close();
    await database?.close();
  });

  it("serves one operator's session alike from either process", async () => {
    const [first, second] = apps;
    if (!first || !second) throw new Error("two apps expected");
    const session = await loginAs(first, "DEMO", "admin@demo.example");
    const fromFirst = await call(first, sessionInfo, {}, { session });
    const fromSecond = await call(second, sessionInfo, {}, { session });
    expect(fromFirst.statusCode).toBe(200);
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.json().telegram).toEqual(fromFirst.json().telegram);

    expect((await call(second, logout, {}, { session })).statusCode).toBe(200);
    const after = await call(first, sessionInfo, {}, { session });
    expect([after.statusCode, after.json().errors[0].code]).toEqual([401, ERROR.invalidToken]);
  });
});
