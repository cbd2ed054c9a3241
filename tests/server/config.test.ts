import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("configuration", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: "http://127.0.0.1:8080",
      environment: "TST",
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 8,
      logLevel: "info",
      trustProxy: false,
    });
  });

  it("takes FAQ_URL only as an https address, and has none by default", () => {
    expect(loadConfig({}).faqUrl).toBeUndefined();
    expect(loadConfig({ FAQ_URL: "https://faq.example.com/console" }).faqUrl).toBe(
      "https://faq.example.com/console",
    );
    expect(() => loadConfig({ FAQ_URL: "http://faq.example.com/" })).toThrow(
      /FAQ_URL must be a URL starting with https:\/\//,
    );
    expect(() => loadConfig({ FAQ_URL: "faq" })).toThrow(ConfigError);
  });

  it("derives PUBLIC_URL from HOST and PORT, and takes every variable", () => {
    expect(loadConfig({ HOST: "0.0.0.0", PORT: "9000" }).publicUrl).toBe("http://0.0.0.0:9000");
    const config = loadConfig({
      PORT: "0",
      DATA_DIR: "/var/lib/console",
      DATABASE_URL: "postgresql://u:p@db:5432/console",
      // Required with DATABASE_URL once stored API secrets are encrypted (32 bytes, base64).
      CREDENTIAL_KEY: Buffer.alloc(32, 7).toString("base64"),
      SMTP_URL: "smtp://mail:25",
      PUBLIC_URL: "https://console.example.com/",
      CONSOLE_ENV: "PRD",
      SESSION_IDLE_MINUTES: "15",
      SESSION_ABSOLUTE_HOURS: "12",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "10.0.0.1, 10.0.0.2",
    });
    expect(config).toMatchObject({
      port: 0,
      dataDir: "/var/lib/console",
      databaseUrl: "postgresql://u:p@db:5432/console",
      smtpUrl: "smtp://mail:25",
      publicUrl: "https://console.example.com",
      environment: "PRD",
      sessionIdleMinutes: 15,
      sessionAbsoluteHours: 12,
      logLevel: "warn",
      trustProxy: ["10.0.0.1", "10.0.0.2"],
    });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: " " })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it.each([
    [{ PORT: "abc" }, 'PORT must be a whole number (got "abc")'],
    [{ PORT: "70000" }, 'PORT must be at most 65535 (got "70000")'],
    [{ CONSOLE_ENV: "PROD" }, 'CONSOLE_ENV must be one of PRD, TST, DEV (got "PROD")'],
    [{ PUBLIC_URL: "console.example.com" }, "PUBLIC_URL must be a URL starting with http:// or https://"],
    [{ SESSION_IDLE_MINUTES: "0" }, "SESSION_IDLE_MINUTES must be at least 1"],
    [{ SESSION_ABSOLUTE_HOURS: "-1" }, "SESSION_ABSOLUTE_HOURS must be a whole number"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent"],
    [
      { DATABASE_URL: "mysql://root:hunter2@db/console" },
      "DATABASE_URL must be a URL starting with postgres:// or postgresql://",
    ],
    [{ SMTP_URL: "mail.example.com" }, "SMTP_URL must be a URL starting with smtp:// or smtps://"],
  ])("names the bad variable in %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("never echoes a database or SMTP URL, which may hold a password", () => {
    try {
      loadConfig({ DATABASE_URL: "mysql://root:hunter2@db/console", SMTP_URL: "x://u:mailpass@h" });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain("hunter2");
      expect(String(error)).not.toContain("mailpass");
    }
  });

  it("reports every bad variable at once", () => {
    expect(() => loadConfig({ PORT: "x", CONSOLE_ENV: "y" })).toThrow(/PORT .*; CONSOLE_ENV /);
  });

  it("makes the server exit 1 with the message and no stack trace", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", PORT: "eighty", CONSOLE_ENV: "TST" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output.trim()).toBe('Invalid configuration: PORT must be a whole number (got "eighty")');
  });
});
