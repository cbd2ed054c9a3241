import type { Transaction } from "kysely";
import type { Lang } from "../../../contract/envelope.ts";
import { ERROR } from "../../../contract/errors.ts";
import { ApiError } from "../../apiError.ts";
import type { Database } from "../../db/schema.ts";
import { EDIT_BLOCK_ERROR, editBlockOf } from "../eventDetail/editBlock.ts";

/** Who edits, when and in which language refusals are told (the tenant is always the session's). */
export interface Editor {
  companyId: string;
  operatorId: number;
  roleId: string;
  lang: Lang;
  /** Where the call came from, for the audit log. */
  sourceIp: string;
  now: Date;
}

/** The event row an edit holds (locked FOR UPDATE until the transaction ends). */
export interface HeldEvent {
  eventId: string;
  shopEventId: string;
  tenantName: string | null;
  version: number;
  /** The editor's own name (for history, memos and the lock). */
  operatorName: string;
}

/**
 * Locks the event row for the rest of the transaction and lets the edit through only when it may
 * go: the tenant has the event (963), the editor saw its current version (015), no job holds it
 * (999 / 1000) and no other operator holds a live edit lock (688). Every writer of an event and of
 * its edit lock passes here first, so the checks hold until commit.
 */
export async function holdEventForEdit(
  trx: Transaction<Database>,
  editor: Editor,
  eventId: string,
  version: number,
): Promise<HeldEvent> {
  const row = await trx
    .selectFrom("events")
    .select(["event_id", "shop_event_id", "tenant_name", "version", "busy_state", "logically_deleted"])
    .where("company_id", "=", editor.companyId)
    .where("event_id", "=", eventId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new ApiError(ERROR.notFound);
  // A statement of its own, after the row lock: under READ COMMITTED it sees the lock another
  // operator committed while this one waited (a join in the locking statement would not).
  const found = await trx
    .selectFrom("operators as o")
    .leftJoin("event_edit_locks as k", (join) =>
      join.onRef("k.company_id", "=", "o.company_id").on("k.event_id", "=", eventId),
    )
    .select([
      "o.name as operator_name",
      "k.operator_id as lock_operator_id",
      "k.operator_name as lock_operator_name",
      "k.locked_at as lock_locked_at",
      "k.expires_at as lock_expires_at",
    ])
    .where("o.company_id", "=", editor.companyId)
    .where("o.id", "=", editor.operatorId)
    .executeTakeFirstOrThrow();
  if (row.version !== version) throw new ApiError(ERROR.conflict);
  const lock =
    found.lock_operator_id !== null &&
    found.lock_operator_name !== null &&
    found.lock_locked_at !== null &&
    found.lock_expires_at !== null
      ? {
          operatorId: found.lock_operator_id,
          operatorName: found.lock_operator_name,
          lockedAt: found.lock_locked_at,
          expiresAt: found.lock_expires_at,
        }
      : null;
  const block = editBlockOf(
    { busyState: row.busy_state, logicallyDeleted: row.logically_deleted },
    lock,
    editor.operatorId,
    editor.now,
  );
  if (block) throw new ApiError(EDIT_BLOCK_ERROR[block.kind]);
  return {
    eventId: row.event_id,
    shopEventId: row.shop_event_id,
    tenantName: row.tenant_name,
    version: row.version,
    operatorName: found.operator_name,
  };
}
