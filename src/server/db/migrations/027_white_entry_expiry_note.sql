-- White entries (issue 40 part 9): an optional expiry (valid until, the end of a JST day, stored as
-- the instant it ends) and a note. The engine ignores an entry whose expiry has passed; the list
-- filters by "expires within 7 days", which the index keeps cheap.
alter table white_entries add column valid_until timestamptz;
alter table white_entries add column note text not null default '';
create index white_entries_valid_until on white_entries (company_id, valid_until) where valid_until is not null;
