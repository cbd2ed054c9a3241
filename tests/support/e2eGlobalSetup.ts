import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { assertChromium } from "./browser.ts";
import { REPO_ROOT } from "./serverProcess.ts";
import { ensurePgliteTemplate } from "./testDatabase.ts";

/** Everything the SPA bundle is built from; dist/client is stale when any of it is newer. */
const BUILD_INPUTS = [
  "index.html",
  "src/app",
  "src/client",
  "src/contract",
  "machines",
  "vite.config.ts",
  "package-lock.json",
];
const BUILT_INDEX = path.join(REPO_ROOT, "dist/client/index.html");

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function clientBuildIsStale(): boolean {
  if (!existsSync(BUILT_INDEX)) return true;
  const built = statSync(BUILT_INDEX).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.join(REPO_ROOT, input)) > built);
}

/** Runs `vite build` when dist/client is missing or older than its sources. */
export function buildClientIfStale(): void {
  if (!clientBuildIsStale()) return;
  const started = Date.now();
  try {
    execFileSync(process.execPath, [path.join(REPO_ROOT, "node_modules/vite/bin/vite.js"), "build"], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "production" },
      timeout: 300_000,
    });
  } catch (error) {
    const failure = error as { stdout?: Buffer; stderr?: Buffer; message: string };
    throw new Error(
      `vite build failed: ${failure.message}\n${failure.stdout?.toString() ?? ""}${failure.stderr?.toString() ?? ""}`,
    );
  }
  console.log(`[e2e] built the SPA into dist/client in ${Date.now() - started} ms`);
}

/** Japanese must render as text, not tofu: the Noto CJK fonts must be installed. */
function assertJapaneseFont(): void {
  const probe = spawnSync("fc-list", [":lang=ja", "family"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0 || probe.stdout.trim() === "") {
    throw new Error("No Japanese font found (fc-list :lang=ja). Install fonts-noto-cjk for the e2e tests.");
  }
}

/**
 * Once before the e2e files: the browser and fonts must be present (missing ones fail the run, they
 * never skip it), the SPA is built when stale and the PGlite template is ready to copy.
 */
export default async function setup(): Promise<void> {
  assertChromium();
  assertJapaneseFont();
  buildClientIfStale();
  await ensurePgliteTemplate();
}
