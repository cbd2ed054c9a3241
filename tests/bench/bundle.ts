/**
 * Bundle benchmark (a) (part of `npm run bench`, or alone: `npx tsx tests/bench/bundle.ts`): what
 * Chromium receives for /v3/login from the real server, headers included (CDP Network.loadingFinished
 * encodedDataLength), per JS and CSS file and in all, beside the brotli and gzip sizes of the same
 * built files (the best the server can send: the ratio shows the delivery matches the build); the lazy
 * chunks /v3/login does not load are listed with theirs. Targets: JS transferred <= 150 KB, CSS <= 40 KB.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { launchBrowser } from "../support/browser.ts";
import { buildIfStale } from "../support/buildIfStale.ts";
import { REPO_ROOT, startServerProcess } from "../support/serverProcess.ts";
import { freshDataDir, removeDataDir } from "../support/testDatabase.ts";
import type { BenchRow } from "./screening.ts";

const KB = 1024;
const TARGETS = { js: 150 * KB, css: 40 * KB } as const;
type Kind = keyof typeof TARGETS;

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

interface BuiltFile {
  name: string;
  kind: Kind;
  raw: number;
  gzip: number;
  brotli: number;
}

interface Received {
  kind: Kind;
  /** Bytes on the wire, headers included. */
  transferred: number;
  /** The Content-Encoding it came with ("identity" without one). */
  encoding: string;
}

/** Every JS and CSS file of the build, with its gzip (level 9) and brotli (quality 11) sizes. */
function builtFiles(): BuiltFile[] {
  const assetsDir = path.join(REPO_ROOT, "dist/client/assets");
  return readdirSync(assetsDir)
    .filter((name) => name.endsWith(".js") || name.endsWith(".css"))
    .map((name) => {
      const body = readFileSync(path.join(assetsDir, name));
      return {
        name,
        kind: name.endsWith(".js") ? "js" : "css",
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        brotli: brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }).length,
      };
    });
}

/** The JS and CSS responses /v3/login loads in a fresh context (no cache), by file name. */
async function receivedByLogin(serverUrl: string): Promise<Map<string, Received>> {
  const browser = await launchBrowser();
  const received = new Map<string, Received>();
  try {
    const { context, page } = await browser.newPage("en");
    const cdp = await context.newCDPSession(page);
    const responses = new Map<string, { name: string; kind: Kind; encoding: string }>();
    cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
      const url = new URL(response.url);
      const kind = type === "Script" ? "js" : type === "Stylesheet" ? "css" : null;
      if (!kind || url.origin !== serverUrl) return;
      const headers = Object.fromEntries(
        Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
      );
      responses.set(requestId, {
        name: path.basename(url.pathname),
        kind,
        encoding: headers["content-encoding"] ?? "identity",
      });
    });
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      const response = responses.get(requestId);
      if (response)
        received.set(response.name, {
          kind: response.kind,
          transferred: encodedDataLength,
          encoding: response.encoding,
        });
    });
    await cdp.send("Network.enable");
    await page.goto(`${serverUrl}/v3/login`, { waitUntil: "networkidle" });
    await page.waitForTimeout(500);
  } finally {
    await browser.close();
  }
  return received;
}

export async function bundleBenchmark(serverUrl: string): Promise<BenchRow[]> {
  const received = await receivedByLogin(serverUrl);
  const built = builtFiles();
  const byName = new Map(built.map((file) => [file.name, file]));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

  console.log(
    "\n(a) files loaded by /v3/login: transferred (headers included), encoding; the build's brotli / gzip / raw:",
  );
  for (const [name, item] of [...received.entries()].sort()) {
    const file = byName.get(name);
    const sizes = file
      ? `br ${kb(file.brotli)} / gzip ${kb(file.gzip)} / raw ${kb(file.raw)}`
      : "not in the build";
    console.log(
      `    ${item.kind.padEnd(3)} ${kb(item.transferred).padStart(9)} ${item.encoding.padEnd(8)}  (${sizes})  ${name}`,
    );
  }
  const lazy = built.filter((file) => !received.has(file.name)).sort((a, b) => b.brotli - a.brotli);
  console.log(
    `(a) lazy chunks not loaded by /v3/login (${lazy.length}; br ${kb(sum(lazy.map((f) => f.brotli)))}, gzip ${kb(sum(lazy.map((f) => f.gzip)))} in all):`,
  );
  for (const file of lazy) {
    console.log(
      `    ${file.kind.padEnd(3)} br ${kb(file.brotli).padStart(9)}  gzip ${kb(file.gzip).padStart(9)}  (raw ${kb(file.raw)})  ${file.name}`,
    );
  }

  return (["js", "css"] as const).map((kind) => {
    const loaded = [...received.entries()].filter(([, item]) => item.kind === kind);
    const transferred = sum(loaded.map(([, item]) => item.transferred));
    const files = loaded.map(([name]) => byName.get(name)).filter((file) => file !== undefined);
    const brotli = sum(files.map((file) => file.brotli));
    const gzip = sum(files.map((file) => file.gzip));
    const raw = sum(files.map((file) => file.raw));
    return {
      metric: `(a) ${kind.toUpperCase()} transferred for /v3/login (${loaded.length} files, headers included)`,
      value: kb(transferred),
      baseline: `${kb(brotli)} br, ${kb(gzip)} gzip, ${kb(raw)} raw (same files)`,
      ratio: brotli > 0 ? `${(transferred / brotli).toFixed(2)}x` : "n/a",
      target: `<= ${kb(TARGETS[kind])}`,
      verdict: transferred <= TARGETS[kind] ? "ok" : "OVER",
    };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildIfStale();
  const dataDir = await freshDataDir();
  const server = await startServerProcess({ dataDir, consoleEnv: "DEV" });
  try {
    for (const row of await bundleBenchmark(server.url)) console.log(row);
  } finally {
    await server.stop();
    await removeDataDir(dataDir);
  }
  process.exit(0);
}
