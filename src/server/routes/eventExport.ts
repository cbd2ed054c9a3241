import type { FastifyInstance } from "fastify";
import { eventCsvExport, eventCsvExportStatus } from "../../contract/eventExport.ts";
import { sweepExpiredDownloads } from "../jobs/downloadLinks.ts";
import type { JobWorker } from "../jobs/jobWorker.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { eventExportJob } from "../services/eventExport/eventExportJob.ts";
import { EVENT_CSV_JOB } from "../services/eventExport/eventExportPayload.ts";
import { createEventExportService } from "../services/eventExport/eventExportService.ts";

/**
 * Event CSV output (spec section 2, event list): the request queues a background job and answers 008;
 * the status call follows the operator's own job and offers its download link when the file is ready.
 * The job itself (and the sweep of expired files) runs in the server's job worker.
 */
export function registerEventExportRoutes(app: FastifyInstance, deps: ServiceDeps, jobs: JobWorker): void {
  const service = createEventExportService(deps, jobs);
  jobs.register(EVENT_CSV_JOB, eventExportJob(deps));
  jobs.addSweeper("expired downloads", () => sweepExpiredDownloads(deps.db, deps.config.dataDir, deps.now()));

  registerCall(app, eventCsvExport, async ({ auth, telegram, lang }) => ({
    telegram: { jobId: await service.request(auth(), lang, telegram.selection, telegram.options) },
    messages: ["008"],
  }));

  registerCall(app, eventCsvExportStatus, async ({ auth, telegram }) => ({
    telegram: await service.status(auth(), telegram.jobId),
  }));
}
