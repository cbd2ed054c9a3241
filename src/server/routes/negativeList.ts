import type { FastifyInstance } from "fastify";
import {
  negativeAdd,
  negativeCsv,
  negativeDelete,
  negativeDetail,
  negativeDetailDelete,
  negativeSearch,
} from "../../contract/negativeList.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { NegativeListService } from "../services/lists/negativeListService.ts";

/** Negative list (spec 2, /NegativeList, /NegativeDetail, /NegativeAdd): search, detail, add, delete, CSV. */
export function registerNegativeListRoutes(app: FastifyInstance, service: NegativeListService) {
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

  registerCall(app, negativeCsv, async ({ auth, telegram }) => ({
    telegram: await service.csv(auth().companyId, telegram.search, telegram.encoding),
  }));
}
