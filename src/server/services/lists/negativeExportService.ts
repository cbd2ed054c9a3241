import { ERROR } from "../../../contract/errors.ts";
import type { CsvEncoding } from "../../../contract/eventExport.ts";
import { splitValues } from "../../../contract/eventSearch.ts";
import { japanStamp } from "../../../contract/japanTime.ts";
import type { NegativeCsvStatus, NegativeSearchParsed } from "../../../contract/negativeList.ts";
import { ApiError } from "../../apiError.ts";
import { createDownloadLink, downloadPath } from "../../jobs/downloadLinks.ts";
import { findOwnJob } from "../../jobs/jobQueue.ts";
import type { JobWorker } from "../../jobs/jobWorker.ts";
import type { ServiceDeps } from "../deps.ts";
import { csvContentType } from "../eventExport/csvFileWriter.ts";
import { queueCsvOutput } from "../eventExport/queueCsvOutput.ts";
import type { AuthContext } from "../sessionService.ts";
import {
  NEGATIVE_CSV_JOB,
  type NegativeExportPayload,
  negativeExportPayloadSchema,
  negativeExportResultSchema,
} from "./negativeExportPayload.ts";

export interface NegativeExportService {
  /** Queues the CSV output of every entry of the search, audited with it; answers the job's ID. */
  request(
    auth: AuthContext & { sourceIp: string },
    search: NegativeSearchParsed,
    encoding: CsvEncoding,
  ): Promise<string>;
  /** The operator's own job; 963 for another operator's or tenant's. */
  status(auth: AuthContext, jobId: string): Promise<NegativeCsvStatus>;
  /** A download link of the finished job's file (963 unknown or not done, downloadExpired past its time). */
  link(auth: AuthContext, jobId: string): Promise<{ downloadUrl: string; expiresAt: string }>;
}

/**
 * The negative list's CSV output as a background job, the way the event CSV output does it
 * (eventExportService.ts): the request queues the job and its audit row in one transaction, the
 * status call follows the operator's own job, and the link call hands out a download link of its
 * file (jobs/downloadLinks.ts: tenant and operator bound, expiring with the file).
 */
export function createNegativeExportService(
  deps: ServiceDeps,
  jobs: Pick<JobWorker, "wake">,
): NegativeExportService {
  const { db, now } = deps;

  const ownJob = async (auth: AuthContext, jobId: string) => {
    const job = await findOwnJob(
      db,
      { companyId: auth.companyId, operatorId: auth.operatorId, kind: NEGATIVE_CSV_JOB },
      jobId,
    );
    if (!job) throw new ApiError(ERROR.notFound);
    const payload = negativeExportPayloadSchema.parse(job.payload);
    const parsed = job.state === "done" ? negativeExportResultSchema.safeParse(job.result) : undefined;
    return { job, payload, result: parsed?.success ? parsed.data : undefined };
  };

  return {
    async request(auth, search, encoding) {
      const asOf = now();
      const payload: NegativeExportPayload = {
        search,
        encoding,
        asOf: asOf.toISOString(),
        fileName: `negativeList_${japanStamp(asOf)}.csv`,
      };
      const job = {
        companyId: auth.companyId,
        operatorId: auth.operatorId,
        kind: NEGATIVE_CSV_JOB,
        payload,
        now: asOf,
      };
      // The request and its audit row together: what was asked for (the item type, how many values,
      // the dates, the encoding), never the values or the entries themselves.
      return queueCsvOutput(db, jobs, auth, job, {
        list: "negative",
        item: search.item,
        valueCount: splitValues(search.values).length,
        updatedFrom: search.updatedFrom,
        updatedTo: search.updatedTo,
        expiringSoon: search.expiringSoon,
        encoding,
        fileName: payload.fileName,
      });
    },

    async status(auth, jobId) {
      const { job, payload, result } = await ownJob(auth, jobId);
      return {
        jobId,
        state: job.state,
        rowCount: result?.rowCount ?? null,
        fileName: result?.fileName ?? payload.fileName,
        expiresAt: result?.expiresAt ?? null,
      };
    },

    async link(auth, jobId) {
      const { payload, result } = await ownJob(auth, jobId);
      const at = now();
      // Not (yet) a file: the same 963 as an unknown job; its time over: the download links' 410.
      if (!result) throw new ApiError(ERROR.notFound);
      if (new Date(result.expiresAt) <= at) throw new ApiError(ERROR.downloadExpired);
      // Tokens are stored hashed: each request gets a link of its own, expiring with the file.
      const token = await createDownloadLink(db, {
        companyId: auth.companyId,
        operatorId: auth.operatorId,
        jobId,
        filePath: result.filePath,
        fileName: result.fileName,
        contentType: csvContentType(",", payload.encoding),
        now: at,
        expiresAt: new Date(result.expiresAt),
      });
      return { downloadUrl: downloadPath(token), expiresAt: result.expiresAt };
    },
  };
}
