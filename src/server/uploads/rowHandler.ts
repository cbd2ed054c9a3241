import type { Kysely, Transaction } from "kysely";
import type { Lang } from "../../contract/envelope.ts";
import type { UploadFileType } from "../../contract/uploads.ts";
import type { Database } from "../db/schema.ts";

/** One data row of an upload: its number in the file (the header is row 1) and its cells by column. */
export interface UploadRow {
  rowNo: number;
  values: Readonly<Record<string, string>>;
}

/** A row's outcome: applied, or refused with the column at fault and the message (in the upload's language). */
export type RowOutcome = { applied: true } | { applied: false; column: string | null; message: string };

export interface RowBatchContext {
  companyId: string;
  operatorId: number;
  lang: Lang;
  now: Date;
  /** The upload job (a handler marks what its run holds with it: events under screening or update). */
  jobId: string;
  /** The options the upload screen sent, as the handler's optionsSchema parsed them (undefined: none). */
  options: unknown;
  /**
   * The run (one claim of the job by one worker): the same object for every batch of the run (the
   * upload job always gives one; a test calling a handler directly may leave it out).
   */
  run?: object;
}

/**
 * What a file type plugs into the upload pipeline: its columns (the header must name each once, and
 * nothing else) and the work of one batch of rows. applyBatch runs inside the transaction that also
 * commits the job's checkpoint and the rows' results, so a batch's effects are never kept without
 * them (or the other way round); it answers one outcome per row, in order.
 */
export interface UploadRowHandler {
  fileType: UploadFileType;
  columns: readonly string[];
  applyBatch(
    trx: Transaction<Database>,
    context: RowBatchContext,
    rows: readonly UploadRow[],
    prepared?: unknown,
  ): Promise<RowOutcome[]>;
  /** Columns a file may leave out of its header (added later: older files stay valid); read as empty. */
  optionalColumns?: readonly string[];
  /** The columns for the upload's options, when they depend on them (else `columns`). */
  columnsFor?(options: unknown): readonly string[];
  /**
   * Work before a batch's transaction, committed on its own (marking events under update, screening
   * rows through the engine, which commits its own store); what it answers goes to applyBatch.
   * It may run twice for a batch (a run taken over after it): it must be safe to repeat.
   */
  prepareBatch?(db: Kysely<Database>, context: RowBatchContext, rows: readonly UploadRow[]): Promise<unknown>;
  /**
   * Pipelined: the next batch's prepareBatch runs while the batch before it commits (its applyBatch
   * transaction), never before that batch's prepareBatch has finished nor before the batch before
   * that one has committed. Only for a handler whose prepareBatch needs nothing of the previous
   * batch's transaction (CsvAuthori: its screening sees the previous batch's stored events).
   */
  pipelined?: boolean;
  /** After the last batch (and when the job fails): releases what the job still marks. */
  finish?(db: Kysely<Database>, context: RowBatchContext): Promise<void>;
  /** Example rows of the sample file (by column), in the CSV (30) shape for types with options. */
  sampleRows?: readonly Readonly<Record<string, string>>[];
}
