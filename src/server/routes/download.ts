import type { FastifyInstance } from "fastify";
import { DOWNLOAD_PATH_PREFIX } from "../../contract/eventExport.ts";
import { signedInSession } from "../plugins/requestGuard.ts";
import { SESSION_COOKIE } from "../plugins/sessionCookie.ts";
import type { DownloadService } from "../services/downloadService.ts";
import type { SessionService } from "../services/sessionService.ts";

const SAME_SITE_RELOAD =
  '<!doctype html><html lang="ja"><meta charset="utf-8"><meta http-equiv="refresh" content="0"><title>CSV</title></html>';

/** attachment with the plain name, and the RFC 5987 form for any non-ASCII one. */
const attachment = (fileName: string): string =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * GET DOWNLOAD_PATH_PREFIX + token: a job's file (the event CSV output, later the CSV uploads' results)
 * for the operator who asked for it. The browser's session cookie must belong to the same tenant and
 * operator as the link (services/downloadService.ts). The token is never logged (plugins/logging.ts
 * redacts it).
 */
export function registerDownloadRoutes(
  app: FastifyInstance,
  downloads: DownloadService,
  sessions: SessionService,
): void {
  app.get<{ Params: { token: string } }>(`${DOWNLOAD_PATH_PREFIX}:token`, async (request, reply) => {
    // A link opened from another site (a webmail) arrives without the SameSite=Strict cookie: the page
    // reloads the same URL from this origin, which sends it. A same-site request never gets this page,
    // so it cannot loop; without a session the reload is refused as below.
    if (
      !request.cookies[SESSION_COOKIE] &&
      request.headers["sec-fetch-site"] === "cross-site" &&
      request.headers["sec-fetch-mode"] === "navigate"
    ) {
      return reply
        .header("cache-control", "no-store")
        .header("referrer-policy", "no-referrer")
        .type("text/html; charset=utf-8")
        .send(SAME_SITE_RELOAD);
    }
    // The console call's session and source IP checks; a navigation cannot carry the anti-forgery
    // token, the SameSite=Strict cookie is the proof here.
    const { auth } = await signedInSession(request, sessions, null);
    const download = await downloads.file(
      { ...auth, sourceIp: request.ip },
      request.params.token,
      request.log,
    );
    return reply
      .header("content-type", download.contentType)
      .header("content-disposition", attachment(download.fileName))
      .header("content-length", download.size)
      .header("cache-control", "no-store")
      .send(download.open());
  });
}
