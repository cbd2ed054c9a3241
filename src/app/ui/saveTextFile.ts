/**
 * Hands a text file to the browser as a download (CSV exports). The text is written as UTF-8, so a
 * leading U+FEFF becomes the BOM Excel needs. The object URL lives a minute: long enough for the
 * browser to start the download, short enough not to pile up.
 */
export function saveTextFile(fileName: string, content: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
