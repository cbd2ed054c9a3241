import type { FastifyInstance } from "fastify";
import { whiteAdd, whiteDelete, whiteSearch } from "../../contract/whiteList.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { WhiteListService } from "../services/lists/whiteListService.ts";

/** White list (spec 2, /white and /white/new): search, add, delete. */
export function registerWhiteListRoutes(app: FastifyInstance, service: WhiteListService) {
  registerCall(app, whiteSearch, async ({ auth, telegram }) => {
    const entries = await service.search(auth().companyId, telegram);
    return { telegram: { entries }, ...(entries.length === 0 ? { messages: ["676"] } : {}) };
  });

  registerCall(app, whiteAdd, async ({ auth, telegram, request }) => ({
    telegram: {
      added: await service.add(
        auth().companyId,
        auth().operatorId,
        {
          ...telegram,
          // The contract refuses an empty type ("Type is required.").
          type: telegram.type as Exclude<typeof telegram.type, "">,
        },
        request.ip,
      ),
    },
    messages: ["001"],
  }));

  registerCall(app, whiteDelete, async ({ auth, telegram, request }) => ({
    telegram: {
      deleted: await service.delete(auth().companyId, telegram.entries, {
        operatorId: auth().operatorId,
        sourceIp: request.ip,
      }),
    },
    messages: ["003"],
  }));
}
