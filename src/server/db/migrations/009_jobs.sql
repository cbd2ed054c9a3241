-- Background jobs (issue 4: event CSV output; later CSV screening, update and negative uploads) and
-- the short-lived download links of the files they write. Every key starts with company_id.

-- One row per job. A worker claims a queued job (or a running one whose heartbeat stopped, i.e. its
-- process died) with FOR UPDATE SKIP LOCKED, so several servers sharing a database never run a job twice.
create table jobs (
  company_id text not null references companies (company_id) on delete cascade,
  job_id text not null,
  kind text not null,
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  payload jsonb not null,
  operator_id integer not null,
  created_at timestamptz not null,
  started_at timestamptz,
  finished_at timestamptz,
  -- Refreshed while a worker runs the job; a stale one means the worker is gone.
  heartbeat_at timestamptz,
  attempts integer not null default 0,
  error text,
  result jsonb,
  primary key (company_id, job_id)
);
-- The claim: oldest queued first, and running jobs by heartbeat (crash recovery).
create index jobs_claim on jobs (state, created_at) where state in ('queued', 'running');
create index jobs_operator on jobs (company_id, operator_id, created_at desc);

-- A download link: only the SHA-256 of its random token is stored. The file lives under DATA_DIR.
create table downloads (
  token_hash text primary key,
  company_id text not null,
  operator_id integer not null,
  job_id text not null,
  -- Path relative to DATA_DIR, and the name the browser saves it as.
  file_path text not null,
  file_name text not null,
  -- Sent as Content-Type (the file's encoding differs by request: UTF-8 or Shift_JIS).
  content_type text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  foreign key (company_id, job_id) references jobs (company_id, job_id) on delete cascade
);
create index downloads_job on downloads (company_id, job_id);
create index downloads_expiry on downloads (expires_at);
