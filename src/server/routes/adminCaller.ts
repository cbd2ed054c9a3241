import type { CallSpec } from "../../contract/call.ts";
import type { CallContext } from "../plugins/registerCall.ts";
import type { AdminCaller } from "../services/admin/adminTransaction.ts";

/** The signed-in administrator of a call and the address it came from (audit log, self-lockout). */
export const adminCaller = <C extends CallSpec>(context: CallContext<C>): AdminCaller => {
  const { companyId, operatorId } = context.auth();
  return { lang: context.lang, companyId, operatorId, sourceIp: context.request.ip };
};
