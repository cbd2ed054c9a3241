import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_BUNDLE } from "../../src/cli/serverBundle.ts";
import { DEFAULT_HEADER } from "../../src/contract/envelope.ts";
import { EMPTY_QUICK_SEARCH, eventList } from "../../src/contract/eventSearch.ts";
import { loadConfig } from "../../src/server/config.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { DEMO_PASSWORD } from "../../src/server/seed/demoSeed.ts";
import { startServer } from "../../src/server/server.ts";
import { buildIfStale } from "../support/buildIfStale.ts";
import { callInSession, signInDemoAdmin } from "../support/demoAdminSession.ts";
import { freshDataDir, removeDataDir } from "../support/testDatabase.ts";
import { dropTestDatabase, testBackends } from "./helpers/testBackends.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

const envelope = (telegram: unknown) =>
  JSON.stringify({ header: { lang: "en", ...DEFAULT_HEADER }, telegram });

describe("startServer on the embedded database", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await removeDataDir(dir);
  });

  it("listens on a free port with PORT=0, answers over HTTP and closes", async () => {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent" }), {
      clientDir: "/nonexistent-client-build",
    });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.url).not.toMatch(/:0$/);
      expect(server.demo).toBe(true);
      const response = await fetch(`${server.url}/api/v3/screen/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: envelope({ companyId: "DEMO", email: "admin@demo.example", password: DEMO_PASSWORD }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("set-cookie")).toMatch(/^sid=[\w-]+; Path=\/; HttpOnly; SameSite=Strict$/);
      // Mail without SMTP_URL lands in the outbox.
      const reset = await fetch(`${server.url}/api/v3/screen/passwordChangeRequest`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: envelope({ companyId: "DEMO", email: "viewer@demo.example" }),
      });
      expect(reset.status).toBe(200);
    } finally {
      await server.close();
    }
    const outbox = path.join(dataDir, "outbox");
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(outbox, files[0] ?? ""), "utf8");
    expect(eml).toContain("To: viewer@demo.example");
    // Quoted-printable may wrap the link; its start is intact and carries the real port.
    expect(eml).toContain(`${server.url}/v3/PasswordChange`);
  });

  it("keeps the embedded database's statistics, from right after the start (PGlite has no autovacuum)", async () => {
    const dataDir = await freshDataDir();
    dirs.push(dataDir);
    const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent" }), {
      clientDir: "/nonexistent-client-build",
    });
    try {
      const analyzed = async () =>
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from pg_stats where tablename = 'events'`.execute(server.database.db)
        ).rows[0]?.n ?? 0;
      // The demo-seeded copy comes without statistics; the job worker's first sweep adds them.
      for (let waited = 0; waited < 10_000 && (await analyzed()) === 0; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await analyzed()).toBeGreaterThan(10);
    } finally {
      await server.close();
    }
  });

  it("npm start's server bundle migrates and seeds a new data dir, prints the console URL and demo logins, serves the API and stops on SIGTERM", async () => {
    // What `npm start` runs after its builds: the bundle finds the migrations and dist/client from
    // the package root, and loads the seed's faker chunk on demand.
    await buildIfStale();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "console-empty-"));
    dirs.push(dataDir);
    const child: ChildProcess = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: ROOT,
      // DEMO_EVENTS keeps the demo events few, so the first start stays quick here.
      env: {
        PATH: process.env.PATH ?? "",
        DATA_DIR: dataDir,
        PORT: "0",
        LOG_LEVEL: "warn",
        DEMO_EVENTS: "600",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const printed = new Promise<void>((resolve) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("admin@check.example")) resolve();
      };
      child.stdout?.on("data", read);
      child.stderr?.on("data", read);
    });
    await Promise.race([printed, exited]);
    expect(output).toMatch(/Console: http:\/\/127\.0\.0\.1:\d+\/v3\//);
    expect(output).toContain(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const email of [
      "admin@demo.example",
      "reviewer@demo.example",
      "viewer@demo.example",
      "admin@acme.example",
    ]) {
      expect(output).toContain(email);
    }
    const url = /Console: (http:\/\/[\d.:]+)\/v3\//.exec(output)?.[1];
    const root = await fetch(`${url}/`, { redirect: "manual" });
    expect(root.status).toBe(302);
    // The bundled Kysely and Zod at work: a session, then the engine's demo events in the list.
    const session = await signInDemoAdmin(url ?? "", "en");
    const { telegram } = await callInSession<{ rows: { eventId: string }[] }>(session, eventList, {
      search: EMPTY_QUICK_SEARCH,
      pageSize: 50,
      cursor: null,
    });
    expect(telegram.rows).toHaveLength(50);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 180_000);
});

describe.each(testBackends().filter((backend) => backend === "postgres"))("production mode (%s)", () => {
  it("migrates an empty PostgreSQL database, seeds nothing, and migrating again applies nothing", async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl)
      throw new Error("CI=true requires TEST_DATABASE_URL: the server suite must also run on PostgreSQL.");
    const name = `console_prod_${Date.now()}`;
    const admin = new Kysely<Record<string, never>>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
    });
    await sql`create database ${sql.id(name)}`.execute(admin);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "console-prod-"));
    try {
      const server = await startServer(
        loadConfig({
          DATABASE_URL: url.toString(),
          CREDENTIAL_KEY: Buffer.alloc(32, 7).toString("base64"),
          DATA_DIR: dataDir,
          PORT: "0",
          LOG_LEVEL: "silent",
        }),
      );
      try {
        expect(server.demo).toBe(false);
        const companies = await server.database.db.selectFrom("companies").selectAll().execute();
        expect(companies).toEqual([]);
        expect(await migrate(server.database.db)).toEqual([]);
        const response = await fetch(`${server.url}/api/v3/screen/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: envelope({ companyId: "DEMO", email: "admin@demo.example", password: DEMO_PASSWORD }),
        });
        expect(response.status).toBe(401);
      } finally {
        await server.close();
      }
      // Nothing of PGlite was created: the data dir holds no database.
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await dropTestDatabase(admin, name);
      await admin.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
