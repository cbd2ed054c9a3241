import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface ServerProcessOptions {
  dataDir?: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** CONSOLE_ENV: PRD | TST | DEV. */
  consoleEnv?: string;
  env?: Record<string, string>;
  /** How long to wait for the first answer. */
  startTimeoutMs?: number;
  /**
   * What runs: the sources through tsx (tests see every change at once), or the bundle `npm start`
   * runs (dist/server/main.js, built beforehand: src/cli/serverBundle.ts).
   */
  entry?: "sources" | "bundle";
}

export interface ServerProcess {
  /** http://127.0.0.1:PORT (no trailing slash). */
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr interleaved, last 64 KiB). */
  output(): string;
  /** Milliseconds from spawn until the first HTTP answer. */
  startMs: number;
  stop(): Promise<void>;
}

/** A free TCP port on the loopback interface (bound and released; the race is acceptable in tests). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `url` answers any HTTP response; rejects when the process exits or time runs out. */
export async function waitForHttp(url: string, timeoutMs: number, exited?: () => string | undefined) {
  const deadline = Date.now() + timeoutMs;
  let lastError = "";
  while (Date.now() < deadline) {
    const exit = exited?.();
    if (exit) throw new Error(exit);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000), redirect: "manual" });
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      lastError = String(error);
    }
    await sleep(50);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastError})`);
}

/**
 * Starts the real server (`node --import tsx src/server/main.ts`, or `node dist/server/main.js` for
 * the bundle) as a child process on a free loopback port and waits until /v3/login answers.
 */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...(options.consoleEnv ? { CONSOLE_ENV: options.consoleEnv } : {}),
    ...options.env,
  };
  // The child must use the data dir it was given, not a database inherited from the test runner.
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  delete env.VITEST;
  delete env.VITEST_MODE;
  delete env.VITEST_POOL_ID;
  delete env.VITEST_WORKER_ID;

  let log = "";
  const started = Date.now();
  // SERVER_NODE_ARGS adds Node options to the server alone, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof".
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const entry =
    options.entry === "bundle" ? ["dist/server/main.js"] : ["--import", "tsx", "src/server/main.ts"];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString("utf8")).slice(-65_536);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  let exitInfo: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exitInfo = `server process exited (code ${code}, signal ${signal})`;
      resolve();
    });
  });

  const stop = async () => {
    if (exitInfo) return;
    child.kill("SIGTERM");
    const killed = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
    if (!killed) {
      child.kill("SIGKILL");
      await exited;
    }
  };

  try {
    await waitForHttp(`${url}/v3/login`, options.startTimeoutMs ?? 60_000, () =>
      exitInfo ? `${exitInfo} before answering` : undefined,
    );
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\nServer output:\n${log}`);
  }
  return { url, port, child, output: () => log, startMs: Date.now() - started, stop };
}
