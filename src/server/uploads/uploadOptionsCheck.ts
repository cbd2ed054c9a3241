import type { Lang } from "../../contract/envelope.ts";
import { ERROR } from "../../contract/errors.ts";
import {
  type CsvUpdateOptions,
  csvUpdateChoosesSomething,
  UPLOAD_OPTIONS_SCHEMAS,
} from "../../contract/uploadOptions.ts";
import type { UploadFileType } from "../../contract/uploads.ts";
import { ApiError } from "../apiError.ts";

/**
 * The upload screen's options for a file type, checked before any of the file is read: refused field
 * by field (telegram.options.*) as any call's telegram; a type that takes none refuses any sent; a CSV
 * update choosing nothing answers 902 as the event detail's actions do. Answers them as stored in the
 * job (their defaults filled in), or undefined for a type without options.
 */
export function checkUploadOptions(lang: Lang, fileType: UploadFileType, options: unknown): unknown {
  const schema = UPLOAD_OPTIONS_SCHEMAS[fileType];
  if (!schema) {
    if (options !== undefined && Object.keys(options as object).length > 0)
      throw new ApiError(ERROR.unknownKey, [{ field: "telegram.options" }]);
    return undefined;
  }
  const parsed = schema.safeParse(options ?? {});
  if (!parsed.success) throw ApiError.fromZod(lang, parsed.error, "telegram.options");
  if (fileType === "CsvUpdate" && !csvUpdateChoosesSomething(parsed.data as CsvUpdateOptions))
    throw new ApiError(ERROR.noItemSelected);
  return parsed.data;
}
