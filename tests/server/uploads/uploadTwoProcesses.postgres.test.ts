import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../src/server/db/connect.ts";
import { CSV_AUTHORI_COLUMNS } from "../../../src/server/uploads/csvAuthoriRows.ts";
import { CSV_NEGATIVE_ITEM_COLUMNS } from "../../../src/server/uploads/csvNegativeRows.ts";
import { uploadDb } from "../../../src/server/uploads/uploadTables.ts";
import { type ServerApp, serversOn } from "../helpers/serverProcesses.ts";
import { loginAs } from "../helpers/testApp.ts";
import { openTestDatabase, type TestDatabase, testBackends } from "../helpers/testBackends.ts";
import { csvText, rowOf, uploadFile } from "./uploadTestKit.ts";

/**
 * Scale-out, proved (issue 39 part 7): two server processes (each its own app and pool) take uploads
 * on one PostgreSQL; a separate worker process runs their jobs and is killed with SIGKILL mid-file;
 * another worker process takes the job over after its checkpoint. Every row is applied exactly once:
 * the events, manual history rows and negative entries written are counted.
 */
// PostgreSQL only (a *.postgres.test.ts file, left out without it): with CI=true it always runs.
const onPostgres = testBackends().includes("postgres") ? ["postgres" as const] : [];

const SCREENED = 2_500;
const UPDATED = 600;
const NEGATIVES = 2_500;

describe.each(onPostgres)("upload jobs across processes, one worker killed (%s)", (backend) => {
  let database: TestDatabase;
  const handles: DatabaseHandle[] = [];
  const apps: ServerApp[] = [];
  let servers: Awaited<ReturnType<typeof serversOn>> | undefined;
  const workers: ChildProcess[] = [];

  /** A worker process; resolves once it polls. */
  function startWorker(): Promise<ChildProcess> {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/uploadWorkerProcess.ts"], {
      env: { ...process.env, DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? "" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    workers.push(child);
    return new Promise((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`worker exited early (${code})`)));
      child.stdout?.on("data", (data: Buffer) => {
        if (data.toString().includes("ready")) resolve(child);
      });
    });
  }

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    servers = await serversOn(database, 2);
    handles.push(...servers.handles);
    apps.push(...servers.apps);
  }, 60_000);
  afterAll(async () => {
    for (const child of workers)
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await servers?.close();
    await database?.close();
  });

  it("continues a SIGKILLed worker's job after its checkpoint: no row twice, none lost", async () => {
    const [first, second] = apps;
    const db = handles[0]?.db;
    if (!first || !second || !db) throw new Error("two apps expected");
    const viaFirst = await loginAs(first, "DEMO", "admin@demo.example");
    const viaSecond = await loginAs(second, "DEMO", "admin@demo.example");
    const targets = await db
      .selectFrom("events")
      .select("event_id")
      .where("company_id", "=", "DEMO")
      .where("logically_deleted", "=", false)
      .orderBy("event_id")
      .limit(UPDATED)
      .execute();
    expect(targets).toHaveLength(UPDATED);

    const screening = await uploadFile(first, viaFirst, {
      fileType: "CsvAuthori",
      options: { priority: "10" },
      bytes: Buffer.from(
        csvText(
          CSV_AUTHORI_COLUMNS,
          Array.from({ length: SCREENED }, (_, i) =>
            rowOf(CSV_AUTHORI_COLUMNS, { shopEventId: `KILL-${i + 1}`, amount: String(1000 + i) }),
          ),
        ),
      ),
    });
    const update = await uploadFile(second, viaSecond, {
      fileType: "CsvUpdate",
      options: { uploadType: "10", manualResult: "30", reason: "kill-test" },
      bytes: Buffer.from(
        csvText(
          ["eventId"],
          targets.map((row) => [row.event_id]),
        ),
      ),
    });
    const negatives = await uploadFile(first, viaFirst, {
      fileType: "CsvNegativeItem",
      bytes: Buffer.from(
        csvText(
          CSV_NEGATIVE_ITEM_COLUMNS,
          Array.from({ length: NEGATIVES }, (_, i) =>
            rowOf(CSV_NEGATIVE_ITEM_COLUMNS, {
              customerType: "10",
              tel: `070-9${String(i).padStart(7, "0")}`,
            }),
          ),
        ),
      ),
    });
    const jobIds = [screening.jobId, update.jobId, negatives.jobId];
    const progress = () =>
      uploadDb(db)
        .selectFrom("upload_jobs")
        .select(["job_id", "checkpoint_row", "total_rows"])
        .where("company_id", "=", "DEMO")
        .where("job_id", "in", jobIds)
        .execute();

    const doomed = await startWorker();
    // Killed while the first job is part way: at least one batch committed, not the last.
    await expect
      .poll(
        async () => {
          const rows = await progress();
          const running = rows.find((row) => row.job_id === screening.jobId);
          return (running?.checkpoint_row ?? 0) > 0;
        },
        { timeout: 60_000, interval: 20 },
      )
      .toBe(true);
    doomed.kill("SIGKILL");
    await new Promise((resolve) => doomed.once("exit", resolve));
    const atKill = (await progress()).find((row) => row.job_id === screening.jobId);
    expect(atKill?.checkpoint_row ?? 0).toBeLessThan(SCREENED);

    await startWorker();
    await expect
      .poll(
        async () => {
          const states = await db.selectFrom("jobs").select("state").where("job_id", "in", jobIds).execute();
          return states.every((row) => row.state === "done");
        },
        { timeout: 120_000, interval: 250 },
      )
      .toBe(true);

    // The first job was taken over (its second run), the others ran once.
    const attempts = await db
      .selectFrom("jobs")
      .select(["job_id", "attempts"])
      .where("job_id", "in", jobIds)
      .execute();
    expect(attempts.find((row) => row.job_id === screening.jobId)?.attempts).toBe(2);
    const jobs = await uploadDb(db)
      .selectFrom("upload_jobs")
      .select(["job_id", "checkpoint_row", "applied_rows", "refused_rows"])
      .where("job_id", "in", jobIds)
      .execute();
    const byId = new Map(jobs.map((row) => [row.job_id, row]));
    expect(byId.get(screening.jobId)).toMatchObject({
      checkpoint_row: SCREENED,
      applied_rows: SCREENED,
      refused_rows: 0,
    });
    expect(byId.get(update.jobId)).toMatchObject({
      checkpoint_row: UPDATED,
      applied_rows: UPDATED,
      refused_rows: 0,
    });
    expect(byId.get(negatives.jobId)).toMatchObject({
      checkpoint_row: NEGATIVES,
      applied_rows: NEGATIVES,
      refused_rows: 0,
    });
    for (const jobId of jobIds) {
      const results = await uploadDb(db)
        .selectFrom("upload_row_results")
        .select((eb) => [
          eb.fn.countAll<string>().as("n"),
          eb.fn.count<string>("row_no").distinct().as("rows"),
        ])
        .where("job_id", "=", jobId)
        .executeTakeFirstOrThrow();
      expect(Number(results.n)).toBe(Number(results.rows));
    }
    const count = async (query: Promise<{ n: string | number | bigint }>) => Number((await query).n);
    expect(
      await count(
        db
          .selectFrom("events")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("company_id", "=", "DEMO")
          .where("shop_event_id", "like", "KILL-%")
          .where("auth_kind", "=", "csv")
          .where("busy_state", "is", null)
          .executeTakeFirstOrThrow(),
      ),
    ).toBe(SCREENED);
    expect(
      await count(
        db
          .selectFrom("event_manual_history")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("company_id", "=", "DEMO")
          .where("reason", "=", "kill-test")
          .executeTakeFirstOrThrow(),
      ),
    ).toBe(UPDATED);
    expect(
      await count(
        db
          .selectFrom("negatives")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("company_id", "=", "DEMO")
          .where("tel", "like", "070-9%")
          .executeTakeFirstOrThrow(),
      ),
    ).toBe(NEGATIVES);
  }, 240_000);
});
