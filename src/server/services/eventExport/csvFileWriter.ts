import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { CSV_DELIMITER, type CsvEncoding, type CsvExportOptions } from "../../../contract/eventExport.ts";
import { CRLF, type CsvCell, type CsvDelimiter, csvCell, UTF8_BOM } from "../csvSafe.ts";
import { MAX_CP932_PER_UNIT, writeCp932 } from "./cp932Encoder.ts";

export interface CsvFileWriter {
  /** Appends rows (cells made safe and quoted by csvSafe), waiting while the disk is behind. */
  writeRows(rows: readonly (readonly CsvCell[])[]): Promise<void>;
  /**
   * Appends one line already formatted (without its line end) to the chunk being filled; a full
   * chunk goes to the file. Never waits: the caller awaits `drained()` when `behind` says so.
   */
  writeLine(line: string): void;
  /** True while more than the stream's buffer is waiting for the disk. */
  readonly behind: boolean;
  /** Resolves once the disk has caught up (at once when it is not behind). */
  drained(): Promise<void>;
  /** Finishes the file and moves it to its final name. */
  finish(): Promise<void>;
  /** Drops the partial file. */
  discard(): Promise<void>;
}

/** The character the output option's delimiter (spec section 9: 0 comma, 1 tab) stands for. */
export const csvDelimiterOf = (option: CsvExportOptions["delimiter"]): CsvDelimiter =>
  option === CSV_DELIMITER.tab ? "\t" : ",";

/** The Content-Type a file of this delimiter and encoding is served with. */
export const csvContentType = (delimiter: CsvDelimiter, encoding: CsvEncoding): string =>
  `${delimiter === "\t" ? "text/tab-separated-values" : "text/csv"}; charset=${encoding === "cp932" ? "Shift_JIS" : "utf-8"}`;

/**
 * The download's file name extension. A tab-separated file is named .txt: Excel opens a .csv split
 * at commas only (the tab-separated rows would land whole in column A), while a .txt goes through
 * its text import, tab-separated by default; .tsv is not among the files Excel opens.
 */
export const csvFileExtension = (delimiter: CsvDelimiter): string => (delimiter === "\t" ? ".txt" : ".csv");

/** Bytes of encoded lines handed to the file at once. */
const CHUNK_BYTES = 256 * 1024;
/** Bytes the stream may hold for the disk before the writer is behind (a few chunks). */
const STREAM_BUFFER_BYTES = 1 << 20;
/** Most bytes one UTF-16 code unit takes in UTF-8 (a surrogate pair takes 4 for 2 units). */
const MAX_UTF8_PER_UNIT = 3;
const CRLF_BYTES = Buffer.from(CRLF, "latin1");

/**
 * Writes a CSV file through a stream with backpressure, into "<file>.part" renamed on finish, so a
 * half-written file is never offered for download. UTF-8 files start with the BOM (Excel reads
 * Japanese correctly); every row ends with CRLF; CP932 (Shift_JIS) turns a character outside it
 * into "?" (as iconv-lite does, cp932Encoder.ts). Lines are encoded straight into reused chunks of CHUNK_BYTES (no text of many lines is
 * built, flattened and copied again), and a chunk goes back to the pool once the disk has it.
 */
export async function openCsvFile(
  file: string,
  options: { delimiter: CsvDelimiter; encoding: CsvEncoding },
): Promise<CsvFileWriter> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.part`;
  const stream = createWriteStream(partial, { mode: 0o600, highWaterMark: STREAM_BUFFER_BYTES });
  let failure: Error | undefined;
  stream.on("error", (error) => {
    failure = error;
  });
  await once(stream, "open");
  const { delimiter, encoding } = options;

  const spare: Buffer[] = [];
  let chunk: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;
  let behind = false;

  function send(bytes: Buffer, written?: () => void): void {
    if (failure) throw failure;
    if (!stream.write(bytes, written)) behind = true;
  }
  function flush(): void {
    if (used === 0) return;
    // The chunk is the stream's until its write is done; the next lines go to a spare one.
    const full = chunk;
    send(full.subarray(0, used), () => spare.push(full));
    chunk = spare.pop() ?? Buffer.allocUnsafe(CHUNK_BYTES);
    used = 0;
  }
  function append(bytes: Buffer): void {
    if (used + bytes.length > CHUNK_BYTES) flush();
    if (bytes.length > CHUNK_BYTES) send(bytes);
    else used += bytes.copy(chunk, used);
  }
  // A line's most bytes, and how it is encoded into the chunk (room checked first).
  const perUnit = encoding === "cp932" ? MAX_CP932_PER_UNIT : MAX_UTF8_PER_UNIT;
  const encodeInto =
    encoding === "cp932"
      ? (text: string, target: Buffer, offset: number) => writeCp932(text, target, offset)
      : (text: string, target: Buffer, offset: number) => offset + target.write(text, offset, "utf8");
  function writeLine(line: string): void {
    const most = line.length * perUnit + CRLF_BYTES.length;
    if (used + most > CHUNK_BYTES) flush();
    if (most > CHUNK_BYTES) {
      // A line longer than a chunk (a huge memo) gets a buffer of its own.
      const own = Buffer.allocUnsafe(most);
      const end = encodeInto(line, own, 0);
      send(own.subarray(0, end + CRLF_BYTES.copy(own, end)));
      return;
    }
    used = encodeInto(line, chunk, used);
    used += CRLF_BYTES.copy(chunk, used);
  }
  if (encoding === "utf8") append(Buffer.from(UTF8_BOM, "utf8"));

  async function drained(): Promise<void> {
    if (failure) throw failure;
    // once() also rejects when the stream errs while waiting, and removes its listeners either way.
    if (behind && stream.writableNeedDrain) await once(stream, "drain");
    behind = false;
    if (failure) throw failure;
  }
  return {
    async writeRows(rows) {
      for (const row of rows) {
        let line = "";
        for (let i = 0; i < row.length; i++) line += (i === 0 ? "" : delimiter) + csvCell(row[i], delimiter);
        writeLine(line);
      }
      await drained();
    },
    writeLine,
    get behind() {
      return behind;
    },
    drained,
    async finish() {
      flush();
      if (failure) throw failure;
      stream.end();
      await once(stream, "finish");
      if (failure) throw failure;
      await rename(partial, file);
    },
    async discard() {
      stream.destroy();
      await rm(partial, { force: true });
    },
  };
}
