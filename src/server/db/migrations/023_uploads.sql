-- CSV uploads (issue 39): one pipeline for every file type. The job itself is a row of jobs (009),
-- claimed by the job worker; upload_jobs holds what an upload adds (file, encoding, counts and the
-- checkpoint), upload_file_chunks the uploaded and result files in the database (every server and
-- worker process reads them, nothing depends on one machine's disk), upload_row_results every row's
-- outcome. Every key starts with company_id; row-level security as migration 013 sets it up.

create table upload_jobs (
  company_id text not null,
  job_id text not null,
  file_type text not null check (file_type in ('CsvKeyword', 'CsvNegativeEvent', 'CsvNegativeItem', 'CsvAuthori', 'CsvUpdate')),
  operator_id integer not null,
  -- The file's pieces in upload_file_chunks (stored before the job row exists).
  file_id text not null,
  file_name text not null,
  byte_size bigint not null,
  encoding text not null check (encoding in ('utf8bom', 'utf8', 'cp932')),
  -- The uploader's language: row messages, the result file's header and a failure's text.
  lang text not null check (lang in ('ja', 'en')),
  -- Data rows (the header not counted), known once the job has read the file through.
  total_rows integer,
  -- The last data row whose effects committed (with the counts, in the same transaction).
  checkpoint_row integer not null default 0,
  applied_rows integer not null default 0,
  refused_rows integer not null default 0,
  result_ready boolean not null default false,
  created_at timestamptz not null,
  completed_at timestamptz,
  primary key (company_id, job_id),
  foreign key (company_id, job_id) references jobs (company_id, job_id) on delete cascade
);
create index upload_jobs_history on upload_jobs (company_id, file_type, created_at desc);
create index upload_jobs_file on upload_jobs (company_id, file_id);

-- A file in pieces of at most 1 MiB, read back in seq order; part 'upload' or 'result'. A file is
-- stored before its job exists (the upload streams in), so an orphan is swept by stored_at
-- (uploads/orphanFileSweep.ts).
create table upload_file_chunks (
  company_id text not null,
  file_id text not null,
  part text not null check (part in ('upload', 'result')),
  seq integer not null,
  data bytea not null,
  stored_at timestamptz not null,
  primary key (company_id, file_id, part, seq)
);

-- Every data row's outcome: applied, or refused with its message (field, row and column named).
create table upload_row_results (
  company_id text not null,
  job_id text not null,
  row_no integer not null,
  applied boolean not null,
  message text not null,
  primary key (company_id, job_id, row_no),
  foreign key (company_id, job_id) references upload_jobs (company_id, job_id) on delete cascade
);

-- Tenant tables like every other (migration 013).
alter table upload_jobs enable row level security;
create policy tenant_isolation on upload_jobs using (company_id = current_setting('console.company_id', true)) with check (company_id = current_setting('console.company_id', true));
alter table upload_file_chunks enable row level security;
create policy tenant_isolation on upload_file_chunks using (company_id = current_setting('console.company_id', true)) with check (company_id = current_setting('console.company_id', true));
alter table upload_row_results enable row level security;
create policy tenant_isolation on upload_row_results using (company_id = current_setting('console.company_id', true)) with check (company_id = current_setting('console.company_id', true));
