/**
 * A batch's rows (one JSON text per event) kept in one reused buffer while the batch waits its turn,
 * instead of as strings on the JS heap. Strings held for a few hundred milliseconds outlive two
 * young-generation collections and are moved to the old generation, which V8 then lets grow to about
 * four times the live heap before collecting it: measured in the server, ~140 MB of RSS for an export
 * of 150,000 events. Each row is decoded (briefly) only when it is written.
 * - From a query's strings (PGlite): packed as UTF-16, as V8 holds them, right after their statement,
 *   so the strings die young; copied both ways (~2 us a row against ~7 us for UTF-8, which is smaller
 *   but transcoded twice).
 * - From a binary COPY (PostgreSQL, tenantCopy.ts): the UTF-8 bytes PostgreSQL sent, copied as they
 *   come; no string exists before the row is written.
 */
export interface PackedRows {
  readonly count: number;
  /** The index-th row's text. */
  row(index: number): string;
}

export type PooledRows = PackedRows & { readonly buffer: Buffer };

/** Collects the output of `COPY (select <one text column>) TO STDOUT (FORMAT binary)`. */
export interface CopyCollector {
  /** A chunk of the COPY output, copied at once (PostgreSQL's chunks are views of a reused buffer). */
  append(chunk: Buffer): void;
  /** The rows, once the COPY is done. */
  finish(): PooledRows;
}

const FIRST_CAPACITY = 1 << 20;
/** A binary COPY starts with this signature, a flags word and the length of a header extension. */
const COPY_SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const COPY_HEADER_BYTES = COPY_SIGNATURE.length + 8;

/** Buffers of batches already written, handed to the next ones (an export holds a few at once). */
export class PackedRowsPool {
  private readonly spare: Buffer[] = [];

  /** Packs rows into a buffer of the pool (grown when too small). */
  pack(rows: readonly string[]): PooledRows {
    let buffer = this.take();
    const ends = new Uint32Array(rows.length);
    let used = 0;
    for (let i = 0; i < rows.length; i++) {
      const text = rows[i] as string;
      buffer = grown(buffer, used, used + text.length * 2);
      used += buffer.write(text, used, "utf16le");
      ends[i] = used;
    }
    return packed(buffer, "utf16le", ends);
  }

  /** Collects a binary COPY of one text column into a buffer of the pool. */
  collectCopy(): CopyCollector {
    let buffer = this.take();
    let used = 0;
    return {
      append(chunk) {
        buffer = grown(buffer, used, used + chunk.length);
        used += chunk.copy(buffer, used);
      },
      finish: () => {
        const { starts, ends } = copyTuples(buffer, used);
        return packed(buffer, "utf8", ends, starts);
      },
    };
  }

  /** Gives a written batch's buffer back for the next batch. */
  release(batch: { buffer: Buffer }): void {
    this.spare.push(batch.buffer);
  }

  private take(): Buffer {
    return this.spare.pop() ?? Buffer.allocUnsafeSlow(FIRST_CAPACITY);
  }
}

/** The buffer, or a larger copy of its first `used` bytes when `needed` does not fit. */
function grown(buffer: Buffer, used: number, needed: number): Buffer {
  if (needed <= buffer.length) return buffer;
  const larger = Buffer.allocUnsafeSlow(Math.max(buffer.length * 2, needed));
  buffer.copy(larger, 0, 0, used);
  return larger;
}

/** Rows as byte ranges of a buffer; each row starts where the previous ended unless starts say. */
function packed(
  buffer: Buffer,
  encoding: "utf8" | "utf16le",
  ends: Uint32Array,
  starts?: Uint32Array,
): PooledRows {
  return {
    buffer,
    count: ends.length,
    row: (index) =>
      buffer.toString(encoding, starts ? starts[index] : index === 0 ? 0 : ends[index - 1], ends[index]),
  };
}

/**
 * The byte ranges of the values in a binary COPY's output (PostgreSQL's COPY documentation, "Binary
 * Format"): header, then per tuple its field count and per field a length and the bytes, then -1.
 * Exactly one non-null field per tuple is expected.
 */
export function copyTuples(buffer: Buffer, length: number): { starts: Uint32Array; ends: Uint32Array } {
  if (length < COPY_HEADER_BYTES || !buffer.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE)) {
    throw new Error("not the output of a binary COPY");
  }
  let offset = COPY_HEADER_BYTES + buffer.readUInt32BE(COPY_SIGNATURE.length + 4);
  const starts: number[] = [];
  const ends: number[] = [];
  const truncated = () => new Error("a binary COPY's output ends inside a tuple");
  for (;;) {
    if (offset + 2 > length) throw truncated();
    const fields = buffer.readInt16BE(offset);
    offset += 2;
    if (fields === -1) break;
    if (fields !== 1) throw new Error("a binary COPY tuple is not one value");
    if (offset + 4 > length) throw truncated();
    const size = buffer.readInt32BE(offset);
    if (size < 0) throw new Error("a binary COPY tuple's value is null");
    offset += 4;
    if (offset + size > length) throw truncated();
    starts.push(offset);
    offset += size;
    ends.push(offset);
  }
  if (offset !== length) throw new Error("a binary COPY's output goes on after its end");
  return { starts: Uint32Array.from(starts), ends: Uint32Array.from(ends) };
}
