import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { PERMISSION } from "../../contract/codes.ts";
import { ERROR } from "../../contract/errors.ts";
import { type ScreenId, screenWithin } from "../../contract/screens.ts";
import { ApiError } from "../apiError.ts";
import { operatorActor } from "../audit/operatorActor.ts";
import { recordAudit } from "../audit/recordAudit.ts";
import { findDownloadLink } from "../jobs/downloadLinks.ts";
import { openDbFile, UPLOAD_DOWNLOAD_SCREENS } from "../uploads/uploadFileDownload.ts";
import type { ServiceDeps } from "./deps.ts";
import { EVENT_CSV_JOB } from "./eventExport/eventExportPayload.ts";
import { NEGATIVE_CSV_JOB } from "./lists/negativeExportPayload.ts";
import { permissionsFor, permits } from "./permissionService.ts";
import type { AuthContext } from "./sessionService.ts";

/**
 * The screen whose read permission a job's file needs, by job kind (with the screen its dialog opens
 * from): a link stays usable only while the operator's role may still open what made it. A kind without a screen is never served.
 */
const DOWNLOAD_SCREEN: Readonly<Record<string, ScreenId>> = {
  [EVENT_CSV_JOB]: "EventDialogCsvDownload",
  [NEGATIVE_CSV_JOB]: "NegativeList",
  ...UPLOAD_DOWNLOAD_SCREENS,
};

/** A token as randomSecret makes it: 32 bytes in base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A job's file as the download answers it. */
export interface DownloadFile {
  /** Opens the file's bytes: under DATA_DIR, or an upload's stored in the database. */
  open(): Readable;
  readonly size: number;
  readonly contentType: string;
  readonly fileName: string;
}

export interface DownloadLogger {
  warn(details: object, message: string): void;
}

export interface DownloadService {
  /**
   * The file behind a token for the signed-in operator: an unknown token, another tenant's or another
   * operator's link all refuse the same 963, so nothing tells them apart; then the job's screen must be
   * readable (else 962) and the link unexpired.
   */
  file(auth: AuthContext & { sourceIp: string }, token: string, log: DownloadLogger): Promise<DownloadFile>;
}

export function createDownloadService(deps: Pick<ServiceDeps, "db" | "config" | "now">): DownloadService {
  const { db, config, now } = deps;
  return {
    async file(auth, token, log) {
      const link = TOKEN_SHAPE.test(token) ? await findDownloadLink(db, token) : undefined;
      if (!link || link.company_id !== auth.companyId || link.operator_id !== auth.operatorId) {
        if (link)
          log.warn(
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
        log.warn(
          { companyId: auth.companyId, operatorId: auth.operatorId, screenId },
          "download not permitted",
        );
        throw new ApiError(ERROR.forbidden);
      }
      if (new Date(link.expires_at).getTime() <= now().getTime()) throw new ApiError(ERROR.downloadExpired);
      // Recorded once the file is the operator's to take, before its bytes go out.
      const actor = await operatorActor(db, auth);
      const after = { fileName: link.file_name };
      await recordAudit(db, { ...actor, at: now(), action: "download", target: `job:${link.job_id}`, after });
      const stored = await openDbFile(db, link.company_id, link.file_path);
      if (stored === "missing") throw new ApiError(ERROR.notFound);
      if (stored)
        return {
          open: () => stored.stream,
          size: stored.size,
          contentType: link.content_type,
          fileName: link.file_name,
        };
      const file = path.join(config.dataDir, link.file_path);
      const size = await stat(file).then(
        (info) => info.size,
        () => undefined,
      );
      if (size === undefined) throw new ApiError(ERROR.notFound);
      return {
        open: () => createReadStream(file),
        size,
        contentType: link.content_type,
        fileName: link.file_name,
      };
    },
  };
}
