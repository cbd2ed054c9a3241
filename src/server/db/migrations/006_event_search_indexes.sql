-- Event list search (issue 4, src/server/services/eventSearch/matchingEvents.ts): the first page of a
-- search is an index scan in list order (created_at desc, event_id desc) or a look-up by key, never a
-- sort of the tenant's events, and the total (exact up to 150,000) is counted from the indexes alone
-- where it can be. Already covered: event ID (primary key), shop event ID (events_shop_event_id),
-- labels (event_labels_label) and phones, IP, device IDs and card hash (event_link_keys, normalized).
-- Every index here is written by each screening, so there are only these; two replace older ones.

-- List order, now carrying what every search filters or reports on each row it walks (deleted flag,
-- model), so counting up to the cap and "select all" read the index only.
drop index events_created;
create index events_created on events (company_id, created_at desc, event_id desc)
  include (logically_deleted, model_id);

-- "The events that need a human": one automatic result, newest first, without walking the others.
create index events_aaresult_created on events (company_id, aaresult, created_at desc, event_id desc)
  include (logically_deleted, model_id);

-- An event by key with what a search checks on it: events found through a part table (rule code,
-- phone, member ID, label...) are counted and told apart by model from the index alone, not by
-- reading each event's row.
create unique index events_key_search on events (company_id, event_id) include (logically_deleted, model_id);

-- Rule code of the deciding (normal) release: the events firing it come from the index alone.
drop index event_fired_rules_code;
create index event_fired_rules_code on event_fired_rules (company_id, rule_code, release_kind, event_id);

-- Party identifiers (quick and detailed search).
create index event_parties_member on event_parties (company_id, shop_member_id);
create index event_parties_zipcode on event_parties (company_id, zipcode);
-- Domains are compared in lower case (normalizeDomain).
create index event_parties_mail_domain on event_parties (company_id, lower(mail_domain));

-- Device cookie (quick and detailed search) and order item ID (detailed search).
create index event_devices_cookie on event_devices (company_id, cookie);
create index event_items_shop_item on event_items (company_id, shop_item_id);
