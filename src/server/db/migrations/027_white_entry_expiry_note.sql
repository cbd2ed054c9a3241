-- White entries (issue 40 part 9): an optional expiry (valid until, the end of a JST day, stored as
-- the instant it ends) and a note. The engine ignores an entry whose expiry has passed; the list
-- filters by "expires within 7 days", which the index keeps cheap.
alter table white_entries add column valid_until timestamptz;
alter table white_entries add column note text not null default '';
create index white_entries_valid_until on white_entries (company_id, valid_until) where valid_until is not null;

-- Keyword matching in memory (issue 40 part 9): the engine keeps each tenant's keywords indexed in
-- memory and rebuilds them when this version moves; every keyword write of src/server/lists bumps
-- it in the write's transaction, so every server process sees the change at its next screening.
create table keyword_list_versions (
  company_id text primary key references companies (company_id) on delete cascade,
  version bigint not null
);
insert into keyword_list_versions (company_id, version) select company_id, 1 from companies;
alter table keyword_list_versions enable row level security;
create policy tenant_isolation on keyword_list_versions using (company_id = current_setting('console.company_id', true)) with check (company_id = current_setting('console.company_id', true));
