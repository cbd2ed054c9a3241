import { sql } from "kysely";
import type { Lang } from "../../../contract/envelope.ts";
import { ERROR } from "../../../contract/errors.ts";
import type { CsvExportOptions, CsvJobStatus } from "../../../contract/eventExport.ts";
import { EVENT_SELECTION_LIMIT, type EventSelection } from "../../../contract/eventSearch.ts";
import { japanStamp } from "../../../contract/japanTime.ts";
import { ApiError } from "../../apiError.ts";
import { createDownloadLink, downloadPath } from "../../jobs/downloadLinks.ts";
import { findOwnJob } from "../../jobs/jobQueue.ts";
import type { JobWorker } from "../../jobs/jobWorker.ts";
import type { ServiceDeps } from "../deps.ts";
import { selectionEvents } from "../eventSearch/matchingEvents.ts";
import { checkSearchModel } from "../eventSearch/searchModel.ts";
import type { AuthContext } from "../sessionService.ts";
import { csvContentType, csvDelimiterOf, csvFileExtension } from "./csvFileWriter.ts";
import {
  EVENT_CSV_JOB,
  type EventExportPayload,
  eventExportPayloadSchema,
  eventExportResultSchema,
} from "./eventExportPayload.ts";
import { queueCsvOutput } from "./queueCsvOutput.ts";

export interface EventExportService {
  /** Checks the selection and options and queues the job; answers its ID. */
  request(
    auth: AuthContext & { sourceIp: string },
    lang: Lang,
    selection: EventSelection,
    options: CsvExportOptions,
  ): Promise<string>;
  /** The operator's own job; 963 for another operator's or tenant's. */
  status(auth: AuthContext, jobId: string): Promise<CsvJobStatus>;
}

export function createEventExportService(
  deps: ServiceDeps,
  jobs: Pick<JobWorker, "wake">,
): EventExportService {
  const { db, now } = deps;

  /** How many events the selection holds (counted up to one past the limit) and whether of one model. */
  async function probe(companyId: string, selection: EventSelection, asOf: Date) {
    const limited = selectionEvents(db, companyId, selection)
      .select("e.model_id")
      .where("e.created_at", "<=", asOf)
      .limit(EVENT_SELECTION_LIMIT + 1)
      .as("s");
    return db
      .selectFrom(limited)
      .select([
        sql<number>`count(*)::int`.as("count"),
        sql<number>`count(distinct s.model_id)::int`.as("models"),
      ])
      .executeTakeFirstOrThrow();
  }

  return {
    async request(auth, lang, selection, options) {
      const groups = [...new Set(options.groups)];
      if (groups.length === 0) throw new ApiError(ERROR.noItemSelected);
      if (selection.kind === "search")
        await checkSearchModel(
          db,
          auth.companyId,
          selection.search,
          lang,
          "telegram.selection.search.modelId",
        );
      const asOf = now();
      const { count, models } = await probe(auth.companyId, selection, asOf);
      if (selection.kind === "ids" && count < new Set(selection.eventIds).size) {
        // An ID of another tenant (or none at all) is simply not found, never told apart.
        throw new ApiError(ERROR.notFound);
      }
      if (count === 0) throw new ApiError(ERROR.noDataFound);
      if (count > EVENT_SELECTION_LIMIT)
        throw new ApiError(ERROR.tooManyRows, [{}], { max: EVENT_SELECTION_LIMIT.toLocaleString("en-US") });
      if (models > 1) throw new ApiError(ERROR.multipleModels);

      const payload: EventExportPayload = {
        selection,
        options: { ...options, groups },
        lang,
        asOf: asOf.toISOString(),
        rowCount: count,
        fileName: `eventList_${japanStamp(asOf)}${csvFileExtension(csvDelimiterOf(options.delimiter))}`,
      };
      const job = {
        companyId: auth.companyId,
        operatorId: auth.operatorId,
        kind: EVENT_CSV_JOB,
        payload,
        now: asOf,
      };
      // The audit row says how many events and which column groups, never the rows.
      return queueCsvOutput(db, jobs, auth, job, { rowCount: count, groups, fileName: payload.fileName });
    },

    async status(auth, jobId) {
      const job = await findOwnJob(
        db,
        { companyId: auth.companyId, operatorId: auth.operatorId, kind: EVENT_CSV_JOB },
        jobId,
      );
      if (!job) throw new ApiError(ERROR.notFound);
      const payload = eventExportPayloadSchema.parse(job.payload);
      const parsedResult = job.state === "done" ? eventExportResultSchema.safeParse(job.result) : undefined;
      const result = parsedResult?.success ? parsedResult.data : undefined;
      const expiresAt = result ? new Date(result.expiresAt) : null;
      let downloadUrl: string | null = null;
      if (result && expiresAt && expiresAt > now()) {
        // Tokens are stored hashed, so the page gets a link of its own, expiring with the mailed one.
        const token = await createDownloadLink(db, {
          companyId: auth.companyId,
          operatorId: auth.operatorId,
          jobId,
          filePath: result.filePath,
          fileName: result.fileName,
          contentType: csvContentType(csvDelimiterOf(payload.options.delimiter), payload.options.encoding),
          now: now(),
          expiresAt,
        });
        downloadUrl = downloadPath(token);
      }
      return {
        jobId,
        state: job.state,
        rowCount: result?.rowCount ?? payload.rowCount,
        fileName: result?.fileName ?? payload.fileName,
        downloadUrl,
        expiresAt: expiresAt?.toISOString() ?? null,
      };
    },
  };
}
