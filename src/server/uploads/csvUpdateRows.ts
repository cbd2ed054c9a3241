import type { Transaction } from "kysely";
import type { Label } from "../../contract/eventActions.ts";
import type { CsvUpdateOptions } from "../../contract/uploadOptions.ts";
import { ApiError } from "../apiError.ts";
import type { Database } from "../db/schema.ts";
import { type Editor, holdEventForEdit } from "../services/eventActions/editGate.ts";
import { labelsOfTenant, setEventLabels, tenantLabels } from "../services/eventActions/eventLabels.ts";
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

async function applyOne(
  trx: Transaction<Database>,
  context: RowBatchContext,
  options: CsvUpdateOptions,
  labels: readonly Label[],
  eventId: string,
  version: number,
): Promise<RowOutcome> {
  const editor = editorOf(context);
  const { companyId } = context;
  const event = await holdEventForEdit(trx, editor, eventId, version);
  const current = await trx
    .selectFrom("events")
    .select("label_names")
    .where("company_id", "=", companyId)
    .where("event_id", "=", eventId)
    .executeTakeFirstOrThrow();
  let eventLabels: Label[] | null = null;
  if (labels.length > 0) {
    const held = await trx
      .selectFrom("event_labels")
      .select("label_id")
      .where("company_id", "=", companyId)
      .where("event_id", "=", eventId)
      .execute();
    const heldIds = new Set(held.map((row) => row.label_id));
    const wanted = new Set(labels.map((label) => label.labelId));
    if (options.labelUnregister === "1") {
      if (![...wanted].some((id) => heldIds.has(id)))
        return { applied: false, column: null, message: rowText(context.lang, "labelNotOnEvent") };
      for (const id of wanted) heldIds.delete(id);
    } else for (const id of wanted) heldIds.add(id);
    eventLabels = (await tenantLabels(trx, companyId)).filter((label) => heldIds.has(label.labelId));
  }
  const set: Partial<{ settle_status: string; maresult: "10" | "20" | "30"; logically_deleted: boolean }> =
    {};
  if (options.settleStatus !== null) set.settle_status = options.settleStatus;
  if (options.manualResult !== null) set.maresult = options.manualResult;
  if (options.logicalDelete === "1") set.logically_deleted = true;
  await trx
    .updateTable("events")
    .set((eb) => ({ ...set, version: eb("version", "+", 1), updated_at: context.now }))
    .where("company_id", "=", companyId)
    .where("event_id", "=", eventId)
    .execute();
  if (eventLabels) await setEventLabels(trx, companyId, eventId, eventLabels);
  if (options.manualResult !== null)
    await trx
      .insertInto("event_manual_history")
      .values({
        company_id: companyId,
        event_id: eventId,
        updated_at: context.now,
        result: options.manualResult,
        reason: options.reason || null,
        operator_id: context.operatorId,
        operator_name: event.operatorName,
        memo: null,
        label_names: eventLabels ? eventLabels.map((label) => label.name) : current.label_names,
      })
      .execute();
  return { applied: true };
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
    // The batch's own hold goes first (in this transaction: others see it until the commit), so the
    // event detail's checks see only what others hold: another job (999/1000), an operator's lock (688).
    await releaseJobEvents(trx, context.companyId, context.jobId, ids);
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
    const outcomes: RowOutcome[] = [];
    for (const entry of resolved) {
      if (!("eventId" in entry)) {
        outcomes.push(entry);
        continue;
      }
      if (labelRefusal !== null) {
        outcomes.push({ applied: false, column: null, message: labelRefusal });
        continue;
      }
      try {
        outcomes.push(
          await applyOne(trx, context, options, labels, entry.eventId, versions.get(entry.eventId) ?? -1),
        );
      } catch (error) {
        // The checks refuse before anything is written: the row is refused, the batch goes on.
        if (!(error instanceof ApiError)) throw error;
        outcomes.push({ applied: false, column: null, message: refusalText(context.lang, error) });
      }
    }
    return outcomes;
  },

  finish: (db, context) => releaseJobEvents(db, context.companyId, context.jobId),
};
