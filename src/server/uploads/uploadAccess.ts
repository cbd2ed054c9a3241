import type { Kysely } from "kysely";
import { PERMISSION } from "../../contract/codes.ts";
import { ERROR } from "../../contract/errors.ts";
import { UPLOAD_SCREENS, type UploadFileType } from "../../contract/uploads.ts";
import { ApiError } from "../apiError.ts";
import type { Database } from "../db/schema.ts";
import { permissionsFor, permits } from "../services/permissionService.ts";
import type { AuthContext } from "../services/sessionService.ts";

/**
 * Refuses with 962 unless the role may upload each file type (write on its upload screen) or, for
 * "read", see its jobs and files (read on its history screen).
 */
export async function checkUploadAccess(
  db: Kysely<Database>,
  auth: AuthContext,
  fileTypes: readonly UploadFileType[],
  level: "read" | "write",
): Promise<void> {
  const screens = fileTypes.map((type) => UPLOAD_SCREENS[type][level === "write" ? "upload" : "history"]);
  const permissions = await permissionsFor(db, auth.companyId, auth.roleId, [...new Set(screens)]);
  if (screens.some((screen) => !permits(permissions.get(screen) ?? PERMISSION.none, level)))
    throw new ApiError(ERROR.forbidden);
}
