import type { FastifyInstance } from "fastify";
import { apiConnectionInfo, apiSecretReveal, apiSecretRotate } from "../../contract/apiConnection.ts";
import type { ApiConnectionService } from "../services/apiConnectionService.ts";
import { registerCall } from "./registerCall.ts";

/** API connection information (spec section 2); the tenant is always the session's. */
export function registerApiConnectionRoutes(app: FastifyInstance, service: ApiConnectionService) {
  registerCall(app, apiConnectionInfo, async ({ auth }) => ({
    telegram: await service.info(auth().companyId),
  }));

  registerCall(app, apiSecretReveal, async ({ auth }) => ({
    telegram: { secretKey: await service.reveal(auth().companyId) },
  }));

  registerCall(app, apiSecretRotate, async ({ auth, telegram }) => {
    const { companyId, operatorId } = auth();
    return { telegram: await service.rotate(companyId, operatorId, telegram.rotatedAt), messages: ["002"] };
  });
}
