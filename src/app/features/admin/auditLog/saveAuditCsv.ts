import type { AuditLogCsvFile } from "../../../../contract/auditLog.ts";
import { saveTextFile } from "../../../ui/saveTextFile.ts";

/** The bytes of a base64 text (the CP932 file as the server sends it). */
const bytesOf = (base64: string): Uint8Array<ArrayBuffer> => {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
};

/** Hands the audit CSV to the browser: UTF-8 text (BOM first) as it is, CP932 as its bytes. */
export function saveAuditCsv(file: AuditLogCsvFile): void {
  if (file.encoding === "utf8") {
    saveTextFile(file.fileName, file.content);
    return;
  }
  const url = URL.createObjectURL(new Blob([bytesOf(file.content)], { type: "text/csv;charset=Shift_JIS" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
