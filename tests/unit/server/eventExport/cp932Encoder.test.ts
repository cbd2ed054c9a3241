import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { FORMULA_START } from "../../../../src/server/services/csvSafe.ts";
import { MAX_CP932_PER_UNIT, writeCp932 } from "../../../../src/server/services/eventExport/cp932Encoder.ts";

/** The bytes writeCp932 writes for a text. */
function encoded(text: string): Buffer {
  const target = Buffer.alloc(text.length * MAX_CP932_PER_UNIT);
  return target.subarray(0, writeCp932(text, target, 0));
}

describe("CP932 encoder of the CSV file", () => {
  it("writes every UTF-16 code unit as iconv-lite does (unmapped and lone surrogates as ?), JIS X 0208's forms aside", () => {
    const differing: string[] = [];
    for (let unit = 0; unit < 0x10000; unit++) {
      const text = String.fromCharCode(unit);
      if (!encoded(text).equals(iconv.encode(text, "cp932"))) differing.push(unit.toString(16));
    }
    expect(differing.sort()).toEqual(["2014", "2016", "2212", "301c", "a2", "a3", "a6", "ac"]);
  });

  it("writes no character as a formula sign's bytes unless the CSV defuses it (− is written as －)", () => {
    const signs = ["=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠"];
    const signBytes = new Set(signs.map((sign) => encoded(sign).toString("hex")));
    const undefused: string[] = [];
    for (let unit = 0; unit < 0x10000; unit++) {
      const text = String.fromCharCode(unit);
      if (signBytes.has(encoded(text).toString("hex")) && !FORMULA_START.test(text))
        undefused.push(unit.toString(16));
    }
    expect(undefused).toEqual([]);
    expect(FORMULA_START.test("−cmd")).toBe(true);
  });

  it("writes JIS X 0208's Unicode forms as CP932's twins, which read back as those twins", () => {
    const jis = "深夜（2時〜4時台）‖−—¢£¬¦";
    const bytes = encoded(jis);
    expect(bytes.includes(0x3f)).toBe(false);
    expect(iconv.decode(bytes, "cp932")).toBe("深夜（2時～4時台）∥－―￠￡￢￤");
  });

  it.each([
    '東京都渋谷区神南1-2-3, 渋谷ビル"5F"\r\n',
    "ｶﾀｶﾅ ①②③ ～∥－￢ \\~",
    "pair \ud83d\ude00 lead \ud83d end",
    "\ude00 trail first \ud83d\ud83d\ude00",
    "\ud83d",
    "",
  ])("writes %j as iconv-lite does", (text) => {
    expect(encoded(text).equals(iconv.encode(text, "cp932"))).toBe(true);
  });

  it("writes from the offset given and answers the offset after the text", () => {
    const target = Buffer.alloc(16, 0xff);
    expect(writeCp932("aイ", target, 3)).toBe(6);
    expect([...target.subarray(0, 7)]).toEqual([0xff, 0xff, 0xff, 0x61, 0x83, 0x43, 0xff]);
  });
});
