import { z } from "zod";
import { defineCall } from "./call.ts";
import { UPLOAD_FILE_TYPES } from "./uploads.ts";

/**
 * A file type's sample file (issue 39): the header row of its columns, UTF-8 with a BOM, for the upload
 * screen's sample-file link. Read on the type's upload screen is needed (962 otherwise); a type the
 * pipeline does not take yet is refused as its upload would be.
 */
export const uploadSample = defineCall({
  name: "uploadSample",
  method: "POST",
  path: "/api/v3/screen/upload/sample",
  access: { kind: "session" },
  request: z.object({ fileType: z.enum(UPLOAD_FILE_TYPES) }).strict(),
  response: z.object({ fileName: z.string(), content: z.string() }),
});
