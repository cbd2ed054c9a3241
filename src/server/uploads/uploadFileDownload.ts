import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { ScreenId } from "../../contract/screens.ts";
import { UPLOAD_FILE_TYPES, UPLOAD_SCREENS } from "../../contract/uploads.ts";
import type { Database } from "../db/schema.ts";
import { type FileRef, readFile, storedFileSize } from "./fileChunks.ts";
import { uploadJobKind } from "./uploadFileTypes.ts";

/**
 * Download links (jobs/downloadLinks.ts) name a file by a path under DATA_DIR; an upload's files live
 * in the database instead, named by this prefix (no file under DATA_DIR starts so: ":" is not in the
 * names the jobs write), so routes/download.ts serves both kinds through one link table.
 */
const DB_FILE_PREFIX = "db:upload/";

export const dbFilePath = (file: FileRef): string => `${DB_FILE_PREFIX}${file.fileId}/${file.part}`;

/** The screen a download of each upload job kind needs read permission on (its history screen). */
export const UPLOAD_DOWNLOAD_SCREENS: Readonly<Record<string, ScreenId>> = Object.fromEntries(
  UPLOAD_FILE_TYPES.map((type) => [uploadJobKind(type), UPLOAD_SCREENS[type].history]),
);

/**
 * The stored file a link's path names, as a stream and its size; undefined when the path is not an
 * upload's (a file under DATA_DIR) — or { missing } when it is but the file is gone.
 */
export async function openDbFile(
  db: Kysely<Database>,
  companyId: string,
  filePath: string,
): Promise<{ stream: Readable; size: number } | "missing" | undefined> {
  if (!filePath.startsWith(DB_FILE_PREFIX)) return undefined;
  const [fileId = "", part] = filePath.slice(DB_FILE_PREFIX.length).split("/");
  if (part !== "upload" && part !== "result") return "missing";
  const file: FileRef = { companyId, fileId, part };
  const size = await storedFileSize(db, file);
  if (size === undefined) return "missing";
  return { stream: Readable.from(readFile(db, file)), size };
}
