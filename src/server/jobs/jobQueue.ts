import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export interface NewJob {
  companyId: string;
  operatorId: number;
  kind: string;
  payload: unknown;
  now: Date;
}

/** Stores a queued job and answers its ID; a worker (jobWorker.ts) picks it up. */
export async function enqueueJob(db: Kysely<Database>, job: NewJob): Promise<string> {
  const jobId = randomUUID();
  await db
    .insertInto("jobs")
    .values({
      company_id: job.companyId,
      job_id: jobId,
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      operator_id: job.operatorId,
      created_at: job.now,
      started_at: null,
      finished_at: null,
      heartbeat_at: null,
      error: null,
      result: null,
    })
    .execute();
  return jobId;
}

/** An operator's own job of one kind; undefined for another operator's, another tenant's or an unknown ID. */
export async function findOwnJob(
  db: Kysely<Database>,
  scope: { companyId: string; operatorId: number; kind: string },
  jobId: string,
) {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("company_id", "=", scope.companyId)
    .where("operator_id", "=", scope.operatorId)
    .where("kind", "=", scope.kind)
    .where("job_id", "=", jobId)
    .executeTakeFirst();
}
