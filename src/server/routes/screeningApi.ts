import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Lang } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import { messageText } from "../../contract/messages.ts";
import {
  eventResultCall,
  SCREENING_OPENAPI_PATH,
  type ShopCallSpec,
  screenTransactionCall,
  updateSettleStatusCall,
} from "../../contract/screeningApi.ts";
import { ApiError, requestLang, sendSuccess } from "../plugins/envelope.ts";
import { installShopSignature, type ShopContext } from "../plugins/shopSignature.ts";
import { screenTransaction } from "../screening/screenTransaction.ts";
import type { CredentialCipher } from "../services/credentialCipher.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { screeningOpenApiDocument } from "../services/screeningOpenApiDocument.ts";
import { eventResult, resolveModelId, updateSettleStatus } from "../services/shopEventService.ts";

interface ShopCallContext<C extends ShopCallSpec> {
  telegram: z.output<C["request"]>;
  shop: ShopContext;
  lang: Lang;
  request: FastifyRequest;
}
type ShopHandler<C extends ShopCallSpec> = (context: ShopCallContext<C>) => Promise<z.input<C["response"]>>;

/** A screening API route: the signature check has passed; the telegram is validated here, the answer too. */
function registerShopCall<C extends ShopCallSpec>(scope: FastifyInstance, spec: C, handler: ShopHandler<C>) {
  scope.apiPaths.add(spec.path);
  scope.route({
    method: spec.method,
    url: spec.path,
    config: { shopCall: spec },
    handler: async (request, reply) => {
      const lang = requestLang(request);
      const shop = request.shop;
      if (!shop) throw new ApiError(ERROR.invalidSignature);
      const parsed = spec.request.safeParse(shop.telegram);
      if (!parsed.success) throw ApiError.fromZod(lang, parsed.error, "telegram");
      const answer = await handler({
        telegram: parsed.data as z.output<C["request"]>,
        shop,
        lang,
        request,
      });
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
): Promise<void> {
  const openApi = JSON.stringify(screeningOpenApiDocument(deps.config.publicUrl));
  app.apiPaths.add(SCREENING_OPENAPI_PATH);
  app.get(SCREENING_OPENAPI_PATH, async (_request, reply) =>
    reply.type("application/json; charset=utf-8").send(openApi),
  );

  await app.register(async (scope) => {
    installShopSignature(scope, { db: deps.db, cipher, now: deps.now });

    registerShopCall(scope, screenTransactionCall, async ({ telegram: tx, shop, lang, request }) => {
      // The application's model came with the signature check; a named model is looked up.
      const modelId = tx.modelId
        ? await resolveModelId(deps.db, shop.companyId, shop.applicationId, tx.modelId)
        : shop.applicationModelId;
      if (modelId === null) {
        throw new ApiError(ERROR.validation, [
          { field: "telegram.modelId", message: messageText(lang, "validation.unknownModel") },
        ]);
      }
      const outcome = await screenTransaction(
        deps,
        { companyId: shop.companyId, modelId, applicationId: shop.applicationId },
        tx,
        { logger: request.log },
      );
      return { ...outcome, shopEventId: tx.shopEventId };
    });

    registerShopCall(scope, updateSettleStatusCall, async ({ telegram, shop }) => {
      const { settleStatus, ...ref } = telegram;
      return updateSettleStatus(deps.db, shop.companyId, ref, settleStatus, deps.now());
    });

    registerShopCall(scope, eventResultCall, async ({ telegram, shop }) =>
      eventResult(deps.db, shop.companyId, telegram),
    );
  });
}
