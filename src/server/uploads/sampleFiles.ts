import { UPLOAD_FILE_TYPES, type UploadFileType } from "../../contract/uploads.ts";
import { CRLF, csvCell } from "../services/csvSafe.ts";
import type { UploadRowHandler } from "./rowHandler.ts";
import { ROW_HANDLERS } from "./uploadFileTypes.ts";

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Example rows of the types whose handler has none of its own. */
const FALLBACK_ROWS: Partial<Record<UploadFileType, readonly Readonly<Record<string, string>>[]>> = {
  CsvKeyword: [
    { categoryId: "ADDRESS01", keyword: "私書箱" },
    { categoryId: "ADDRESS01", keyword: "%転送%" },
  ],
};

/** The columns of a type's sample file: its CSV (30) shape. */
export const sampleColumns = (handler: UploadRowHandler): readonly string[] => handler.columns;

/**
 * A type's sample file: UTF-8 with a BOM (Excel opens it as UTF-8), the header row the pipeline
 * checks (the handler's own columns, so the two cannot drift apart) and example rows, CRLF.
 */
export function sampleFile(fileType: UploadFileType): Buffer | undefined {
  const handler = ROW_HANDLERS.get(fileType);
  if (!handler) return undefined;
  const columns = sampleColumns(handler);
  const rows = handler.sampleRows ?? FALLBACK_ROWS[fileType] ?? [];
  const line = (cells: readonly string[]) => cells.map((cell) => csvCell(cell)).join(",") + CRLF;
  const text = line(columns) + rows.map((row) => line(columns.map((column) => row[column] ?? ""))).join("");
  return Buffer.concat([BOM, Buffer.from(text, "utf8")]);
}

export const isUploadFileType = (value: string): value is UploadFileType =>
  (UPLOAD_FILE_TYPES as readonly string[]).includes(value);
