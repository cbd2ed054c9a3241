-- Negative list screens (issue 40): an entry may carry an expiry (valid until, shown in Japan time)
-- and a note. The engine ignores an expired entry: its match keys carry the same expiry, kept in
-- step by the one write path (src/server/lists/negativeLookup.ts syncNegativeKeys), so a hit stays
-- one primary-key probe of negative_keys without a join.
alter table negatives add column valid_until timestamptz;
alter table negatives add column note text;
alter table negative_keys add column valid_until timestamptz;
create index negatives_valid_until on negatives (company_id, valid_until, negative_id) where valid_until is not null;
