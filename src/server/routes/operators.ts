import type { FastifyInstance } from "fastify";
import {
  operatorAdd,
  operatorDelete,
  operatorDetail,
  operatorEdit,
  operatorList,
  operatorUnlock,
} from "../../contract/operators.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { OperatorService } from "../services/admin/operatorService.ts";
import { adminCaller } from "./adminCaller.ts";

/** Operators (spec section 2: /OperatorList, /OperatorAdd, /OperatorDetail, /OperatorEdit). */
export function registerOperatorRoutes(app: FastifyInstance, service: OperatorService) {
  registerCall(app, operatorList, async ({ auth, telegram }) => ({
    telegram: await service.list(auth().companyId, telegram),
  }));

  registerCall(app, operatorDetail, async ({ auth, telegram }) => ({
    telegram: await service.detail(auth().companyId, telegram.operatorId),
  }));

  registerCall(app, operatorAdd, async (context) => {
    const operator = await service.add(adminCaller(context), context.telegram);
    return { telegram: { operator }, messages: ["009"] };
  });

  registerCall(app, operatorEdit, async (context) => {
    const { operatorId, version, ...fields } = context.telegram;
    const operator = await service.edit(adminCaller(context), operatorId, version, fields);
    return { telegram: { operator }, messages: ["002"] };
  });

  registerCall(app, operatorDelete, async (context) => {
    const deleted = await service.delete(adminCaller(context), context.telegram.operatorIds);
    return { telegram: { deleted }, messages: ["003"] };
  });

  registerCall(app, operatorUnlock, async (context) => {
    const { operatorId, version } = context.telegram;
    const operator = await service.unlock(adminCaller(context), operatorId, version);
    return { telegram: { operator }, messages: ["002"] };
  });
}
