import type { FastifyInstance } from "fastify";
import { eventDetail } from "../../contract/eventDetail.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { EventDetailService } from "../services/eventDetail/eventDetailService.ts";

/**
 * Event detail (spec sections 2 and 3): every part of one of the session tenant's events with its
 * version and whether the operator may edit it now. Another tenant's event ID is unknown (963).
 */
export function registerEventDetailRoutes(app: FastifyInstance, service: EventDetailService) {
  registerCall(app, eventDetail, async ({ auth, telegram }) => ({
    telegram: await service.detail(auth(), telegram.eventId),
  }));
}
