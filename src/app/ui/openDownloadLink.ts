/**
 * Hands a download link (GET /api/v3/download/<token>) to the browser, which saves the file under
 * the name the server gives it (Content-Disposition); the page stays where it is.
 */
export function openDownloadLink(url: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
