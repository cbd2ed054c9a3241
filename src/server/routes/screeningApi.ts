import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Lang } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import {
  eventResultCall,
  type ShopCallSpec,
  screenTransactionCall,
  updateSettleStatusCall,
} from "../../contract/screeningApi.ts";
import { SCREENING_OPENAPI_PATH } from "../../contract/screeningPaths.ts";
import { ApiError } from "../apiError.ts";
import { parseTelegram, requestLang, sendSuccess } from "../plugins/envelope.ts";
import { installShopSignature, type ShopContext, type ShopSignature } from "../plugins/shopSignature.ts";
import type { ApiCallCounter } from "../services/apiCallCounter.ts";
import type { CredentialCipher } from "../services/credentialCipher.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { screeningOpenApiDocument } from "../services/screeningOpenApiDocument.ts";
import { eventResult, updateSettleStatus } from "../services/shopEventService.ts";
import { screenShopTransaction } from "../services/shopScreeningService.ts";

interface ShopCallContext<C extends ShopCallSpec> {
  telegram: z.output<C["request"]>;
  shop: ShopContext;
  lang: Lang;
  request: FastifyRequest;
}
type ShopHandler<C extends ShopCallSpec> = (context: ShopCallContext<C>) => Promise<z.input<C["response"]>>;

/**
 * A screening API route: the signature check has passed; the telegram is validated here, the answer
 * too. `authCached`: the handler proves a cached authentication current before it stores anything.
 */
function registerShopCall<C extends ShopCallSpec>(
  scope: FastifyInstance,
  signature: ShopSignature,
  spec: C,
  handler: ShopHandler<C>,
  authCached = false,
) {
  scope.apiPaths.add(spec.path);
  // At the default level one line per call (onResponse below) instead of Fastify's two: shops call at
  // high rates, and each line costs the server CPU. Warnings and errors are logged as everywhere.
  const oneLine = scope.log.level === "info";
  scope.route({
    method: spec.method,
    url: spec.path,
    config: { shopCall: spec, shopAuthCached: authCached },
    ...(oneLine
      ? {
          logLevel: "warn",
          onResponse: async (request, reply) => {
            scope.log.info(
              {
                reqId: request.id,
                req: request,
                call: spec.name,
                companyId: request.shop?.companyId,
                res: { statusCode: reply.statusCode },
                responseTime: reply.elapsedTime,
              },
              "screening API call",
            );
          },
        }
      : {}),
    handler: async (request, reply) => {
      const lang = requestLang(request);
      const shop = request.shop;
      if (!shop) throw new ApiError(ERROR.invalidSignature);
      let answer: z.input<C["response"]>;
      try {
        const telegram = parseTelegram(lang, spec.request, shop.telegram) as z.output<C["request"]>;
        answer = await handler({ telegram, shop, lang, request });
      } catch (error) {
        // Under a cached authentication, a refusal of the credentials takes precedence over any
        // other answer, exactly as without the cache.
        if (shop.provisionalFingerprint !== null) await signature.reauthenticate(request);
        throw error;
      }
      return sendSuccess(reply, spec.response.parse(answer));
    },
  });
}

/**
 * The shops' screening API under /api/v3/screening/, in a scope of its own: its JSON parser keeps the
 * raw body for the signature, and the console's session guard never sees these routes (they carry
 * `shopCall`, not `call`).
 */
export async function registerScreeningApiRoutes(
  app: FastifyInstance,
  deps: ServiceDeps,
  cipher: CredentialCipher,
  apiCalls?: ApiCallCounter,
): Promise<void> {
  const openApi = JSON.stringify(screeningOpenApiDocument(deps.config.publicUrl));
  app.apiPaths.add(SCREENING_OPENAPI_PATH);
  app.get(SCREENING_OPENAPI_PATH, async (_request, reply) =>
    reply.type("application/json; charset=utf-8").send(openApi),
  );

  await app.register(async (scope) => {
    const signature = installShopSignature(scope, { db: deps.db, cipher, now: deps.now });
    // Every authenticated call by source address, for the allowed IP preview (apiCallCounter.ts).
    if (apiCalls)
      scope.addHook("onResponse", async (request) => {
        if (request.shop) apiCalls.record(request.shop.companyId, request.ip);
      });

    registerShopCall(
      scope,
      signature,
      screenTransactionCall,
      async ({ telegram, shop, lang, request }) =>
        screenShopTransaction(deps, shop, telegram, {
          lang,
          logger: request.log,
          reauthenticate: () => signature.reauthenticate(request),
        }),
      true,
    );

    registerShopCall(scope, signature, updateSettleStatusCall, async ({ telegram, shop }) => {
      const { settleStatus, ...ref } = telegram;
      return updateSettleStatus(deps.db, shop.companyId, ref, settleStatus, deps.now(), shop.signedRequest);
    });

    registerShopCall(scope, signature, eventResultCall, async ({ telegram, shop }) =>
      eventResult(deps.db, shop.companyId, telegram),
    );
  });
}
