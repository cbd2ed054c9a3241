import type { Lang } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import {
  type CsvUpdateOptions,
  csvUpdateChoosesNothing,
  UPLOAD_OPTIONS_SCHEMAS,
} from "../../contract/uploadOptions.ts";
import type { UploadFileType } from "../../contract/uploads.ts";
import { ApiError } from "../apiError.ts";

/**
 * The options sent with an upload, checked against its file type's schema before a byte of the file
 * is read: a refusal names the option's field (telegram.options.<name>); a CSV update by event or
 * merchant management ID that changes nothing is refused with 902.
 */
export function uploadOptions(
  lang: Lang,
  fileType: UploadFileType,
  sent: Readonly<Record<string, unknown>> | undefined,
): Readonly<Record<string, unknown>> {
  const parsed = UPLOAD_OPTIONS_SCHEMAS[fileType].safeParse(sent ?? {});
  if (!parsed.success) throw ApiError.fromZod(lang, parsed.error, "telegram.options");
  const options = parsed.data as Record<string, unknown>;
  if (fileType === "CsvUpdate" && csvUpdateChoosesNothing(options as CsvUpdateOptions))
    throw new ApiError(ERROR.noItemSelected);
  return options;
}
