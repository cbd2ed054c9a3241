import path from "node:path";
import { z } from "zod";
import { ENVIRONMENTS, type Environment } from "../contract/codes.ts";

/** Server configuration, read from the environment (docs/operations.md lists every variable). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  environment: Environment;
  /** The operators' FAQ (FAQ_URL, https only), linked from the top bar in Japanese; no link when unset. */
  faqUrl: string | undefined;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  logLevel: LogLevel;
  /** Fastify's trustProxy: whether (or which) reverse proxies' X-Forwarded-For gives the client IP. */
  trustProxy: boolean | string[];
  /**
   * AES-256 key for stored API secrets (CREDENTIAL_KEY, base64 of 32 bytes). Unset in embedded mode,
   * where services/credentialCipher.ts keeps one in DATA_DIR/credential.key; required with DATABASE_URL.
   */
  credentialKey: Buffer | undefined;
  /** REQUEST_TIMEOUT_SECONDS: the longest a client may take to send a whole request (a slow body). */
  requestTimeoutSeconds: number;
  /** CONNECTION_TIMEOUT_SECONDS: a connection sending nothing is closed after this long. */
  connectionTimeoutSeconds: number;
  /** SIGNED_OUT_CALLS_PER_MINUTE: console calls one address may make without a session (plugins/signedOutRateLimit.ts). */
  signedOutCallsPerMinute: number;
  /** Largest CSV upload in bytes (UPLOAD_MAX_MB, default 100 MB). */
  uploadMaxBytes: number;
  /** Most data rows a CSV upload may hold (UPLOAD_MAX_ROWS, default 1,000,000). */
  uploadMaxRows: number;
  /** Months an audit log row is kept (AUDIT_RETENTION_MONTHS, default 18); jobs/auditLogPurge.ts. */
  auditRetentionMonths: number;
  /** Minutes between two notification digests of a tenant (NOTIFICATION_DIGEST_MINUTES, default 15). */
  notificationDigestMinutes: number;
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// An empty variable counts as unset, as it does in most shells' `VAR= command`.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const url = (protocols: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
  );

const envSchema = z.object({
  PORT: optional(integer(0, 65535)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(url(["postgres:", "postgresql:"])),
  SMTP_URL: optional(url(["smtp:", "smtps:"])),
  MAIL_FROM: optional(z.string().regex(/^[^\s@<>]+@[^\s@<>]+$/, "must be an e-mail address")),
  PUBLIC_URL: optional(url(["http:", "https:"])),
  CONSOLE_ENV: optional(z.enum(ENVIRONMENTS, { error: `must be one of ${ENVIRONMENTS.join(", ")}` })),
  FAQ_URL: optional(url(["https:"])),
  SESSION_IDLE_MINUTES: optional(integer(1, 24 * 60)),
  SESSION_ABSOLUTE_HOURS: optional(integer(1, 24 * 30)),
  AUDIT_RETENTION_MONTHS: optional(integer(1, 120)),
  NOTIFICATION_DIGEST_MINUTES: optional(integer(1, 24 * 60)),
  TRUST_PROXY: optional(
    z
      .string()
      .regex(
        /^(true|false|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        "must be true, false or a comma-separated list of proxy addresses",
      ),
  ),
  UPLOAD_MAX_MB: optional(integer(1, 10_000)),
  UPLOAD_MAX_ROWS: optional(integer(1, 100_000_000)),
  REQUEST_TIMEOUT_SECONDS: optional(integer(1, 3600)),
  CONNECTION_TIMEOUT_SECONDS: optional(integer(1, 3600)),
  SIGNED_OUT_CALLS_PER_MINUTE: optional(integer(1, 1_000_000)),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` })),
  CREDENTIAL_KEY: optional(
    z
      .string()
      .trim()
      .refine(
        (value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, "base64").length === 32,
        "must be 32 random bytes in base64 (e.g. from: openssl rand -base64 32)",
      )
      .transform((value) => Buffer.from(value, "base64")),
  ),
});

const SECRET_VARIABLES = new Set(["DATABASE_URL", "SMTP_URL", "CREDENTIAL_KEY"]);

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the configuration; a bad variable throws ConfigError naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      // URLs may carry credentials, so their values are never echoed.
      const shown = SECRET_VARIABLES.has(name) ? "" : ` (got "${env[name] ?? ""}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const v = parsed.data;
  // Several servers share one PostgreSQL, so the key cannot be a file one of them made up.
  if (v.DATABASE_URL && !v.CREDENTIAL_KEY) {
    throw new ConfigError(
      "Invalid configuration: CREDENTIAL_KEY is required with DATABASE_URL (32 random bytes in base64, e.g. from: openssl rand -base64 32); it encrypts the stored API secret keys.",
    );
  }
  const port = v.PORT ?? 8080;
  const host = v.HOST ?? "127.0.0.1";
  return {
    port,
    host,
    dataDir: path.resolve(v.DATA_DIR ?? "./data"),
    databaseUrl: v.DATABASE_URL,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM ?? "no-reply@localhost",
    publicUrl: (v.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/+$/, ""),
    environment: v.CONSOLE_ENV ?? "TST",
    faqUrl: v.FAQ_URL,
    sessionIdleMinutes: v.SESSION_IDLE_MINUTES ?? 30,
    sessionAbsoluteHours: v.SESSION_ABSOLUTE_HOURS ?? 8,
    logLevel: v.LOG_LEVEL ?? "info",
    trustProxy: parseTrustProxy(v.TRUST_PROXY),
    credentialKey: v.CREDENTIAL_KEY,
    requestTimeoutSeconds: v.REQUEST_TIMEOUT_SECONDS ?? 300,
    connectionTimeoutSeconds: v.CONNECTION_TIMEOUT_SECONDS ?? 60,
    signedOutCallsPerMinute: v.SIGNED_OUT_CALLS_PER_MINUTE ?? 600,
    uploadMaxBytes: (v.UPLOAD_MAX_MB ?? 100) * 1024 * 1024,
    uploadMaxRows: v.UPLOAD_MAX_ROWS ?? 1_000_000,
    auditRetentionMonths: v.AUDIT_RETENTION_MONTHS ?? 18,
    notificationDigestMinutes: v.NOTIFICATION_DIGEST_MINUTES ?? 15,
  };
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  return value.split(",").map((address) => address.trim());
}
