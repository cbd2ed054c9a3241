import { execFileSync } from "node:child_process";
import { CLIENT_INDEX, CLIENT_SOURCES } from "../../src/cli/clientBuild.ts";
import { SERVER_BUNDLE, SERVER_SOURCES } from "../../src/cli/serverBundle.ts";
import { isStale } from "../../src/cli/staleness.ts";
import { REPO_ROOT } from "./serverProcess.ts";

/**
 * Builds what `npm start` builds (the SPA into dist/client, the server bundle into dist/server) when
 * either is missing or older than its sources, by running npm start's own first half. In a child
 * process with NODE_ENV=production: inside a test runner (NODE_ENV=test) Vite would build React's
 * development bundle.
 */
export async function buildIfStale(): Promise<void> {
  const client = await isStale(REPO_ROOT, CLIENT_INDEX, CLIENT_SOURCES);
  const server = await isStale(REPO_ROOT, SERVER_BUNDLE, SERVER_SOURCES);
  if (!client && !server) return;
  const started = Date.now();
  try {
    execFileSync(process.execPath, ["--import", "tsx", "src/cli/prepareStart.ts"], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "production" },
      timeout: 300_000,
    });
  } catch (error) {
    const failure = error as { stdout?: Buffer; stderr?: Buffer; message: string };
    throw new Error(
      `the build failed: ${failure.message}\n${failure.stdout?.toString() ?? ""}${failure.stderr?.toString() ?? ""}`,
    );
  }
  const built = [client && "dist/client", server && "dist/server"].filter(Boolean).join(" and ");
  console.log(`[build] built ${built} in ${Date.now() - started} ms`);
}
