import type { Kysely } from "kysely";
import { operatorActor } from "../../audit/operatorActor.ts";
import { recordAudit } from "../../audit/recordAudit.ts";
import type { Database } from "../../db/schema.ts";
import { enqueueJob, type NewJob } from "../../jobs/jobQueue.ts";
import type { JobWorker } from "../../jobs/jobWorker.ts";
import type { AuthContext } from "../sessionService.ts";

/**
 * Queues a CSV output job (the event list's, the negative list's) and its "csvOutput" audit row in
 * one transaction, then wakes the worker: a request is never audited without its job, nor the other
 * way round. `after` says what was asked for, never the rows.
 */
export async function queueCsvOutput(
  db: Kysely<Database>,
  jobs: Pick<JobWorker, "wake">,
  auth: AuthContext & { sourceIp: string },
  job: NewJob,
  after: Record<string, unknown>,
): Promise<string> {
  const jobId = await db.transaction().execute(async (trx) => {
    const queued = await enqueueJob(trx, job);
    const actor = await operatorActor(trx, auth);
    await recordAudit(trx, { ...actor, at: job.now, action: "csvOutput", target: `job:${queued}`, after });
    return queued;
  });
  jobs.wake();
  return jobId;
}
