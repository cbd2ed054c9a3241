import iconv from "iconv-lite";
import type { UploadEncoding } from "../../contract/uploads.ts";

const BOM = [0xef, 0xbb, 0xbf];

/**
 * Reads an upload's encoding as its bytes stream past (spec section 5): a UTF-8 BOM means UTF-8;
 * otherwise UTF-8 if every byte decodes strictly; otherwise CP932 (Shift_JIS as Excel writes it).
 */
export class EncodingSniffer {
  private head: number[] = [];
  private readonly strict = new TextDecoder("utf-8", { fatal: true });
  private validUtf8 = true;

  push(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length && this.head.length < BOM.length; i++) this.head.push(chunk[i] ?? 0);
    if (!this.validUtf8) return;
    try {
      this.strict.decode(chunk, { stream: true });
    } catch {
      this.validUtf8 = false;
    }
  }

  result(): UploadEncoding {
    if (BOM.every((byte, i) => this.head[i] === byte)) return "utf8bom";
    if (this.validUtf8) {
      try {
        this.strict.decode(); // an incomplete character at the end is not UTF-8
        return "utf8";
      } catch {
        return "cp932";
      }
    }
    return "cp932";
  }
}

/** A streaming decoder of one encoding: feed chunks, then end(); the BOM is dropped. */
export function textDecoder(encoding: UploadEncoding): { write(chunk: Uint8Array): string; end(): string } {
  if (encoding === "cp932") {
    const decoder = iconv.getDecoder("cp932");
    return { write: (chunk) => decoder.write(Buffer.from(chunk)), end: () => decoder.end() ?? "" };
  }
  // ignoreBOM false: TextDecoder drops a leading BOM itself.
  const decoder = new TextDecoder("utf-8");
  return { write: (chunk) => decoder.decode(chunk, { stream: true }), end: () => decoder.decode() };
}

/** Text in the upload's encoding, for its result file. */
export const encodeText = (text: string, encoding: UploadEncoding): Buffer =>
  encoding === "cp932" ? iconv.encode(text, "cp932") : Buffer.from(text, "utf8");

/** What a result file starts with: the BOM when the upload had one. */
export const filePreamble = (encoding: UploadEncoding): Buffer =>
  encoding === "utf8bom" ? Buffer.from(BOM) : Buffer.alloc(0);

/** The Content-Type a file of the encoding is served with. */
export const csvContentType = (encoding: UploadEncoding): string =>
  encoding === "cp932" ? "text/csv; charset=Shift_JIS" : "text/csv; charset=utf-8";
