import pg from "pg";
import { openDatabase } from "../../src/server/db/connect.ts";
import { migrate } from "../../src/server/db/migrate.ts";
import { csvUpdateRowHandler } from "../../src/server/uploads/csvUpdateRows.ts";
import { freshDataDir, removeDataDir } from "../support/testDatabase.ts";
import { benchDatabaseUrl } from "./benchDatabase.ts";
import { benchUploadPipeline, rssGrowthRow, timedUpload } from "./benchUploads.ts";
import type { BenchRow } from "./screening.ts";

const COMPANY = "DEMO";
const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
const TARGET = 5_000;
/** The bench's own label: the run registers it, the clean-up takes it off again. */
const LABEL = { id: "BENCHCSVUPD", name: "CSV update bench" };

/**
 * The events the run updates: ROWS of DEMO's that a CSV update may change (not deleted, held by no
 * job, no edit lock), newest first, their result and labels saved in a table of the bench's own so
 * the clean-up restores them.
 */
async function chooseEvents(client: pg.Client): Promise<string[]> {
  await client.query("drop table if exists csv_update_bench_before");
  await client.query(
    `create table csv_update_bench_before as
     select e.event_id, e.maresult, e.label_names from events e
     where e.company_id = $1 and not e.logically_deleted and e.busy_state is null
       and not exists (select 1 from event_edit_locks k where k.company_id = e.company_id and k.event_id = e.event_id)
     order by e.event_id desc limit $2`,
    [COMPANY, ROWS],
  );
  const { rows } = await client.query<{ event_id: string }>(
    "select event_id from csv_update_bench_before order by event_id desc",
  );
  return rows.map((row) => row.event_id);
}

/** The same change in bare SQL on the same rows, rolled back: ms. */
async function sqlBaseline(
  client: pg.Client,
  eventIds: readonly string[],
  operatorId: number,
): Promise<number> {
  await client.query("begin");
  try {
    const started = performance.now();
    await client.query(
      `update events set maresult = '20', version = version + 1, updated_at = now()
       where company_id = $1 and event_id = any($2::text[])`,
      [COMPANY, eventIds],
    );
    await client.query(
      `insert into event_manual_history (company_id, event_id, updated_at, result, reason, operator_id, operator_name, memo, label_names)
       select company_id, event_id, now(), '20', 'bench', $3, 'bench', null, label_names
       from events where company_id = $1 and event_id = any($2::text[])`,
      [COMPANY, eventIds, operatorId],
    );
    return performance.now() - started;
  } finally {
    await client.query("rollback");
  }
}

/** Undoes the run: the events' result and labels as saved, its history rows gone, its label removed. */
async function cleanUp(client: pg.Client, since: Date): Promise<void> {
  await client.query("begin");
  await client.query(
    `update events e set maresult = b.maresult, label_names = b.label_names
     from csv_update_bench_before b where e.company_id = $1 and e.event_id = b.event_id`,
    [COMPANY],
  );
  await client.query(
    `delete from event_manual_history h using csv_update_bench_before b
     where h.company_id = $1 and h.event_id = b.event_id and h.updated_at >= $2 and h.reason = 'CSV update bench'`,
    [COMPANY, since],
  );
  await client.query("delete from event_labels where company_id = $1 and label_id = $2", [COMPANY, LABEL.id]);
  await client.query("commit");
  await client.query("drop table if exists csv_update_bench_before");
  await client.query("vacuum (analyze) events");
  await client.query("vacuum (analyze) event_manual_history");
}

export async function csvUpdateBenchmark(): Promise<BenchRow[]> {
  const url = await benchDatabaseUrl();
  const dataDir = await freshDataDir();
  const handle = await openDatabase({ dataDir, databaseUrl: url });
  const client = new pg.Client({ connectionString: url });
  const rows: BenchRow[] = [];
  const since = new Date();
  let chosen = false;
  try {
    await migrate(handle.db);
    await client.connect();
    const operator = await handle.db
      .selectFrom("operators")
      .select(["id", "role_id"])
      .where("company_id", "=", COMPANY)
      .orderBy("id")
      .executeTakeFirst();
    const stored = await handle.db
      .selectFrom("events")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("company_id", "=", COMPANY)
      .executeTakeFirstOrThrow();
    console.log(
      `\n(l) CSV update of ${ROWS.toLocaleString("en-US")} events (manual result NG with reason, a label); ${COMPANY} holds ${Number(stored.n).toLocaleString("en-US")} events (${url.includes("host=") ? "Unix socket" : "TCP"})`,
    );
    if (!operator) {
      console.log(
        "  no DEMO operator in the bench database: run the screening benchmark first (it seeds it)",
      );
      return rows;
    }
    await client.query(
      `insert into labels (company_id, label_id, name, display_order, created_at)
       values ($1, $2, $3, 999, now()) on conflict do nothing`,
      [COMPANY, LABEL.id, LABEL.name],
    );
    const eventIds = await chooseEvents(client);
    chosen = true;
    if (eventIds.length < ROWS) console.log(`  only ${eventIds.length} events can be updated`);
    const baselineMs = await sqlBaseline(client, eventIds, operator.id);

    const pipeline = benchUploadPipeline(handle.db, dataDir, ROWS, csvUpdateRowHandler);
    const auth = { companyId: COMPANY, operatorId: operator.id, roleId: operator.role_id, secretHash: "" };
    const {
      status,
      elapsedMs: elapsed,
      rssBefore,
      growthMb,
    } = await timedUpload(
      pipeline,
      auth,
      "CsvUpdate",
      Buffer.from(`eventId\r\n${eventIds.join("\r\n")}\r\n`),
      { uploadType: "10", manualResult: "20", reason: "CSV update bench", labelIds: [LABEL.id] },
    );
    const count = eventIds.length;
    const perSecond = (count * 1000) / elapsed;
    const sqlPerSecond = (count * 1000) / baselineMs;
    console.log(
      `  ${status.state}, ${status.appliedRows} applied, ${status.refusedRows} refused in ${(elapsed / 1000).toFixed(1)} s; bare SQL ${baselineMs.toFixed(0)} ms`,
    );
    rows.push(
      {
        metric: "(l) CSV update rows/s",
        value: perSecond.toFixed(0),
        baseline: `bare SQL ${sqlPerSecond.toFixed(0)}/s`,
        ratio: `${(sqlPerSecond / perSecond).toFixed(1)}x slower`,
        target: `>= ${TARGET}`,
        verdict: perSecond >= TARGET && status.appliedRows === count ? "ok" : "UNDER",
      },
      rssGrowthRow("(l) CSV update RSS growth", rssBefore, growthMb),
    );
    return rows;
  } finally {
    if (chosen) await cleanUp(client, since).catch((error) => console.error("  clean-up failed", error));
    await client.end().catch(() => undefined);
    await handle.close();
    await removeDataDir(dataDir);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await csvUpdateBenchmark()) console.log(row);
  process.exit(0);
}
