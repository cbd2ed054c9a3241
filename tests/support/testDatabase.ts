import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../src/server/db/connect.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { seedDemo } from "../../src/server/seed/demoSeed.ts";
import { loadCredentialCipher } from "../../src/server/services/credentialCipher.ts";

/**
 * A migrated, demo-seeded PGlite data directory, built once and copied per test: PGlite's first open
 * of a new directory takes ~7 s, reopening a copy ~0.5 s. The directories returned here are DATA_DIR
 * values (the database itself sits in <dir>/pglite), ready for startServer or the server's env.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CACHE_DIR = path.join(ROOT, ".tmp");
/** Demo events of DEMO in test databases (ACME gets 15%): enough for every result, quick to build. */
export const TEST_DEMO_EVENTS = 600;

// Whatever shapes the seeded database: migrations, seed, the services it calls, the contract's screens.
const TEMPLATE_INPUTS = [
  "src/server/db/migrations",
  "src/server/seed",
  "src/server/services/standardRoles.ts",
  "src/server/db/migrate.ts",
  "src/server/services/tenantService.ts",
  "src/server/services/passwordHasher.ts",
  "src/server/services/apiConnectionService.ts",
  "src/server/services/credentialCipher.ts",
  "src/server/screening",
  "src/contract/screens.ts",
  "src/contract/codes.ts",
];

async function filesUnder(relative: string): Promise<string[]> {
  const absolute = path.join(ROOT, relative);
  if (!(await stat(absolute)).isDirectory()) return [relative];
  const entries = await readdir(absolute, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(path.join(relative, entry.name)) : [path.join(relative, entry.name)],
    ),
  );
  return nested.flat().sort();
}

/** Fingerprint of the template inputs; the day is included so the seed's relative dates stay fresh. */
async function templateKey(): Promise<string> {
  const digest = createHash("sha256");
  for (const input of TEMPLATE_INPUTS) {
    for (const file of await filesUnder(input)) {
      digest.update(file);
      digest.update(await readFile(path.join(ROOT, file)));
    }
  }
  digest.update(new Date().toISOString().slice(0, 10));
  return digest.digest("hex").slice(0, 16);
}

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  );

let pending: Promise<string> | undefined;

/** Path of the template DATA_DIR, building it when missing or when its inputs changed. */
export function ensurePgliteTemplate(): Promise<string> {
  pending ??= buildTemplate();
  return pending;
}

async function buildTemplate(): Promise<string> {
  const key = await templateKey();
  const target = path.join(CACHE_DIR, `pglite-template-${key}`);
  if (await exists(target)) return target;

  await mkdir(CACHE_DIR, { recursive: true });
  // Build beside the target and rename, so a concurrent builder (server and e2e setups) never sees
  // a half-built template; whoever renames first wins and the other copy is dropped.
  const building = await mkdtemp(path.join(CACHE_DIR, "pglite-building-"));
  const handle = await openDatabase({ dataDir: building });
  try {
    await migrate(handle.db);
    // The key file is made in the template, so every copy decrypts the seeded API secrets.
    await seedDemo(
      handle.db,
      await loadCredentialCipher({ dataDir: building, databaseUrl: undefined, credentialKey: undefined }),
      new Date(),
      { events: TEST_DEMO_EVENTS },
    );
  } finally {
    await handle.close();
  }
  try {
    await rename(building, target);
  } catch (error) {
    if (!(await exists(target))) throw error;
    await rm(building, { recursive: true, force: true });
  }
  await removeStaleTemplates(target);
  return target;
}

async function removeStaleTemplates(current: string): Promise<void> {
  for (const name of await readdir(CACHE_DIR)) {
    const candidate = path.join(CACHE_DIR, name);
    if (name.startsWith("pglite-template-") && candidate !== current) {
      await rm(candidate, { recursive: true, force: true });
    }
  }
}

/** A private copy of the template in a new temporary directory, usable as DATA_DIR. */
export async function freshDataDir(): Promise<string> {
  const template = await ensurePgliteTemplate();
  const dir = await mkdtemp(path.join(os.tmpdir(), "console-data-"));
  await cp(template, dir, { recursive: true });
  return dir;
}

/** Removes a directory made by freshDataDir. */
export const removeDataDir = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true });
