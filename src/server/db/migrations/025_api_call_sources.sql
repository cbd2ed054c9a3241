-- Screening API calls per company, day and source address (issue 41): what the allowed IP screen's
-- preview counts for the API list. Written in batches by each server process (apiCallCounter.ts).
create table api_call_sources (
  company_id text not null references companies (company_id) on delete cascade,
  day date not null,
  source_ip text not null,
  calls bigint not null default 0,
  primary key (company_id, day, source_ip)
);
create index api_call_sources_day on api_call_sources (day);

alter table api_call_sources enable row level security;
create policy tenant_isolation on api_call_sources using (company_id = current_setting('console.company_id', true)) with check (company_id = current_setting('console.company_id', true));
