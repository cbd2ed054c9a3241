import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { type FilePart, uploadDb } from "./uploadTables.ts";

/** Largest piece a file is stored in: one row of upload_file_chunks. */
export const CHUNK_BYTES = 1024 * 1024;

export interface FileRef {
  companyId: string;
  fileId: string;
  part: FilePart;
}

/**
 * Stores a file piece by piece as its bytes arrive, never holding more than one piece; answers the
 * byte count. onBytes sees every piece before it is stored (size limit, encoding sniffing) and may throw.
 */
export async function storeFile(
  db: Kysely<Database>,
  file: FileRef,
  source: AsyncIterable<Uint8Array>,
  now: Date,
  onBytes: (chunk: Uint8Array, total: number) => void = () => {},
): Promise<number> {
  const chunks = uploadDb(db);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  let seq = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const data = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    for (let at = 0; at < data.length; at += CHUNK_BYTES) {
      await chunks
        .insertInto("upload_file_chunks")
        .values({
          company_id: file.companyId,
          file_id: file.fileId,
          part: file.part,
          seq: seq++,
          data: data.subarray(at, at + CHUNK_BYTES),
          stored_at: now,
        })
        .execute();
    }
  };
  for await (const piece of source) {
    total += piece.length;
    onBytes(piece, total);
    pending.push(Buffer.from(piece));
    pendingBytes += piece.length;
    if (pendingBytes >= CHUNK_BYTES) await flush();
  }
  await flush();
  return total;
}

/** A stored file's bytes, one piece at a time (one query per piece, by seq). */
export async function* readFile(db: Kysely<Database>, file: FileRef): AsyncGenerator<Uint8Array> {
  const chunks = uploadDb(db);
  for (let seq = 0; ; seq++) {
    const row = await chunks
      .selectFrom("upload_file_chunks")
      .select("data")
      .where("company_id", "=", file.companyId)
      .where("file_id", "=", file.fileId)
      .where("part", "=", file.part)
      .where("seq", "=", seq)
      .executeTakeFirst();
    if (!row) return;
    yield row.data;
  }
}

/** The stored byte count of a file, or undefined when it has none. */
export async function storedFileSize(db: Kysely<Database>, file: FileRef): Promise<number | undefined> {
  const row = await uploadDb(db)
    .selectFrom("upload_file_chunks")
    .select((eb) => [
      eb.fn.count<string>("seq").as("pieces"),
      eb.fn.sum<string>(eb.fn("length", ["data"])).as("bytes"),
    ])
    .where("company_id", "=", file.companyId)
    .where("file_id", "=", file.fileId)
    .where("part", "=", file.part)
    .executeTakeFirst();
  return row && Number(row.pieces) > 0 ? Number(row.bytes) : undefined;
}

export const deleteFile = (db: Kysely<Database>, file: FileRef) =>
  uploadDb(db)
    .deleteFrom("upload_file_chunks")
    .where("company_id", "=", file.companyId)
    .where("file_id", "=", file.fileId)
    .where("part", "=", file.part)
    .execute();
