import { describe, expect, it } from "vitest";
import { copyTuples, PackedRowsPool } from "../../../../src/server/services/eventExport/packedRows.ts";

/** What `COPY (select <text>) TO STDOUT (FORMAT binary)` sends for these values (one field each). */
function binaryCopy(values: readonly string[], extension = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(0, 0);
  header.writeUInt32BE(extension.length, 4);
  const tuples = values.map((value) => {
    const bytes = Buffer.from(value, "utf8");
    const framing = Buffer.alloc(6);
    framing.writeInt16BE(1, 0);
    framing.writeInt32BE(bytes.length, 2);
    return Buffer.concat([framing, bytes]);
  });
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  return Buffer.concat([Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), header, extension, ...tuples, trailer]);
}

const ROWS = ['["E1","東京都千代田区",1]', "", '["E3",null,"line\\nbreak"]', "x".repeat(3000)];

describe("packed rows", () => {
  it("gives back the strings it packed, in order, also after growing its buffer", () => {
    const pool = new PackedRowsPool();
    const many = Array.from({ length: 600 }, (_, i) => `${ROWS[i % ROWS.length]}#${i}`);
    const packed = pool.pack(many);
    expect(packed.count).toBe(600);
    expect(Array.from({ length: 600 }, (_, i) => packed.row(i))).toEqual(many);
  });

  it("reads a binary COPY's rows as UTF-8, whatever the chunks it came in", () => {
    const output = binaryCopy(ROWS, Buffer.from("ext"));
    for (const chunkSize of [1, 7, 4096, output.length]) {
      const pool = new PackedRowsPool();
      const collector = pool.collectCopy();
      for (let at = 0; at < output.length; at += chunkSize) {
        collector.append(output.subarray(at, at + chunkSize));
      }
      const rows = collector.finish();
      expect(
        Array.from({ length: rows.count }, (_, i) => rows.row(i)),
        `chunks of ${chunkSize}`,
      ).toEqual(ROWS);
    }
  });

  it("copies each chunk at once, so a reused chunk buffer does not change the rows", () => {
    const output = binaryCopy(["abc", "def"]);
    const collector = new PackedRowsPool().collectCopy();
    const reused = Buffer.alloc(output.length);
    output.copy(reused);
    collector.append(reused);
    reused.fill(0);
    const rows = collector.finish();
    expect([rows.row(0), rows.row(1)]).toEqual(["abc", "def"]);
  });

  it("reuses a released buffer for the next batch", () => {
    const pool = new PackedRowsPool();
    const first = pool.pack(["a"]);
    pool.release(first);
    const collector = pool.collectCopy();
    collector.append(binaryCopy(["b"]));
    const second = collector.finish();
    expect(second.buffer).toBe(first.buffer);
    expect(second.row(0)).toBe("b");
  });

  it("refuses output that is not a whole binary COPY of one non-null text per tuple", () => {
    const whole = binaryCopy(["abc"]);
    expect(() => copyTuples(Buffer.from("abc\n"), 4)).toThrow("not the output of a binary COPY");
    expect(() => copyTuples(whole, whole.length - 2)).toThrow("ends inside a tuple");
    expect(() => copyTuples(whole, whole.length - 4)).toThrow("ends inside a tuple");
    const twoFields = Buffer.from(whole);
    twoFields.writeInt16BE(2, 19);
    expect(() => copyTuples(twoFields, twoFields.length)).toThrow("not one value");
    const nullValue = Buffer.concat([
      whole.subarray(0, 21),
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    ]);
    expect(() => copyTuples(nullValue, nullValue.length)).toThrow("is null");
    const longer = Buffer.concat([whole, Buffer.from([0])]);
    expect(() => copyTuples(longer, longer.length)).toThrow("goes on after its end");
  });
});
