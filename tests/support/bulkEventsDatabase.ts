import { cp, mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../../src/server/db/connect.ts";
import { ensurePgliteTemplate } from "./testDatabase.ts";

/**
 * A copy of the demo template with many more events in DEMO, for the one e2e test that needs more
 * than the selection limit (select all above 150,000 opens the split-period dialog). The events are
 * minimal rows (no parties, items or fired rules) inserted by one generate_series statement, all in
 * BULK_EVENTS_YEAR so a date range finds exactly them; built once per template and cached beside it.
 */
export const BULK_EVENTS_YEAR = 2020;
export const BULK_MODEL_ID = "MODEL01";

const PREFIX = "pglite-bulk-";

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  );

/** Inserts `count` events of DEMO, one a minute from BULK_EVENTS_YEAR-01-01 00:00 Japan time. */
async function insertBulkEvents(dataDir: string, count: number): Promise<void> {
  const handle = await openDatabase({ dataDir });
  try {
    await sql`
      insert into events (company_id, event_id, shop_event_id, model_id, auth_status, aaresult,
                          created_at, requested_at, amount)
      select 'DEMO', 'BULK' || lpad(i::text, 9, '0'), 'BULK-SHOP-' || i, ${BULK_MODEL_ID}, '00',
             (array['OK', 'NG', 'HOLD', 'REVIEW'])[1 + i % 4],
             ts, ts, 1000 + i % 50000
      from generate_series(1, ${count}::int) as i,
           lateral (select ${`${BULK_EVENTS_YEAR}-01-01T00:00:00+09:00`}::timestamptz
                           + make_interval(mins => i) as ts) as t`.execute(handle.db);
    await sql`analyze events`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

let pending: Promise<string> | undefined;
let pendingCount: number | undefined;

/** Path of a template DATA_DIR with `count` extra DEMO events, built when missing. */
export function ensureBulkTemplate(count: number): Promise<string> {
  if (pending && pendingCount === count) return pending;
  pendingCount = count;
  pending = buildBulkTemplate(count);
  return pending;
}

async function buildBulkTemplate(count: number): Promise<string> {
  const template = await ensurePgliteTemplate();
  const cacheDir = path.dirname(template);
  const target = path.join(
    cacheDir,
    `${PREFIX}${path.basename(template).replace(/^pglite-template-/, "")}-${count}`,
  );
  if (await exists(target)) return target;
  await mkdir(cacheDir, { recursive: true });
  const building = await mkdtemp(path.join(cacheDir, "pglite-building-bulk-"));
  await cp(template, building, { recursive: true });
  const started = Date.now();
  await insertBulkEvents(building, count);
  console.log(`[e2e] ${count} bulk events inserted into a template copy in ${Date.now() - started} ms`);
  try {
    await rename(building, target);
  } catch (error) {
    if (!(await exists(target))) throw error;
    await rm(building, { recursive: true, force: true });
  }
  // Bulk copies of older templates are stale.
  for (const name of await readdir(cacheDir)) {
    const candidate = path.join(cacheDir, name);
    if (name.startsWith(PREFIX) && candidate !== target)
      await rm(candidate, { recursive: true, force: true });
  }
  return target;
}

/** A private copy of the bulk template in a new temporary directory, usable as DATA_DIR. */
export async function freshBulkDataDir(count: number): Promise<string> {
  const template = await ensureBulkTemplate(count);
  const dir = await mkdtemp(path.join(os.tmpdir(), "console-bulk-data-"));
  await cp(template, dir, { recursive: true });
  return dir;
}
