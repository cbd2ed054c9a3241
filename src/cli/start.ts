import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { main } from "../server/main.ts";

/**
 * `npm start`: builds the SPA when dist/client is missing or older than its sources, then starts the
 * server. The build runs in this process through Vite's API, so no other tool is needed.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BUILT_INDEX = path.join(ROOT, "dist/client/index.html");
const SOURCES = [
  "src/app",
  "src/client",
  "src/contract",
  "machines",
  "vite.config.ts",
  "index.html",
  "public",
];

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((entry) => newestMtime(path.join(target, entry))));
  return Math.max(info.mtimeMs, ...times);
}

async function clientIsStale(): Promise<boolean> {
  const built = await stat(BUILT_INDEX).catch(() => null);
  if (!built) return true;
  const sources = await Promise.all(SOURCES.map((source) => newestMtime(path.join(ROOT, source))));
  return Math.max(...sources) > built.mtimeMs;
}

async function start(): Promise<void> {
  if (await clientIsStale()) {
    console.log("Building the console (dist/client)...");
    await build({ configFile: path.join(ROOT, "vite.config.ts"), logLevel: "warn" });
  }
  await main();
}

start().catch((error: unknown) => {
  console.error("The console could not start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
