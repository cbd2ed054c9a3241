import type { FastifyInstance } from "fastify";
import {
  eventDisplayFormatGet,
  eventDisplayFormatReset,
  eventDisplayFormatSave,
} from "../../contract/eventDisplayFormat.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { EventDisplayFormatService } from "../services/eventDisplayFormatService.ts";

/**
 * Event detail display customisation (spec section 2): the signed-in operator's own layout. Whose
 * layout is taken from the session only; the telegram names no company or operator.
 */
export function registerEventDisplayFormatRoutes(app: FastifyInstance, service: EventDisplayFormatService) {
  registerCall(app, eventDisplayFormatGet, async ({ auth }) => ({
    telegram: await service.get(auth()),
  }));

  registerCall(app, eventDisplayFormatSave, async ({ auth, telegram, request }) => ({
    telegram: await service.save({ ...auth(), sourceIp: request.ip }, telegram.format, telegram.version),
    messages: ["002"],
  }));

  registerCall(app, eventDisplayFormatReset, async ({ auth, telegram, request }) => ({
    telegram: await service.reset({ ...auth(), sourceIp: request.ip }, telegram.mode, telegram.version),
    messages: ["002"],
  }));
}
