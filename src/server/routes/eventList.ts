import type { FastifyInstance } from "fastify";
import { eventList, eventNeighbours, eventSelectAll } from "../../contract/eventSearch.ts";
import type { EventListService } from "../services/eventSearch/eventListService.ts";
import { registerCall } from "./registerCall.ts";

/**
 * Event list (spec section 2): a keyset page of a quick or detailed search, select all search
 * results (the count and the single screening model) and an event's neighbours within the search for
 * the detail's previous / next. The tenant is always the session's.
 */
export function registerEventListRoutes(app: FastifyInstance, service: EventListService) {
  registerCall(app, eventList, async ({ auth, telegram, lang }) => ({
    telegram: await service.list(auth().companyId, telegram, lang),
  }));

  registerCall(app, eventSelectAll, async ({ auth, telegram }) => ({
    telegram: await service.selectAll(auth().companyId, telegram.search),
  }));

  registerCall(app, eventNeighbours, async ({ auth, telegram }) => ({
    telegram: await service.neighbours(auth().companyId, telegram.search, telegram.eventId),
  }));
}
