import type { FastifyBaseLogger } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { runAsSystem, runAsTenant } from "../db/tenantContext.ts";
import { type ClaimedJob, JobFailure, type JobHandler } from "./jobTypes.ts";

export interface JobWorkerOptions {
  db: Kysely<Database>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for queued jobs (enqueuers also wake it). */
  pollMs?: number;
  /** How often a running job's heartbeat is refreshed. */
  heartbeatMs?: number;
  /** A running job whose heartbeat is older than this belongs to a dead process and is taken again. */
  staleAfterMs?: number;
  /** Runs of one job (crash, stop) after which it is given up as failed. */
  maxAttempts?: number;
  /** How often the sweepers (expired files and links) run. */
  sweepEveryMs?: number;
}

export interface JobWorker {
  /** The handler of one job kind; a kind without a handler is never claimed by this worker. */
  register(kind: string, handler: JobHandler): void;
  /** Housekeeping run now and then by the loop (e.g. deleting expired files). */
  addSweeper(name: string, task: () => Promise<unknown>): void;
  /** Starts the polling loop (the server does; tests may drive runNext instead). */
  start(): void;
  /** Stops the loop; a job still running is aborted and queued again for the next start. */
  stop(): Promise<void>;
  /** Tells an idle loop that a job was queued. */
  wake(): void;
  /** Claims and runs one job; false when none was waiting. */
  runNext(): Promise<boolean>;
  /** Runs jobs until none is waiting; answers how many ran. */
  drain(): Promise<number>;
  sweep(): Promise<void>;
}

interface JobRow {
  company_id: string;
  job_id: string;
  kind: string;
  payload: unknown;
  operator_id: number;
  created_at: Date | string;
  attempts: number;
}

const GIVEN_UP = "The job stopped repeatedly and was given up.";
const FAILED = "The job failed.";

/**
 * The background job worker of one server process: claims the oldest queued job of a kind it handles
 * (or a running one whose worker stopped beating, i.e. crashed) with FOR UPDATE SKIP LOCKED, so any
 * number of processes can share one database, runs its handler and records the result. Every write
 * after the claim is fenced by the attempt number, so a run that was given up for dead and taken over
 * can no longer change the job.
 */
export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, now, log } = options;
  const pollMs = options.pollMs ?? 1_000;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const sweepEveryMs = options.sweepEveryMs ?? 5 * 60_000;

  const handlers = new Map<string, JobHandler>();
  const sweepers = new Map<string, () => Promise<unknown>>();
  let loop: Promise<void> | undefined;
  let running = false;
  let wakeUp: (() => void) | undefined;
  let lastSweep = 0;
  const stopping = new AbortController();

  async function claim(): Promise<JobRow | undefined> {
    if (handlers.size === 0) return undefined;
    const at = now();
    const stale = new Date(at.getTime() - staleAfterMs);
    const { rows } = await sql<JobRow>`
      update jobs j
      set state = 'running', started_at = ${at}, heartbeat_at = ${at}, attempts = j.attempts + 1,
        error = null
      from (
        select company_id, job_id from jobs
        where kind in (${sql.join([...handlers.keys()])})
          and (state = 'queued' or (state = 'running' and heartbeat_at < ${stale}))
        order by created_at, job_id
        limit 1
        for update skip locked
      ) c
      where j.company_id = c.company_id and j.job_id = c.job_id
      returning j.company_id, j.job_id, j.kind, j.payload, j.operator_id, j.created_at, j.attempts`.execute(
      db,
    );
    return rows[0];
  }

  const fenced = (row: JobRow) =>
    db
      .updateTable("jobs")
      .where("company_id", "=", row.company_id)
      .where("job_id", "=", row.job_id)
      .where("state", "=", "running")
      .where("attempts", "=", row.attempts);

  async function run(row: JobRow): Promise<void> {
    const jobLog = log.child({ jobId: row.job_id, kind: row.kind, attempt: row.attempts });
    if (row.attempts > maxAttempts) {
      jobLog.error("job given up after repeated interrupted runs");
      await fenced(row).set({ state: "failed", finished_at: now(), error: GIVEN_UP }).execute();
      return;
    }
    const handler = handlers.get(row.kind);
    if (!handler) return;
    const job: ClaimedJob = {
      companyId: row.company_id,
      jobId: row.job_id,
      kind: row.kind,
      payload: typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload,
      operatorId: row.operator_id,
      createdAt: new Date(row.created_at),
      attempt: row.attempts,
    };
    const heartbeat = setInterval(() => {
      fenced(row)
        .set({ heartbeat_at: now() })
        .execute()
        .catch((error: unknown) => jobLog.warn({ err: error }, "job heartbeat failed"));
    }, heartbeatMs);
    try {
      const startedAt = Date.now();
      // The job's own work sees only its tenant's rows (row-level security); claiming and the
      // fenced bookkeeping around it stay in the system context.
      const result = await runAsTenant(job.companyId, () =>
        handler(job, { signal: stopping.signal, log: jobLog }),
      );
      await fenced(row)
        .set({ state: "done", finished_at: now(), result: JSON.stringify(result ?? null) })
        .execute();
      jobLog.info({ ms: Date.now() - startedAt }, "job done");
    } catch (error) {
      if (stopping.signal.aborted) {
        // The server is closing: leave the job for the next start rather than failing it.
        jobLog.info("job interrupted by shutdown; queued again");
        await fenced(row).set({ state: "queued", heartbeat_at: null }).execute();
        return;
      }
      jobLog.error({ err: error }, "job failed");
      const message = error instanceof JobFailure ? error.message : FAILED;
      await fenced(row).set({ state: "failed", finished_at: now(), error: message }).execute();
    } finally {
      clearInterval(heartbeat);
    }
  }

  // Claiming looks at every tenant's jobs: system context even when called from a tenant's work.
  const runNext = (): Promise<boolean> =>
    runAsSystem(async () => {
      const row = await claim();
      if (!row) return false;
      await run(row);
      return true;
    });

  // Sweepers clean up after every tenant: system context.
  const sweep = (): Promise<void> =>
    runAsSystem(async () => {
      for (const [name, task] of sweepers) {
        try {
          await task();
        } catch (error) {
          log.error({ err: error, sweeper: name }, "job sweeper failed");
        }
      }
    });

  async function pollLoop(): Promise<void> {
    while (running) {
      let worked = false;
      try {
        worked = await runNext();
      } catch (error) {
        if (!running) break;
        log.error({ err: error }, "job claim failed");
      }
      if (Date.now() - lastSweep >= sweepEveryMs) {
        lastSweep = Date.now();
        await sweep();
      }
      if (!worked && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = undefined;
      }
    }
  }

  return {
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    addSweeper(name, task) {
      sweepers.set(name, task);
    },
    start() {
      if (loop) return;
      running = true;
      loop = pollLoop();
    },
    async stop() {
      running = false;
      stopping.abort();
      wakeUp?.();
      await loop;
      loop = undefined;
    },
    wake() {
      wakeUp?.();
    },
    runNext,
    async drain() {
      let count = 0;
      while (await runNext()) count += 1;
      return count;
    },
    sweep,
  };
}
