import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { CRLF, csvCell, defuseFormula, toCsv, UTF8_BOM } from "../../../src/server/services/csvSafe.ts";

const spectrumDir = path.dirname(createRequire(import.meta.url).resolve("csv-spectrum/package.json"));
const spectrumCases = readdirSync(path.join(spectrumDir, "csvs")).map((file) => file.replace(/\.csv$/, ""));

/** csv-spectrum's expected rows: one JSON object per record (one file holds a bare object). */
function spectrumRows(name: string): Record<string, string>[] {
  const json: unknown = JSON.parse(readFileSync(path.join(spectrumDir, "json", `${name}.json`), "utf8"));
  return Array.isArray(json) ? json : [json as Record<string, string>];
}

const asTable = (records: Record<string, string>[]): string[][] => {
  const header = Object.keys(records[0] ?? {});
  return [header, ...records.map((record) => header.map((key) => record[key] ?? ""))];
};

describe("csvCell", () => {
  it("prefixes an apostrophe to cells that start with = + - @, tab or CR", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+81-3-1234")).toBe("'+81-3-1234");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
    expect(defuseFormula("a=1")).toBe("a=1");
  });

  it("defuses the full-width signs a Japanese input method types as well", () => {
    expect(csvCell('＝HYPERLINK("http://x")')).toBe('"\'＝HYPERLINK(""http://x"")"');
    expect(csvCell("＋８１")).toBe("'＋８１");
    expect(csvCell("－１＋２")).toBe("'－１＋２");
    expect(csvCell("＠SUM(A1)")).toBe("'＠SUM(A1)");
    // MINUS SIGN: the Shift_JIS (CP932) file writes it as －.
    expect(csvCell("−cmd|' /C calc'!A0")).toBe("'−cmd|' /C calc'!A0");
    expect(defuseFormula("東京都＝")).toBe("東京都＝");
  });

  it("leaves ordinary text, Japanese and numbers as they are", () => {
    expect(csvCell("amount > 100,000")).toBe('"amount > 100,000"');
    expect(csvCell("高額決済")).toBe("高額決済");
    expect(csvCell(3)).toBe("3");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(true)).toBe("true");
  });

  it("quotes cells holding the delimiter, a quote or a line end, and doubles the quotes", () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("a,b", "\t")).toBe("a,b");
    expect(csvCell("a\tb", "\t")).toBe('"a\tb"');
  });
});

describe("toCsv", () => {
  it("writes UTF-8 with a BOM and CRLF after every row, header first", () => {
    const text = toCsv([
      ["グループ名", "閾値"],
      ["高額", "金額 > 100,000"],
    ]);
    expect(text).toBe(`${UTF8_BOM}グループ名,閾値${CRLF}高額,"金額 > 100,000"${CRLF}`);
    const bytes = Buffer.from(text, "utf8");
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3, 3 + Buffer.byteLength("グループ名")).toString("utf8")).toBe("グループ名");
  });

  it("writes tab-separated files when asked, and no BOM when told", () => {
    expect(toCsv([["a", "b,c"]], { delimiter: "\t", bom: false })).toBe(`a\tb,c${CRLF}`);
  });

  it("is an empty file (BOM only) for no rows", () => {
    expect(toCsv([])).toBe(UTF8_BOM);
  });

  it("keeps a defused formula intact through a CSV reader", () => {
    const text = toCsv([["cell"], ["=cmd|' /C calc'!A0"], ["-1"], ['@x,"y"']]);
    const rows: string[][] = parse(text, { bom: true });
    expect(rows).toEqual([["cell"], ["'=cmd|' /C calc'!A0"], ["'-1"], ['\'@x,"y"']]);
  });

  describe("csv-spectrum", () => {
    it("has its cases installed", () => {
      expect(spectrumCases.length).toBeGreaterThanOrEqual(10);
    });

    for (const name of spectrumCases) {
      it(`${name}: reads back as the expected records`, () => {
        const table = asTable(spectrumRows(name));
        const written = toCsv(table);
        const read: string[][] = parse(written, { bom: true, relax_column_count: false });
        // Cells a spreadsheet would run are defused; none of the spectrum's cells start so.
        expect(read).toEqual(table.map((row) => row.map(defuseFormula)));
        expect(written.endsWith(CRLF)).toBe(true);
      });
    }

    // Where the spectrum file itself is CRLF and quotes only what must be quoted, the bytes agree.
    for (const name of ["simple_crlf", "newlines_crlf"]) {
      it(`${name}: byte for byte the spectrum's file, after the BOM`, () => {
        const expected = readFileSync(path.join(spectrumDir, "csvs", `${name}.csv`));
        const written = Buffer.from(toCsv(asTable(spectrumRows(name))), "utf8");
        expect(written.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
        expect(written.subarray(3)).toEqual(expected);
      });
    }
  });
});
