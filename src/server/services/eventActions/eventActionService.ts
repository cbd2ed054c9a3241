import { ERROR } from "../../../contract/errors.ts";
import type { AssigneeChoice, EventAction, Label } from "../../../contract/eventActions.ts";
import type { EventDetail } from "../../../contract/eventDetail.ts";
import type { ManualResult } from "../../../contract/screening.ts";
import { ApiError } from "../../apiError.ts";
import type { ServiceDeps } from "../deps.ts";
import { readEventDetail } from "../eventDetail/readEventDetail.ts";
import type { Editor } from "./editGate.ts";
import { beginEdit, endEdit } from "./editLock.ts";
import { assigneeOfTenant, tenantAssignees } from "./eventAssignees.ts";
import { labelsOfTenant, requireTenantLabels, setEventLabels, tenantLabels } from "./eventLabels.ts";
import { applyNegativeUpdate, type NegativeRequest } from "./negativeUpdate.ts";
import { type SaveAudit, saveEvent, type VersionedTarget } from "./saveEvent.ts";
import { suggestedReasons } from "./suggestedReasons.ts";

export interface ManualResultRequest extends VersionedTarget {
  reason: string;
  memo: string;
  labelIds: string[];
}

/** Who acts: the session's operator (the guard has checked the call's screen permission). */
export type Actor = Omit<Editor, "now">;

export interface EventActionService {
  editBegin(actor: Actor, target: VersionedTarget & { action: EventAction }): Promise<Date>;
  editEnd(actor: Actor, eventId: string): Promise<void>;
  manualResult(actor: Actor, result: ManualResult, request: ManualResultRequest): Promise<EventDetail>;
  negativeUpdate(actor: Actor, request: VersionedTarget & NegativeRequest): Promise<EventDetail>;
  memoAdd(actor: Actor, request: VersionedTarget & { memo: string }): Promise<EventDetail>;
  assign(actor: Actor, request: VersionedTarget & { assigneeId: number | null }): Promise<EventDetail>;
  labelsUpdate(actor: Actor, request: VersionedTarget & { labelIds: string[] }): Promise<EventDetail>;
  labels(companyId: string): Promise<Label[]>;
  assignees(companyId: string): Promise<AssigneeChoice[]>;
  reasons(companyId: string, result: ManualResult): Promise<string[]>;
}

/**
 * The event detail's actions (spec sections 2 and 4). Each save is one transaction through saveEvent
 * (held row, version, job and lock checks, version bump, own lock released) and answers the fresh
 * detail, read after the commit.
 */
export function createEventActionService(deps: Pick<ServiceDeps, "db" | "now">): EventActionService {
  const { db } = deps;
  const editorOf = (actor: Actor): Editor => ({ ...actor, now: deps.now() });

  async function freshDetail(editor: Editor, eventId: string): Promise<EventDetail> {
    const detail = await readEventDetail(db, editor.companyId, eventId, {
      operatorId: editor.operatorId,
      now: deps.now(),
    });
    if (!detail) throw new ApiError(ERROR.notFound);
    return detail;
  }

  return {
    editBegin: (actor, target) => beginEdit(db, editorOf(actor), target),
    editEnd: (actor, eventId) => endEdit(db, editorOf(actor), eventId),

    async manualResult(actor, result, request) {
      const editor = editorOf(actor);
      const audit: SaveAudit = {
        action: "manualResult",
        after: { result, reason: request.reason, labelIds: request.labelIds },
      };
      await saveEvent(db, editor, request, audit, async (trx, event) => {
        const labels = await labelsOfTenant(trx, editor, request.labelIds, "telegram.labelIds");
        await trx
          .updateTable("events")
          .set({ maresult: result })
          .where("company_id", "=", editor.companyId)
          .where("event_id", "=", event.eventId)
          .execute();
        await setEventLabels(trx, editor.companyId, event.eventId, labels);
        await trx
          .insertInto("event_manual_history")
          .values({
            company_id: editor.companyId,
            event_id: event.eventId,
            updated_at: editor.now,
            result,
            reason: request.reason || null,
            operator_id: editor.operatorId,
            operator_name: event.operatorName,
            memo: request.memo || null,
            label_names: labels.map((label) => label.name),
          })
          .execute();
      });
      return freshDetail(editor, request.eventId);
    },

    async negativeUpdate(actor, request) {
      const editor = editorOf(actor);
      const { purchaser, shipping, settleCategory, otherCategory } = request;
      const audit: SaveAudit = {
        action: "negative",
        after: { purchaser, shipping, settleCategory, otherCategory },
      };
      await saveEvent(db, editor, request, audit, (trx, event) =>
        applyNegativeUpdate(trx, editor, event, request),
      );
      return freshDetail(editor, request.eventId);
    },

    async memoAdd(actor, request) {
      const editor = editorOf(actor);
      // The memo's length, not its text: the log is read by other administrators than the event.
      const audit: SaveAudit = { action: "memo", after: { memoCharacters: [...request.memo].length } };
      await saveEvent(db, editor, request, audit, async (trx, event) => {
        await trx
          .insertInto("event_memos")
          .values({
            company_id: editor.companyId,
            event_id: event.eventId,
            created_at: editor.now,
            operator_id: editor.operatorId,
            operator_name: event.operatorName,
            memo: request.memo,
          })
          .execute();
      });
      return freshDetail(editor, request.eventId);
    },

    async assign(actor, request) {
      const editor = editorOf(actor);
      const audit: SaveAudit = { action: "assignee", after: { assigneeId: request.assigneeId } };
      await saveEvent(db, editor, request, audit, async (trx, event) => {
        const assignee =
          request.assigneeId === null ? null : await assigneeOfTenant(trx, editor, request.assigneeId);
        await trx
          .updateTable("events")
          .set({ assignee_id: assignee?.operatorId ?? null, assignee_name: assignee?.operatorName ?? null })
          .where("company_id", "=", editor.companyId)
          .where("event_id", "=", event.eventId)
          .execute();
      });
      return freshDetail(editor, request.eventId);
    },

    async labelsUpdate(actor, request) {
      const editor = editorOf(actor);
      const audit: SaveAudit = { action: "label", after: { labelIds: request.labelIds } };
      await saveEvent(db, editor, request, audit, async (trx, event) => {
        await requireTenantLabels(trx, editor.companyId);
        const labels = await labelsOfTenant(trx, editor, request.labelIds, "telegram.labelIds");
        await setEventLabels(trx, editor.companyId, event.eventId, labels);
      });
      return freshDetail(editor, request.eventId);
    },

    labels: (companyId) => tenantLabels(db, companyId),
    assignees: (companyId) => tenantAssignees(db, companyId),
    reasons: (companyId, result) => suggestedReasons(db, companyId, result),
  };
}
