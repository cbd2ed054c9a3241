import type { FastifyInstance, FastifyRequest } from "fastify";
import { apiConnectionInfo, apiSecretReveal, apiSecretRotate } from "../../contract/apiConnection.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { ApiConnectionService } from "../services/apiConnectionService.ts";
import type { AuthContext } from "../services/sessionService.ts";

/**
 * Who saw or replaced the live signing key: one info line per reveal (Show, and Copy of a masked key)
 * and per rotation, written once it is done, never with the key (docs/architecture.md, "API connection
 * information"), besides the audit log row the service writes.
 */
function logKeyAccess(request: FastifyRequest, auth: AuthContext, action: "reveal" | "rotate"): void {
  request.log.info(
    {
      audit: "apiSecretKey",
      action,
      companyId: auth.companyId,
      operatorId: auth.operatorId,
      sourceIp: request.ip,
    },
    action === "reveal" ? "API secret key revealed" : "API secret key rotated",
  );
}

/** API connection information (spec section 2); the tenant is always the session's. */
export function registerApiConnectionRoutes(app: FastifyInstance, service: ApiConnectionService) {
  registerCall(app, apiConnectionInfo, async ({ auth }) => ({
    telegram: await service.info(auth().companyId),
  }));

  registerCall(app, apiSecretReveal, async ({ auth, request }) => {
    const secretKey = await service.reveal(auth().companyId, auth().operatorId, request.ip);
    logKeyAccess(request, auth(), "reveal");
    return { telegram: { secretKey } };
  });

  registerCall(app, apiSecretRotate, async ({ auth, telegram, request }) => {
    const { companyId, operatorId } = auth();
    const rotated = await service.rotate(companyId, operatorId, telegram.rotatedAt, request.ip);
    logKeyAccess(request, auth(), "rotate");
    return { telegram: rotated, messages: ["002"] };
  });
}
