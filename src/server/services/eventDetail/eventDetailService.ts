import { ERROR } from "../../../contract/errors.ts";
import type { EventDetail } from "../../../contract/eventDetail.ts";
import { ApiError } from "../../apiError.ts";
import type { ServiceDeps } from "../deps.ts";
import type { AuthContext } from "../sessionService.ts";
import { readEventDetail } from "./readEventDetail.ts";

export interface EventDetailService {
  /** The event as the operator sees it now; 963 for an unknown event or one of another tenant. */
  detail(auth: AuthContext, eventId: string): Promise<EventDetail>;
}

export function createEventDetailService(deps: Pick<ServiceDeps, "db" | "now">): EventDetailService {
  return {
    async detail(auth, eventId) {
      const detail = await readEventDetail(deps.db, auth.companyId, eventId, {
        operatorId: auth.operatorId,
        now: deps.now(),
      });
      if (!detail) throw new ApiError(ERROR.notFound);
      return detail;
    },
  };
}
