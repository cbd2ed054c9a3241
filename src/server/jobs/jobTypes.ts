import type { FastifyBaseLogger } from "fastify";

/** A job as its handler receives it, after a worker claimed it. */
export interface ClaimedJob {
  companyId: string;
  jobId: string;
  kind: string;
  /** The job's input as stored; each handler validates it with its own schema. */
  payload: unknown;
  operatorId: number;
  createdAt: Date;
  /** 1 on the first run; more when a crashed or stopped run is taken up again. */
  attempt: number;
}

export interface JobContext {
  /** Aborted when the server stops: the handler gives up and the job is queued again. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/** Runs one kind of job; what it returns is stored as the job's result (JSON). */
export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<unknown>;

/**
 * A failure the operator may be told about: its text is stored as the job's error. Any other error
 * is stored as a generic failure (its details go to the log only).
 */
export class JobFailure extends Error {
  override name = "JobFailure";
}
