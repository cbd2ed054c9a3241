import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import iconv from "iconv-lite";
import type { CsvEncoding } from "../../../contract/eventExport.ts";
import { CRLF, type CsvCell, type CsvDelimiter, csvCell, UTF8_BOM } from "../csvSafe.ts";

export interface CsvFileWriter {
  /** Appends rows (cells made safe and quoted by csvSafe), waiting while the disk is behind. */
  writeRows(rows: readonly (readonly CsvCell[])[]): Promise<void>;
  /** Appends lines already formatted (each ended by CRLF), in one write. */
  writeText(text: string): Promise<void>;
  /** Finishes the file and moves it to its final name. */
  finish(): Promise<void>;
  /** Drops the partial file. */
  discard(): Promise<void>;
}

/** The Content-Type a file of this encoding is served with. */
export const csvContentType = (encoding: CsvEncoding): string =>
  `text/csv; charset=${encoding === "cp932" ? "Shift_JIS" : "utf-8"}`;

/** Encodes text for the file: UTF-8, or Shift_JIS (CP932) where a character outside it becomes "?". */
const encoderFor = (encoding: CsvEncoding) =>
  encoding === "cp932"
    ? (text: string) => iconv.encode(text, "cp932")
    : (text: string) => Buffer.from(text, "utf8");

/**
 * Writes a CSV file through a stream with backpressure, into "<file>.part" renamed on finish, so a
 * half-written file is never offered for download. UTF-8 files start with the BOM (Excel reads
 * Japanese correctly); every row ends with CRLF.
 */
export async function openCsvFile(
  file: string,
  options: { delimiter: CsvDelimiter; encoding: CsvEncoding },
): Promise<CsvFileWriter> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.part`;
  // A 1 MB buffer: the writer hands over text in pieces of ~64 KB and waits only when a megabyte is behind.
  const stream = createWriteStream(partial, { mode: 0o600, highWaterMark: 1 << 20 });
  let failure: Error | undefined;
  stream.on("error", (error) => {
    failure = error;
  });
  await once(stream, "open");
  const encode = encoderFor(options.encoding);
  const { delimiter } = options;

  async function write(chunk: Buffer): Promise<void> {
    if (failure) throw failure;
    // once() also rejects when the stream errs while waiting, and removes its listeners either way.
    if (!stream.write(chunk)) await once(stream, "drain");
    if (failure) throw failure;
  }

  let started = false;
  async function writeText(lines: string): Promise<void> {
    let text = lines;
    if (!started) {
      started = true;
      if (options.encoding === "utf8") text = UTF8_BOM + text;
    }
    await write(encode(text));
  }
  return {
    async writeRows(rows) {
      let text = "";
      for (const row of rows) {
        let line = "";
        for (let i = 0; i < row.length; i++) line += (i === 0 ? "" : delimiter) + csvCell(row[i], delimiter);
        text += line + CRLF;
      }
      await writeText(text);
    },
    writeText,
    async finish() {
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
