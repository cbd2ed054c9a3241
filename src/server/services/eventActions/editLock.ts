import { type Kysely, sql } from "kysely";
import { ERROR } from "../../../contract/errors.ts";
import { EDIT_LOCK_MINUTES, EVENT_ACTION_SCREEN, type EventAction } from "../../../contract/eventActions.ts";
import { ApiError } from "../../apiError.ts";
import type { Database } from "../../db/schema.ts";
import { permissionsFor, permits } from "../permissionService.ts";
import { type Editor, holdEventForEdit } from "./editGate.ts";

/**
 * Opening an action's dialog: the editor's role must be able to write on the action's dialog screen
 * (962), then the event must be editable now (holdEventForEdit); the editor's lock is taken or
 * refreshed for EDIT_LOCK_MINUTES (the dialog renews it so while the operator works in it). Answers
 * when it expires.
 */
export async function beginEdit(
  db: Kysely<Database>,
  editor: Editor,
  target: { eventId: string; version: number; action: EventAction },
): Promise<Date> {
  const screenId = EVENT_ACTION_SCREEN[target.action];
  const permission = (await permissionsFor(db, editor.companyId, editor.roleId, [screenId])).get(screenId);
  if (!permission || !permits(permission, "write")) throw new ApiError(ERROR.forbidden);
  const expiresAt = new Date(editor.now.getTime() + EDIT_LOCK_MINUTES * 60_000);
  await db.transaction().execute(async (trx) => {
    const event = await holdEventForEdit(trx, editor, target.eventId, target.version);
    const lock = {
      operator_id: editor.operatorId,
      operator_name: event.operatorName,
      locked_at: editor.now,
      expires_at: expiresAt,
    };
    await trx
      .insertInto("event_edit_locks")
      .values({ company_id: editor.companyId, event_id: event.eventId, ...lock })
      .onConflict((conflict) =>
        conflict.columns(["company_id", "event_id"]).doUpdateSet({
          ...lock,
          // A renewal (the operator's own live lock begun again) keeps when the edit began: others
          // are told "since" then (688), not since the last renewal.
          locked_at: sql<Date>`case
            when event_edit_locks.operator_id = ${editor.operatorId}
              and event_edit_locks.expires_at > ${editor.now}
            then event_edit_locks.locked_at
            else excluded.locked_at end`,
        }),
      )
      .execute();
  });
  return expiresAt;
}

/** Closing a dialog without saving: releases the editor's own lock only (963 for an unknown event). */
export async function endEdit(db: Kysely<Database>, editor: Editor, eventId: string): Promise<void> {
  const event = await db
    .selectFrom("events")
    .select("event_id")
    .where("company_id", "=", editor.companyId)
    .where("event_id", "=", eventId)
    .executeTakeFirst();
  if (!event) throw new ApiError(ERROR.notFound);
  await db
    .deleteFrom("event_edit_locks")
    .where("company_id", "=", editor.companyId)
    .where("event_id", "=", eventId)
    .where("operator_id", "=", editor.operatorId)
    .execute();
}
