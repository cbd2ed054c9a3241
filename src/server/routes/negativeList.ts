import type { FastifyInstance } from "fastify";
import {
  negativeAdd,
  negativeCsv,
  negativeCsvLink,
  negativeCsvStatus,
  negativeDelete,
  negativeDetail,
  negativeDetailDelete,
  negativeSearch,
} from "../../contract/negativeList.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { NegativeExportService } from "../services/lists/negativeExportService.ts";
import type { NegativeListService } from "../services/lists/negativeListService.ts";

/**
 * Negative list (spec 2, /NegativeList, /NegativeDetail, /NegativeAdd): search, detail, add, delete,
 * and the CSV output as a background job (its handler is registered in app.ts): request, status, link.
 */
export function registerNegativeListRoutes(
  app: FastifyInstance,
  service: NegativeListService,
  exports: NegativeExportService,
) {
  registerCall(app, negativeSearch, async ({ auth, telegram }) => {
    const page = await service.search(auth().companyId, telegram.search, telegram.pageSize, telegram.after);
    return { telegram: page, ...(page.total === 0 ? { messages: ["676"] } : {}) };
  });

  registerCall(app, negativeDetail, async ({ auth, telegram }) => ({
    telegram: await service.detail(auth().companyId, telegram.negativeId),
  }));

  registerCall(app, negativeAdd, async ({ auth, telegram }) => ({
    telegram: {
      added: await service.add(auth().companyId, auth().operatorId, {
        ...telegram,
        // The contract refuses an empty item ("Item type is required.").
        item: telegram.item as Exclude<typeof telegram.item, "">,
      }),
    },
    messages: ["001"],
  }));

  registerCall(app, negativeDelete, async ({ auth, telegram }) => ({
    telegram: {
      deleted:
        telegram.kind === "ids"
          ? await service.delete(auth().companyId, telegram.negativeIds)
          : await service.deleteMatching(auth().companyId, telegram.search),
    },
    messages: ["003"],
  }));

  registerCall(app, negativeDetailDelete, async ({ auth, telegram }) => ({
    telegram: { deleted: await service.delete(auth().companyId, [telegram.negativeId]) },
    messages: ["003"],
  }));

  registerCall(app, negativeCsv, async ({ auth, telegram, request }) => ({
    telegram: {
      jobId: await exports.request({ ...auth(), sourceIp: request.ip }, telegram.search, telegram.encoding),
    },
  }));

  registerCall(app, negativeCsvStatus, async ({ auth, telegram }) => ({
    telegram: await exports.status(auth(), telegram.jobId),
  }));

  registerCall(app, negativeCsvLink, async ({ auth, telegram }) => ({
    telegram: await exports.link(auth(), telegram.jobId),
    messages: ["005"],
  }));
}
