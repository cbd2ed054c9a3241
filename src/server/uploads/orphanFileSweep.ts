import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { uploadDb } from "./uploadTables.ts";

/** How long a stored file may wait for its job row: an upload in flight is never this old. */
const ORPHAN_AFTER_MS = 24 * 60 * 60_000;

/**
 * Deletes the pieces of files whose upload never became a job (the process died while the file
 * streamed in, or the job row's transaction failed); a refused upload deletes its own at once.
 */
export async function sweepOrphanUploadFiles(db: Kysely<Database>, now: Date): Promise<void> {
  await uploadDb(db)
    .deleteFrom("upload_file_chunks as c")
    .where("c.stored_at", "<", new Date(now.getTime() - ORPHAN_AFTER_MS))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("upload_jobs as u")
            .select("u.job_id")
            .whereRef("u.company_id", "=", "c.company_id")
            .whereRef("u.file_id", "=", "c.file_id"),
        ),
      ),
    )
    .execute();
}
