import type { Kysely, Transaction } from "kysely";
import type { AuditAction } from "../../../contract/auditLog.ts";
import { operatorActor } from "../../audit/operatorActor.ts";
import { recordAudit } from "../../audit/recordAudit.ts";
import type { Database } from "../../db/schema.ts";
import { type Editor, type HeldEvent, holdEventForEdit } from "./editGate.ts";

/** The audit log row of a save (its target is the event), written in the save's transaction. */
export interface SaveAudit {
  action: AuditAction;
  after: unknown;
}

export interface VersionedTarget {
  eventId: string;
  version: number;
}

/**
 * One save of an event, all or nothing in one transaction: hold the event (holdEventForEdit: 963,
 * 015, 999, 1000, 688), apply the action, bump the version and release the editor's own edit lock.
 * Any refusal thrown by `apply` rolls everything back (and keeps the editor's lock: the dialog is
 * still open).
 */
export async function saveEvent(
  db: Kysely<Database>,
  editor: Editor,
  target: VersionedTarget,
  audit: SaveAudit,
  apply: (trx: Transaction<Database>, event: HeldEvent) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const event = await holdEventForEdit(trx, editor, target.eventId, target.version);
    await apply(trx, event);
    const actor = await operatorActor(trx, editor);
    await recordAudit(trx, { ...actor, at: editor.now, target: `event:${event.eventId}`, ...audit });
    await trx
      .updateTable("events")
      .set((eb) => ({ version: eb("version", "+", 1), updated_at: editor.now }))
      .where("company_id", "=", editor.companyId)
      .where("event_id", "=", event.eventId)
      .execute();
    await trx
      .deleteFrom("event_edit_locks")
      .where("company_id", "=", editor.companyId)
      .where("event_id", "=", event.eventId)
      .where("operator_id", "=", editor.operatorId)
      .execute();
  });
}
