import type { Transaction } from "kysely";
import { ERROR, type ErrorCode } from "../../contract/errors.ts";
import type { Label } from "../../contract/eventActions.ts";
import type { CsvUpdateOptions } from "../../contract/uploadOptions.ts";
import { ApiError } from "../apiError.ts";
import type { Database } from "../db/schema.ts";
import type { Editor } from "../services/eventActions/editGate.ts";
import { labelsOfTenant, tenantLabels } from "../services/eventActions/eventLabels.ts";
import {
  type BusyState,
  EDIT_BLOCK_ERROR,
  editBlockOf,
  type StoredEditLock,
} from "../services/eventDetail/editBlock.ts";
import { eventFileColumns, holdEventsForJob, releaseJobEvents, resolveEventRows } from "./eventRefs.ts";
import type { RowBatchContext, RowOutcome, UploadRowHandler } from "./rowHandler.ts";
import { refusalText, rowText } from "./rowTexts.ts";

/**
 * CsvUpdate (/CsvUpdate): the options the screen chose (logical delete, settle status, manual result
 * with reason, labels registered or taken off) applied to every event the file names. Each row is
 * checked as the event detail's saves are (holdEventForEdit: 963, 999, 1000, 688, a logically deleted
 * event read-only) and bumps the event's version, so an operator's stale detail answers 015; a manual
 * result writes the manual screening history. While its batch runs an event is under update (1000).
 */

type Resolved = ({ eventId: string } | RowOutcome)[];

const editorOf = (context: RowBatchContext): Editor => ({
  companyId: context.companyId,
  operatorId: context.operatorId,
  roleId: "",
  lang: context.lang,
  sourceIp: "",
  now: context.now,
});

/** An event the batch may change, with the labels it will hold (null: its labels stay). */
interface Accepted {
  eventId: string;
  labelNames: readonly string[] | null;
  currentNames: readonly string[];
}

/**
 * The event detail's save checks (holdEventForEdit) for a whole batch at once, in the batch's
 * transaction: the events locked FOR UPDATE in event ID order (so two jobs never deadlock), then, in
 * statements of their own after the lock (under READ COMMITTED they see what others committed while
 * this one waited), the editor's name and the edit locks. Each event is refused as the detail would
 * refuse it: gone (963), changed since its version was read (015), deleted, under screening (999) or
 * update (1000), or another operator's live lock (688).
 */
async function holdBatchForEdit(
  trx: Transaction<Database>,
  context: RowBatchContext,
  versions: ReadonlyMap<string, number>,
  ids: readonly string[],
): Promise<{ operatorName: string; rows: Map<string, { labelNames: string[] } | ErrorCode> }> {
  const { companyId } = context;
  const locked = await trx
    .selectFrom("events")
    .select(["event_id", "version", "busy_state", "busy_job_id", "logically_deleted", "label_names"])
    .where("company_id", "=", companyId)
    .where("event_id", "in", ids)
    .orderBy("event_id")
    .forUpdate()
    .execute();
  const operator = await trx
    .selectFrom("operators")
    .select("name")
    .where("company_id", "=", companyId)
    .where("id", "=", context.operatorId)
    .executeTakeFirstOrThrow();
  const locks = new Map<string, StoredEditLock>(
    (
      await trx
        .selectFrom("event_edit_locks")
        .select(["event_id", "operator_id", "operator_name", "locked_at", "expires_at"])
        .where("company_id", "=", companyId)
        .where("event_id", "in", ids)
        .execute()
    ).map((lock) => [
      lock.event_id,
      {
        operatorId: lock.operator_id,
        operatorName: lock.operator_name,
        lockedAt: lock.locked_at,
        expiresAt: lock.expires_at,
      },
    ]),
  );
  const byId = new Map(locked.map((row) => [row.event_id, row]));
  const rows = new Map<string, { labelNames: string[] } | ErrorCode>();
  for (const eventId of ids) {
    const row = byId.get(eventId);
    if (!row) {
      rows.set(eventId, ERROR.notFound);
      continue;
    }
    if (row.version !== versions.get(eventId)) {
      rows.set(eventId, ERROR.conflict);
      continue;
    }
    // The batch's own hold (1000, committed before the batch) is no block: only what others hold is.
    const busyState = row.busy_job_id === context.jobId ? null : (row.busy_state as BusyState);
    const block = editBlockOf(
      { busyState, logicallyDeleted: row.logically_deleted },
      locks.get(eventId) ?? null,
      context.operatorId,
      context.now,
    );
    rows.set(eventId, block ? EDIT_BLOCK_ERROR[block.kind] : { labelNames: row.label_names });
  }
  return { operatorName: operator.name, rows };
}

/** The batch's label changes: each accepted event's new label names, or why its row is refused. */
async function labelChanges(
  trx: Transaction<Database>,
  context: RowBatchContext,
  options: CsvUpdateOptions,
  labels: readonly Label[],
  eventIds: readonly string[],
): Promise<Map<string, readonly string[] | null>> {
  const changes = new Map<string, readonly string[] | null>();
  if (labels.length === 0 || eventIds.length === 0) {
    for (const id of eventIds) changes.set(id, null);
    return changes;
  }
  const held = new Map<string, Set<string>>();
  for (const row of await trx
    .selectFrom("event_labels")
    .select(["event_id", "label_id"])
    .where("company_id", "=", context.companyId)
    .where("event_id", "in", eventIds)
    .execute()) {
    const set = held.get(row.event_id) ?? new Set<string>();
    set.add(row.label_id);
    held.set(row.event_id, set);
  }
  const order = await tenantLabels(trx, context.companyId);
  const wanted = new Set(labels.map((label) => label.labelId));
  for (const id of eventIds) {
    const ids = new Set(held.get(id));
    if (options.labelUnregister === "1") {
      if (![...wanted].some((labelId) => ids.has(labelId))) continue; // refused: none to take off
      for (const labelId of wanted) ids.delete(labelId);
    } else for (const labelId of wanted) ids.add(labelId);
    changes.set(
      id,
      order.filter((label) => ids.has(label.labelId)).map((label) => label.name),
    );
  }
  return changes;
}

/**
 * Applies the options to the batch's accepted events in a few statements: the events' fields, version
 * and label names (one UPDATE per distinct set of label names, usually one), the label rows, and the
 * manual screening history rows (result, reason, the labels as they are then) in one INSERT.
 */
async function writeBatch(
  trx: Transaction<Database>,
  context: RowBatchContext,
  options: CsvUpdateOptions,
  labels: readonly Label[],
  operatorName: string,
  accepted: readonly Accepted[],
): Promise<void> {
  if (accepted.length === 0) return;
  const { companyId } = context;
  const set: Partial<{ settle_status: string; maresult: "10" | "20" | "30"; logically_deleted: boolean }> =
    {};
  if (options.settleStatus !== null) set.settle_status = options.settleStatus;
  if (options.manualResult !== null) set.maresult = options.manualResult;
  if (options.logicalDelete === "1") set.logically_deleted = true;
  const groups = new Map<string, { names: readonly string[] | null; ids: string[] }>();
  for (const entry of accepted) {
    const key = entry.labelNames === null ? "" : JSON.stringify(entry.labelNames);
    const group = groups.get(key) ?? { names: entry.labelNames, ids: [] };
    group.ids.push(entry.eventId);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    await trx
      .updateTable("events")
      .set((eb) => ({
        ...set,
        ...(group.names === null ? {} : { label_names: [...group.names] }),
        // The batch's hold (1000) comes off with the change, in the same row version.
        busy_state: null,
        busy_job_id: null,
        version: eb("version", "+", 1),
        updated_at: context.now,
      }))
      .where("company_id", "=", companyId)
      .where("event_id", "in", group.ids)
      .execute();
  }
  const labelled = accepted.filter((entry) => entry.labelNames !== null).map((entry) => entry.eventId);
  if (labels.length > 0 && labelled.length > 0) {
    if (options.labelUnregister === "1")
      await trx
        .deleteFrom("event_labels")
        .where("company_id", "=", companyId)
        .where("event_id", "in", labelled)
        .where(
          "label_id",
          "in",
          labels.map((label) => label.labelId),
        )
        .execute();
    else {
      const values = labelled.flatMap((eventId) =>
        labels.map((label) => ({ company_id: companyId, event_id: eventId, label_id: label.labelId })),
      );
      for (let at = 0; at < values.length; at += 5_000)
        await trx
          .insertInto("event_labels")
          .values(values.slice(at, at + 5_000))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
    }
  }
  if (options.manualResult !== null) {
    const result = options.manualResult;
    await trx
      .insertInto("event_manual_history")
      .values(
        accepted.map((entry) => ({
          company_id: companyId,
          event_id: entry.eventId,
          updated_at: context.now,
          result,
          reason: options.reason || null,
          operator_id: context.operatorId,
          operator_name: operatorName,
          memo: null,
          label_names: [...(entry.labelNames ?? entry.currentNames)],
        })),
      )
      .execute();
  }
}

export const csvUpdateRowHandler: UploadRowHandler = {
  fileType: "CsvUpdate",
  columns: eventFileColumns("30"),
  columnsFor: (options) => eventFileColumns((options as CsvUpdateOptions).uploadType),
  sampleRows: [
    { eventId: "E20260401101500000001", shopEventId: "" },
    { eventId: "", shopEventId: "ORDER-0002" },
  ],

  /** Resolves the rows' events and marks them under update (1000), committed before the batch. */
  async prepareBatch(db, context, rows): Promise<Resolved> {
    const resolved = await resolveEventRows(db, context.companyId, context.lang, rows);
    const ids = resolved.flatMap((entry) => ("eventId" in entry ? [entry.eventId] : []));
    await holdEventsForJob(db, context.companyId, context.jobId, ids, "updating");
    return resolved;
  },

  async applyBatch(trx, context, _rows, prepared) {
    const options = context.options as CsvUpdateOptions;
    const resolved = prepared as Resolved;
    const ids = resolved.flatMap((entry) => ("eventId" in entry ? [entry.eventId] : []));
    let labels: Label[] = [];
    let labelRefusal: string | null = null;
    if (options.labelIds.length > 0) {
      try {
        labels = await labelsOfTenant(trx, editorOf(context), options.labelIds, "labelIds");
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        labelRefusal = refusalText(context.lang, error);
      }
    }
    const versions = new Map(
      ids.length === 0
        ? []
        : (
            await trx
              .selectFrom("events")
              .select(["event_id", "version"])
              .where("company_id", "=", context.companyId)
              .where("event_id", "in", ids)
              .execute()
          ).map((row) => [row.event_id, row.version]),
    );
    const checked =
      ids.length === 0 || labelRefusal !== null
        ? { operatorName: "", rows: new Map<string, { labelNames: string[] } | ErrorCode>() }
        : await holdBatchForEdit(trx, context, versions, ids);
    const open = ids.filter((id) => typeof checked.rows.get(id) === "object");
    const changes = await labelChanges(trx, context, options, labels, open);
    const accepted: Accepted[] = [];
    const outcomes: RowOutcome[] = resolved.map((entry): RowOutcome => {
      if (!("eventId" in entry)) return entry;
      if (labelRefusal !== null) return { applied: false, column: null, message: labelRefusal };
      const row = checked.rows.get(entry.eventId);
      // The checks refuse before anything is written: the row is refused, the batch goes on.
      if (row === undefined || typeof row !== "object")
        return {
          applied: false,
          column: null,
          message: refusalText(context.lang, new ApiError(row ?? ERROR.notFound)),
        };
      if (!changes.has(entry.eventId))
        return { applied: false, column: null, message: rowText(context.lang, "labelNotOnEvent") };
      accepted.push({
        eventId: entry.eventId,
        labelNames: changes.get(entry.eventId) ?? null,
        currentNames: row.labelNames,
      });
      return { applied: true };
    });
    // The hold comes off every event in this transaction (others see it until the commit): the
    // accepted ones with their change (one row version, not two), the refused ones here.
    await writeBatch(trx, context, options, labels, checked.operatorName, accepted);
    const applied = new Set(accepted.map((entry) => entry.eventId));
    await releaseJobEvents(
      trx,
      context.companyId,
      context.jobId,
      ids.filter((id) => !applied.has(id)),
    );
    return outcomes;
  },

  finish: (db, context) => releaseJobEvents(db, context.companyId, context.jobId),
};
