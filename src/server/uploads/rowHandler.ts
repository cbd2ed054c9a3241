import type { Transaction } from "kysely";
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
  /** The options the screen sent with the file, checked against the file type's schema (uploadOptions.ts). */
  options: Readonly<Record<string, unknown>>;
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
  ): Promise<RowOutcome[]>;
}
