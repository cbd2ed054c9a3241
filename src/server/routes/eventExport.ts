import type { FastifyInstance } from "fastify";
import { eventCsvExport, eventCsvExportStatus } from "../../contract/eventExport.ts";
import type { JobWorker } from "../jobs/jobWorker.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { createEventExportService } from "../services/eventExport/eventExportService.ts";

/**
 * Event CSV output (spec section 2, event list): the request queues a background job and answers 008;
 * the status call follows the operator's own job and offers its download link when the file is ready.
 * The job itself (and the sweep of expired files) runs in the server's job worker (registered in app.ts).
 */
export function registerEventExportRoutes(app: FastifyInstance, deps: ServiceDeps, jobs: JobWorker): void {
  const service = createEventExportService(deps, jobs);

  registerCall(app, eventCsvExport, async ({ auth, telegram, lang, request }) => ({
    telegram: {
      jobId: await service.request(
        { ...auth(), sourceIp: request.ip },
        lang,
        telegram.selection,
        telegram.options,
      ),
    },
    messages: ["008"],
  }));

  registerCall(app, eventCsvExportStatus, async ({ auth, telegram }) => ({
    telegram: await service.status(auth(), telegram.jobId),
  }));
}
