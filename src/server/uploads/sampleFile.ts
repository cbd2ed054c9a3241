import type { Kysely } from "kysely";
import { PERMISSION } from "../../contract/codes.ts";
import type { Lang } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import { messageText } from "../../contract/messages.ts";
import { UPLOAD_SCREENS, type UploadFileType } from "../../contract/uploads.ts";
import { ApiError } from "../apiError.ts";
import type { Database } from "../db/schema.ts";
import { permissionsFor, permits } from "../services/permissionService.ts";
import type { AuthContext } from "../services/sessionService.ts";
import { ROW_HANDLERS } from "./uploadFileTypes.ts";

/** The quoting csv-stringify would give a header cell: quotes around one with a comma, quote or line end. */
const cell = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * A file type's sample: its handler's columns as the header row, CRLF, with a BOM (U+FEFF, written as
 * the UTF-8 BOM), so Excel opens it as UTF-8. Needs read on the type's upload screen.
 */
export async function sampleFile(
  db: Kysely<Database>,
  auth: AuthContext,
  lang: Lang,
  fileType: UploadFileType,
): Promise<{ fileName: string; content: string }> {
  const screen = UPLOAD_SCREENS[fileType].upload;
  const permissions = await permissionsFor(db, auth.companyId, auth.roleId, [screen]);
  if (!permits(permissions.get(screen) ?? PERMISSION.none, "read")) throw new ApiError(ERROR.forbidden);
  const handler = ROW_HANDLERS.get(fileType);
  if (!handler)
    throw new ApiError(ERROR.validation, [
      { field: "telegram.fileType", message: messageText(lang, "validation.uploadFileType") },
    ]);
  return { fileName: `${fileType}_sample.csv`, content: `\ufeff${handler.columns.map(cell).join(",")}\r\n` };
}
