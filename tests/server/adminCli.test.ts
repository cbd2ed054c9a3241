import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, sessionInfo } from "../../src/contract/auth.ts";
import { screenPermissionList } from "../../src/contract/permissions.ts";
import { rules } from "../../src/contract/validation.ts";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase } from "../../src/server/db/connect.ts";
import { createMailer } from "../../src/server/mail/mailer.ts";
import { generatePassword } from "../../src/server/services/passwordGenerator.ts";
import { freshDataDir, removeDataDir } from "../support/testDatabase.ts";
import { call, loginAs } from "./helpers/testApp.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

function runCli(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

describe("admin CLI", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await freshDataDir();
  });
  afterAll(async () => {
    await removeDataDir(dataDir);
  });

  it("generates passwords that always meet the password rule", () => {
    const passwords = Array.from({ length: 500 }, generatePassword);
    expect(passwords.every(rules.password)).toBe(true);
    expect(new Set(passwords).size).toBe(500);
  });

  it("creates a tenant, its roles and an administrator whose printed password logs in", async () => {
    const result = await runCli(
      "src/cli/admin.ts",
      [
        "create-tenant",
        "--company-id",
        "NEWCO",
        "--name",
        "New Company",
        "--admin-email",
        "boss@newco.example",
        "--admin-name",
        "Boss",
        "--contract-div",
        "20",
      ],
      { DATA_DIR: dataDir },
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const password = /One-time password: (\S+)/.exec(result.stdout)?.[1] ?? "";
    expect(rules.password(password)).toBe(true);

    // Log in against the data dir the CLI wrote to.
    const handle = await openDatabase({ dataDir });
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir });
    const app = await buildApp({ config, db: handle.db, mailer, clientDir: "/nonexistent-client-build" });
    try {
      const session = await loginAs(app, "NEWCO", "boss@newco.example", password);
      const info = (await call(app, sessionInfo, {}, { session })).json().telegram;
      expect(info.loginOperator).toMatchObject({
        companyId: "NEWCO",
        companyName: "New Company",
        contractDiv: "20",
      });
      const permissions = await call(
        app,
        screenPermissionList,
        { screenIds: ["OperatorList", "EventList"] },
        { session },
      );
      expect(
        permissions.json().telegram.screenPermissions.map((p: { permission: string }) => p.permission),
      ).toEqual(["00", "00"]);
      const roles = await handle.db
        .selectFrom("roles")
        .select("name")
        .where("company_id", "=", "NEWCO")
        .execute();
      expect(roles.map((r) => r.name).sort()).toEqual(["Administrator", "Reviewer", "Viewer"]);
      expect(
        (await call(app, login, { companyId: "NEWCO", email: "boss@newco.example", password: "x" }))
          .statusCode,
      ).toBe(401);
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it("refuses an existing company and bad arguments with a clear message", async () => {
    const exists = await runCli(
      "src/cli/admin.ts",
      [
        "create-tenant",
        "--company-id",
        "DEMO",
        "--name",
        "X",
        "--admin-email",
        "a@b.example",
        "--admin-name",
        "A",
      ],
      { DATA_DIR: dataDir },
    );
    expect(exists.code).toBe(1);
    expect(exists.stderr).toContain("Company DEMO already exists.");

    const bad = await runCli(
      "src/cli/admin.ts",
      [
        "create-tenant",
        "--company-id",
        "NO-PE",
        "--name",
        "X",
        "--admin-email",
        "not-an-email",
        "--admin-name",
        "A",
      ],
      { DATA_DIR: dataDir },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--company-id: must contain only alphanumeric characters");
    expect(bad.stderr).toContain("--admin-email: not a valid email address.");
    expect(bad.stderr).toContain("Usage:");

    const unknown = await runCli("src/cli/admin.ts", ["drop-everything"], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown command: drop-everything");
  });
});

describe("seed CLI", () => {
  it("refuses to seed twice into a database that has the demo tenants", async () => {
    const dataDir = await freshDataDir();
    try {
      const result = await runCli("src/cli/seed.ts", [], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("DEMO, ACME, CHECK already exist");
    } finally {
      await removeDataDir(dataDir);
    }
  });
});
