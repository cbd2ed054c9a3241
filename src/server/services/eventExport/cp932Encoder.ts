import iconv from "iconv-lite";

/** Most bytes one UTF-16 code unit takes in CP932. */
export const MAX_CP932_PER_UNIT = 2;
const QUESTION_MARK = 0x3f;

/** Lead bytes of CP932's two-byte characters. */
const isLeadByte = (byte: number): boolean =>
  (byte >= 0x81 && byte <= 0x9f) || (byte >= 0xe0 && byte <= 0xfc);

let table: Uint16Array | undefined;

/**
 * Characters CP932 has only as a twin: text that came from Shift_JIS (JIS X 0208) systems holds
 * their Unicode form (WAVE DASH 〜, MINUS SIGN −, ...), which Microsoft's CP932 mapping, and so
 * iconv-lite, lacks. Each is written as its twin's bytes (〜 as ～, 0x8160) instead of a lost "?".
 */
const CP932_TWINS: readonly (readonly [unit: number, twin: number])[] = [
  [0x301c, 0xff5e], // WAVE DASH -> FULLWIDTH TILDE
  [0x2016, 0x2225], // DOUBLE VERTICAL LINE -> PARALLEL TO
  [0x2212, 0xff0d], // MINUS SIGN -> FULLWIDTH HYPHEN-MINUS
  [0x2014, 0x2015], // EM DASH -> HORIZONTAL BAR
  [0x00a2, 0xffe0], // CENT SIGN -> FULLWIDTH CENT SIGN
  [0x00a3, 0xffe1], // POUND SIGN -> FULLWIDTH POUND SIGN
  [0x00ac, 0xffe2], // NOT SIGN -> FULLWIDTH NOT SIGN
  [0x00a6, 0xffe4], // BROKEN BAR -> FULLWIDTH BROKEN BAR
];

/**
 * Every UTF-16 code unit outside the surrogates as iconv-lite encodes it to CP932: one byte (< 0x100),
 * or two (lead << 8 | trail); a character outside CP932 is "?" there too, the twins aside
 * (CP932_TWINS). Made once, from one iconv-lite call over all of them.
 */
function cp932Table(): Uint16Array {
  if (table) return table;
  const units: number[] = [];
  for (let unit = 0; unit < 0x10000; unit++) if (unit < 0xd800 || unit > 0xdfff) units.push(unit);
  const bytes = iconv.encode(String.fromCharCode(...units), "cp932");
  const built = new Uint16Array(0x10000);
  let at = 0;
  for (const unit of units) {
    const first = bytes[at++] as number;
    built[unit] = isLeadByte(first) ? (first << 8) | (bytes[at++] as number) : first;
  }
  if (at !== bytes.length) throw new Error("CP932 table: iconv-lite wrote an unexpected length");
  for (const [unit, twin] of CP932_TWINS)
    if (built[unit] === QUESTION_MARK) built[unit] = built[twin] as number;
  table = built;
  return built;
}

/**
 * Writes `text` in CP932 into `target` from `offset` (room for text.length * MAX_CP932_PER_UNIT bytes
 * needed) and answers the offset after it: the bytes iconv-lite writes for the same text, twins
 * written as their twin (CP932_TWINS); a surrogate
 * pair, whose character CP932 lacks, or a lone surrogate is one "?"), from a table instead of its
 * per-character encoder (~5x faster on the CSV's lines).
 */
export function writeCp932(text: string, target: Buffer, offset: number): number {
  const codes = cp932Table();
  let at = offset;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) {
      target[at++] = unit;
      continue;
    }
    if (unit >= 0xd800 && unit <= 0xdfff) {
      // A lead surrogate followed by a trail one is one character; either alone is one too.
      const next = text.charCodeAt(i + 1);
      if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      target[at++] = QUESTION_MARK;
      continue;
    }
    const code = codes[unit] as number;
    if (code > 0xff) target[at++] = code >> 8;
    target[at++] = code & 0xff;
  }
  return at;
}
