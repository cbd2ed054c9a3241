import type { Generated, Kysely } from "kysely";
import type { UploadEncoding, UploadFileType } from "../../contract/uploads.ts";
import type { Database } from "../db/schema.ts";

/** The tables of migration 023 (CSV uploads). */
export type UploadTables = {
  upload_jobs: {
    company_id: string;
    job_id: string;
    file_type: UploadFileType;
    operator_id: number;
    file_id: string;
    file_name: string;
    byte_size: number | string;
    encoding: UploadEncoding;
    lang: "ja" | "en";
    total_rows: number | null;
    checkpoint_row: Generated<number>;
    applied_rows: Generated<number>;
    refused_rows: Generated<number>;
    result_ready: Generated<boolean>;
    created_at: Date;
    completed_at: Date | null;
  };
  upload_file_chunks: {
    company_id: string;
    file_id: string;
    part: FilePart;
    seq: number;
    data: Uint8Array;
    stored_at: Date;
  };
  upload_row_results: {
    company_id: string;
    job_id: string;
    row_no: number;
    applied: boolean;
    message: string;
  };
};

/** Which of an upload's two files: the one uploaded, or the result file the job writes. */
export type FilePart = "upload" | "result";

export type UploadDatabase = Database & UploadTables;

/** The database with the upload tables known to the query builder (the same connection). */
export const uploadDb = (db: Kysely<Database>): Kysely<UploadDatabase> => db.withTables<UploadTables>();
