import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { CallSpec } from "../../contract/call.ts";
import type { Lang } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import type { MessageNo } from "../../contract/messages.ts";
import { ApiError } from "../apiError.ts";
import { runAsTenant } from "../db/tenantContext.ts";
import type { AuthContext } from "../services/sessionService.ts";
import { messageItem, parseTelegram, requestLang, sendSuccess } from "./envelope.ts";

export interface CallContext<C extends CallSpec> {
  telegram: z.output<C["request"]>;
  lang: Lang;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in operator; throws InvalidToken on a public call without one. */
  auth(): AuthContext;
}

export interface CallAnswer<C extends CallSpec> {
  telegram: z.input<C["response"]>;
  /** Numbered messages shown to the user on success (e.g. "006"). */
  messages?: MessageNo[];
}

export type CallHandler<C extends CallSpec> = (context: CallContext<C>) => Promise<CallAnswer<C>>;

declare module "fastify" {
  interface FastifyInstance {
    /** Paths of registered console calls, so a wrong method is told apart from an unknown path. */
    apiPaths: Set<string>;
  }
}

/**
 * Registers a console call from its CallSpec: the guard (requestGuard.ts) has already parsed
 * the envelope and checked access; here the telegram is validated with the call's schema and the
 * answer is checked against the response schema, so nothing outside the contract leaves the server.
 * The handler runs in its session's tenant context (row-level security's second wall).
 */
export function registerCall<C extends CallSpec>(
  app: FastifyInstance,
  spec: C,
  handler: CallHandler<C>,
): void {
  app.apiPaths.add(spec.path);
  app.route({
    method: spec.method,
    url: spec.path,
    config: { call: spec },
    handler: async (request, reply) => {
      const lang = requestLang(request);
      const context: CallContext<C> = {
        telegram: parseTelegram(lang, spec.request, request.envelope?.telegram) as z.output<C["request"]>,
        lang,
        request,
        reply,
        auth: () => {
          if (!request.auth) throw new ApiError(ERROR.invalidToken);
          return request.auth;
        },
      };
      // A signed-in call's database work is confined to its session's tenant by row-level security
      // too (db/tenantContext.ts); public calls (login, password reset) run in the system context.
      const companyId = request.auth?.companyId;
      const answer = await (companyId === undefined
        ? handler(context)
        : runAsTenant(companyId, () => handler(context)));
      const telegram = spec.response.parse(answer.telegram);
      return sendSuccess(
        reply,
        telegram,
        (answer.messages ?? []).map((no) => messageItem(lang, no)),
      );
    },
  });
}
