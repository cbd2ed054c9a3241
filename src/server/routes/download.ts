import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { PERMISSION } from "../../contract/codes.ts";
import { ERROR } from "../../contract/errors.ts";
import { DOWNLOAD_PATH_PREFIX } from "../../contract/eventExport.ts";
import { type ScreenId, screenWithin } from "../../contract/screens.ts";
import { ApiError } from "../apiError.ts";
import { findDownloadLink } from "../jobs/downloadLinks.ts";
import { SESSION_COOKIE } from "../plugins/sessionCookie.ts";
import { ipListAllows } from "../services/allowedIpService.ts";
import type { ServiceDeps } from "../services/deps.ts";
import { EVENT_CSV_JOB } from "../services/eventExport/eventExportPayload.ts";
import { permissionsFor, permits } from "../services/permissionService.ts";
import type { SessionService } from "../services/sessionService.ts";

/**
 * The screen whose read permission a job's file needs, by job kind (with the screen its dialog opens
 * from): a link stays usable only while the operator's role may still open what made it. A kind without a screen is never served.
 */
const DOWNLOAD_SCREEN: Readonly<Record<string, ScreenId>> = { [EVENT_CSV_JOB]: "EventDialogCsvDownload" };

/** A token as randomSecret makes it: 32 bytes in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const SAME_SITE_RELOAD =
  '<!doctype html><html lang="ja"><meta charset="utf-8"><meta http-equiv="refresh" content="0"><title>CSV</title></html>';

/** attachment with the plain name, and the RFC 5987 form for any non-ASCII one. */
const attachment = (fileName: string): string =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * GET DOWNLOAD_PATH_PREFIX + token: a job's file (the event CSV output, later the CSV uploads' results)
 * for the operator who asked for it. The browser's session cookie must belong to the same tenant and
 * operator as the link; an unknown token, another tenant's or another operator's link all answer the
 * same 963, so nothing tells them apart. The token is never logged (plugins/logging.ts redacts it).
 */
export function registerDownloadRoutes(
  app: FastifyInstance,
  deps: Pick<ServiceDeps, "db" | "config" | "now">,
  sessions: SessionService,
): void {
  const { db, config, now } = deps;
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
    // A navigation cannot carry the anti-forgery token; the SameSite=Strict cookie is the proof here.
    const session = await sessions.check(request.cookies[SESSION_COOKIE], null);
    if (!session.ok) {
      request.log.info({ reason: session.reason }, "download without a session");
      throw new ApiError(ERROR.invalidToken);
    }
    const { auth } = session;
    if (!ipListAllows(session.consoleIps, request.ip)) {
      request.log.warn({ companyId: auth.companyId, sourceIp: request.ip }, "source IP not allowed");
      throw new ApiError(ERROR.sourceIpNotAllowed);
    }
    const { token } = request.params;
    const link = TOKEN_SHAPE.test(token) ? await findDownloadLink(db, token) : undefined;
    if (!link || link.company_id !== auth.companyId || link.operator_id !== auth.operatorId) {
      if (link)
        request.log.warn(
          { companyId: auth.companyId, operatorId: auth.operatorId },
          "download link of another operator",
        );
      throw new ApiError(ERROR.notFound);
    }
    const job = await db
      .selectFrom("jobs")
      .select("kind")
      .where("company_id", "=", link.company_id)
      .where("job_id", "=", link.job_id)
      .executeTakeFirst();
    const screenId = job ? DOWNLOAD_SCREEN[job.kind] : undefined;
    // The file's screen, and the screen its dialog opens from (screenWithin), both readable.
    const needed = screenId ? [screenId, screenWithin(screenId)].filter((id) => id !== undefined) : [];
    const permissions = await permissionsFor(db, auth.companyId, auth.roleId, needed);
    if (
      needed.length === 0 ||
      needed.some((id) => !permits(permissions.get(id) ?? PERMISSION.none, "read"))
    ) {
      request.log.warn(
        { companyId: auth.companyId, operatorId: auth.operatorId, screenId },
        "download not permitted",
      );
      throw new ApiError(ERROR.forbidden);
    }
    if (new Date(link.expires_at).getTime() <= now().getTime()) throw new ApiError(ERROR.downloadExpired);
    const file = path.join(config.dataDir, link.file_path);
    const size = await stat(file).then(
      (info) => info.size,
      () => undefined,
    );
    if (size === undefined) throw new ApiError(ERROR.notFound);
    return reply
      .header("content-type", link.content_type)
      .header("content-disposition", attachment(link.file_name))
      .header("content-length", size)
      .header("cache-control", "no-store")
      .send(createReadStream(file));
  });
}
