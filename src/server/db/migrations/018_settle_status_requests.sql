-- A settle status request is applied once (docs/api.md): the signature of each one applied is kept
-- for as long as the replay window would accept the request, with the answer it got. A byte-identical
-- repeat (a shop's retry, or a captured request sent again) gets that answer and changes nothing, so
-- it cannot undo a later status. Rows past valid_until are removed by the next request of the tenant.
create table settle_status_requests (
  company_id text not null,
  signature text not null,
  valid_until timestamptz not null,
  answer json not null,
  primary key (company_id, signature)
);

-- A tenant table like every other (migration 013).
alter table settle_status_requests enable row level security;
create policy tenant_isolation on settle_status_requests using (company_id = current_setting('console.company_id', true)) with check (company_id = current_setting('console.company_id', true));
