import type { FastifyInstance, FastifyReply } from "fastify";
import {
  eventCount,
  eventList,
  eventModelList,
  eventNeighbours,
  eventSelectAll,
} from "../../contract/eventSearch.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { EventListService } from "../services/eventSearch/eventListService.ts";

/**
 * Event list (spec section 2): a keyset page of a quick or detailed search, its total (a call of
 * its own, so the rows never wait for a large count), select all search results (the count and the
 * single screening model), an event's neighbours within the search for
 * the detail's previous / next, and the tenant's detection models for the screening model dropdown
 * (readable with the list itself: an event list reader may not read the released rule list). The
 * tenant is always the session's.
 */
export function registerEventListRoutes(app: FastifyInstance, service: EventListService) {
  registerCall(app, eventList, async ({ auth, telegram, lang, reply }) => ({
    telegram: await withServerTiming(reply, () => service.list(auth().companyId, telegram, lang)),
  }));

  registerCall(app, eventCount, async ({ auth, telegram, lang, reply }) => ({
    telegram: await withServerTiming(reply, () => service.count(auth().companyId, telegram.search, lang)),
  }));

  registerCall(app, eventSelectAll, async ({ auth, telegram, lang, reply }) => ({
    telegram: await withServerTiming(reply, () => service.selectAll(auth().companyId, telegram.search, lang)),
  }));

  registerCall(app, eventNeighbours, async ({ auth, telegram, lang }) => ({
    telegram: await service.neighbours(auth().companyId, telegram.search, telegram.eventId, lang),
  }));

  registerCall(app, eventModelList, async ({ auth }) => ({
    telegram: { models: await service.models(auth().companyId) },
  }));
}

/**
 * Tells the server's own time in a Server-Timing header (read by the benchmark, visible in the
 * browser's network panel): `search` is the service's work, `total` everything since the request
 * arrived (parsing, the guard's session and permission checks, the search). A refusal sends none.
 */
async function withServerTiming<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const search = performance.now() - started;
  reply.header("server-timing", `search;dur=${search.toFixed(2)}, total;dur=${reply.elapsedTime.toFixed(2)}`);
  return result;
}
