import { Writable } from "node:stream";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { CallSpec } from "../../../src/contract/call.ts";
import type { Permission } from "../../../src/contract/codes.ts";
import { DEFAULT_HEADER, type Lang } from "../../../src/contract/envelope.ts";
import type { ScreenId } from "../../../src/contract/screens.ts";
import { buildApp } from "../../../src/server/app.ts";
import { type Config, loadConfig } from "../../../src/server/config.ts";
import { createMailer } from "../../../src/server/mail/mailer.ts";
import { DEMO_PASSWORD } from "../../../src/server/seed/demoSeed.ts";
import { type Backend, openTestDatabase, type TestDatabase } from "./testBackends.ts";

/** A clock the test moves by hand. */
export class TestClock {
  constructor(private current = new Date()) {}
  now = (): Date => new Date(this.current);
  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  db: TestDatabase["handle"]["db"];
  config: Config;
  clock: TestClock;
  /** Every log line written so far (JSON, one per line). */
  logs(): string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  clientDir?: string;
}

/** The real app over a database of its own, with an injected clock and a captured log. */
export async function createTestApp(backend: Backend, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase(backend);
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    PUBLIC_URL: "http://console.test",
    LOG_LEVEL: "info",
    ...options.env,
  });
  const clock = new TestClock();
  let logText = "";
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logText += chunk.toString("utf8");
      done();
    },
  });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  const app = await buildApp({
    config,
    db: database.handle.db,
    copy: database.handle.copy,
    mailer,
    now: clock.now,
    logStream,
    clientDir: options.clientDir ?? "/nonexistent-client-build",
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    db: database.handle.db,
    config,
    clock,
    logs: () => logText,
    async close() {
      await app.close();
      mailer.close();
      await database.close();
    },
  };
}

export interface Session {
  cookie: string;
  token: string;
  companyId: string;
}

export interface CallOptions {
  session?: Session;
  lang?: Lang;
  /** Overrides info.shopId (default: the session's company). */
  shopId?: string;
  remoteAddress?: string;
}

/** Sends one console call in a well-formed envelope. */
export function call(
  app: FastifyInstance,
  spec: Pick<CallSpec, "method" | "path">,
  telegram: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const { session } = options;
  return app.inject({
    method: spec.method,
    url: spec.path,
    headers: {
      "content-type": "application/json",
      ...(session ? { cookie: `sid=${session.cookie}` } : {}),
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: JSON.stringify({
      header: { lang: options.lang ?? "en", ...DEFAULT_HEADER },
      ...(session ? { info: { token: session.token, shopId: options.shopId ?? session.companyId } } : {}),
      telegram,
    }),
  });
}

export const sessionCookieOf = (response: LightMyRequestResponse): string | undefined =>
  response.cookies.find((cookie) => cookie.name === "sid")?.value;

/** Logs in and returns the cookie and anti-forgery token; fails the test when login does not succeed. */
export async function loginAs(
  app: FastifyInstance,
  companyId: string,
  email: string,
  password = DEMO_PASSWORD,
  remoteAddress?: string,
): Promise<Session> {
  const response = await call(
    app,
    { method: "POST", path: "/api/v3/screen/login" },
    { companyId, email, password },
    remoteAddress ? { remoteAddress } : {},
  );
  const body = response.json();
  const cookie = sessionCookieOf(response);
  if (response.statusCode !== 200 || !cookie) {
    throw new Error(`login of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return { cookie, token: body.telegram.loginToken, companyId };
}

/** Sets a role's permission for screens of a tenant (DEMO unless named), as its administrator would. */
export const setRolePermission = (
  db: TestApp["db"],
  role: { roleId: string; screenIds: ScreenId[]; companyId?: string },
  permission: Permission,
) =>
  db
    .updateTable("role_permissions")
    .set({ permission })
    .where("company_id", "=", role.companyId ?? "DEMO")
    .where("role_id", "=", role.roleId)
    .where("screen_id", "in", role.screenIds)
    .execute();
