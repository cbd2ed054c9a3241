import { rm } from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { DOWNLOAD_PATH_PREFIX } from "../../contract/eventExport.ts";
import type { Database } from "../db/schema.ts";
import { randomSecret, sha256 } from "../services/secrets.ts";

export interface NewDownloadLink {
  companyId: string;
  operatorId: number;
  jobId: string;
  /** Relative to DATA_DIR. */
  filePath: string;
  fileName: string;
  contentType: string;
  now: Date;
  expiresAt: Date;
}

/**
 * A download link of a job's file: a random token (256 bits) of which only the SHA-256 is stored,
 * bound to the tenant and the operator; answers the token, which appears only in the URL.
 */
export async function createDownloadLink(db: Kysely<Database>, link: NewDownloadLink): Promise<string> {
  const token = randomSecret();
  await db
    .insertInto("downloads")
    .values({
      token_hash: sha256(token),
      company_id: link.companyId,
      operator_id: link.operatorId,
      job_id: link.jobId,
      file_path: link.filePath,
      file_name: link.fileName,
      content_type: link.contentType,
      created_at: link.now,
      expires_at: link.expiresAt,
    })
    .execute();
  return token;
}

/** The relative URL of a download token. */
export const downloadPath = (token: string): string => `${DOWNLOAD_PATH_PREFIX}${token}`;

/** The stored link of a token, whoever asks; the caller checks tenant, operator and expiry. */
export async function findDownloadLink(db: Kysely<Database>, token: string) {
  return db.selectFrom("downloads").selectAll().where("token_hash", "=", sha256(token)).executeTakeFirst();
}

/**
 * Deletes the links expired before `now` and, once no live link names it, the file (the file's
 * retention is its links' lifetime).
 */
export async function sweepExpiredDownloads(db: Kysely<Database>, dataDir: string, now: Date): Promise<void> {
  const expired = await db
    .deleteFrom("downloads")
    .where("expires_at", "<", now)
    .returning(["file_path"])
    .execute();
  const files = [...new Set(expired.map((row) => row.file_path))];
  for (const file of files) {
    const live = await db
      .selectFrom("downloads")
      .select("token_hash")
      .where("file_path", "=", file)
      .limit(1)
      .executeTakeFirst();
    if (!live) await rm(path.join(dataDir, file), { force: true });
  }
}
