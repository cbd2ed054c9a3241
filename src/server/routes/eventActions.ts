import type { FastifyInstance } from "fastify";
import type { Lang } from "../../contract/envelope.ts";
import {
  eventAssign,
  eventAssigneeList,
  eventEditBegin,
  eventEditEnd,
  eventLabelList,
  eventLabelsUpdate,
  eventMemoAdd,
  eventNegativeUpdate,
  eventReasonList,
  MANUAL_RESULT_CALLS,
} from "../../contract/eventActions.ts";
import { MANUAL_RESULTS } from "../../contract/screening.ts";
import { registerCall } from "../plugins/registerCall.ts";
import type { Actor, EventActionService } from "../services/eventActions/eventActionService.ts";
import type { AuthContext } from "../services/sessionService.ts";

const actorOf = (auth: AuthContext, lang: Lang, sourceIp: string): Actor => ({
  companyId: auth.companyId,
  operatorId: auth.operatorId,
  roleId: auth.roleId,
  lang,
  sourceIp,
});

/**
 * The event detail's actions (spec sections 2, 4 and 6): the edit lock an opened dialog holds, the
 * manual results, negative update, screening memo, assignee and labels, each checked by the guard
 * against its dialog's screen ID, and the tenant's labels and assignees for the dialogs and the search.
 */
export function registerEventActionRoutes(app: FastifyInstance, service: EventActionService) {
  registerCall(app, eventEditBegin, async ({ auth, lang, telegram, request }) => ({
    telegram: {
      lockedUntil: (await service.editBegin(actorOf(auth(), lang, request.ip), telegram)).toISOString(),
    },
  }));

  registerCall(app, eventEditEnd, async ({ auth, lang, telegram, request }) => {
    await service.editEnd(actorOf(auth(), lang, request.ip), telegram.eventId);
    return { telegram: {} };
  });

  for (const result of MANUAL_RESULTS) {
    registerCall(app, MANUAL_RESULT_CALLS[result], async ({ auth, lang, telegram, request }) => ({
      telegram: { detail: await service.manualResult(actorOf(auth(), lang, request.ip), result, telegram) },
      messages: ["002"],
    }));
  }

  registerCall(app, eventNegativeUpdate, async ({ auth, lang, telegram, request }) => ({
    telegram: { detail: await service.negativeUpdate(actorOf(auth(), lang, request.ip), telegram) },
    messages: ["002"],
  }));

  registerCall(app, eventMemoAdd, async ({ auth, lang, telegram, request }) => ({
    telegram: { detail: await service.memoAdd(actorOf(auth(), lang, request.ip), telegram) },
    messages: ["001"],
  }));

  registerCall(app, eventAssign, async ({ auth, lang, telegram, request }) => ({
    telegram: { detail: await service.assign(actorOf(auth(), lang, request.ip), telegram) },
    // Removing the assignee deletes the assignment (003); naming one registers it (001).
    messages: [telegram.assigneeId === null ? "003" : "001"],
  }));

  registerCall(app, eventLabelsUpdate, async ({ auth, lang, telegram, request }) => ({
    telegram: { detail: await service.labelsUpdate(actorOf(auth(), lang, request.ip), telegram) },
    messages: ["002"],
  }));

  registerCall(app, eventLabelList, async ({ auth }) => ({
    telegram: { labels: await service.labels(auth().companyId) },
  }));

  registerCall(app, eventAssigneeList, async ({ auth }) => ({
    telegram: { assignees: await service.assignees(auth().companyId) },
  }));

  registerCall(app, eventReasonList, async ({ auth, telegram }) => ({
    telegram: { reasons: await service.reasons(auth().companyId, telegram.result) },
  }));
}
