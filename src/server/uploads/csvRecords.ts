import { Readable } from "node:stream";
import { parse } from "csv-parse";
import type { Kysely } from "kysely";
import type { UploadEncoding } from "../../contract/uploads.ts";
import type { Database } from "../db/schema.ts";
import { type FileRef, readFile } from "./fileChunks.ts";
import { textDecoder } from "./textEncoding.ts";

async function* decodedText(db: Kysely<Database>, file: FileRef, encoding: UploadEncoding) {
  const decoder = textDecoder(encoding);
  for await (const chunk of readFile(db, file)) {
    const text = decoder.write(chunk);
    if (text !== "") yield text;
  }
  const rest = decoder.end();
  if (rest !== "") yield rest;
}

/**
 * A stored CSV file's records (the header first), streamed: CRLF or LF, quoted fields holding commas,
 * quotes and line breaks (csv-parse). Blank lines are skipped; a record may have any number of fields
 * (the pipeline refuses a row whose count differs from the header's). A malformed file throws
 * csv-parse's error, which names the line.
 */
export async function* csvRecords(
  db: Kysely<Database>,
  file: FileRef,
  encoding: UploadEncoding,
): AsyncGenerator<string[]> {
  const parser = Readable.from(decodedText(db, file, encoding)).pipe(
    // relax_quotes: a quote inside an unquoted field is a character of it (csv-spectrum's coordinates);
    // either line end ends a record, also in a file that mixes them (an edited export).
    parse({
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ["\r\n", "\n"],
      skip_empty_lines: true,
    }),
  );
  for await (const record of parser) yield record as string[];
}
